// The error banner, the notice, the connection status and the footer, each drawn from the store when its part of
// the state changes.

import {h, $} from './dom.js';
import {bannerErrors, bannerHeading, errorLine} from './error-list.js';
import {activeSchemes, contextParams, store, themeInfo} from './state.js';
import {watch} from './store.js';

// The banner of a theme's errors: each `path:line:column: message` once, the first 20, and the count. An imported
// theme that serves without its tokens in error has it as a warning (`data-kind="left-out"`): the page shows the
// rest of the theme under it.
function renderBanner({banner}) {
    const node = $('#banner');
    if (!banner) {
        if (node.hidden && !node.firstChild) return;
        node.hidden = true;
        node.replaceChildren();
        delete node.dataset.count;
        delete node.dataset.kind;
        return;
    }
    const {lines, total, more} = bannerErrors(banner.errors, banner.errorCount);
    const {kind, title} = bannerHeading(banner.theme, themeInfo(banner.theme), total);
    node.dataset.title = title;
    node.dataset.kind = kind;
    node.setAttribute('role', kind === 'error' ? 'alert' : 'status');
    node.dataset.count = String(total);
    const items = lines.map((line) => h('li', {text: line}));
    if (more) {
        items.push(h('li', {class: 'banner-more', text: `and ${more} more (snapstyle check ${banner.theme} lists ` +
            'every one)'}));
    }
    node.replaceChildren(...items);
    node.hidden = false;
}

function renderNotice({notice}) {
    const node = $('#notice');
    node.textContent = notice ?? '';
    node.hidden = notice === null;
}

const CONNECTION_TEXT = {live: 'live', reconnecting: 'reconnecting…', connecting: 'connecting…'};

// The connection status in the footer: connecting, live or reconnecting.
function renderConnection({connection}) {
    const status = $('#status');
    status.dataset.state = connection;
    status.textContent = CONNECTION_TEXT[connection] ?? connection;
}

// The generation shown (the footer, and `body[data-generation]` for tests).
function renderGeneration({generation}) {
    document.body.dataset.generation = String(generation);
    $('#generation').textContent = generation ? String(generation) : '–';
}

// The footer: the theme's format and parent, its export links in the context shown, import warnings.
function renderFooterInfo() {
    const info = themeInfo();
    const parts = [];
    if (info) {
        parts.push(info.format === 'dtcg' ? `DTCG · ${info.tokens ?? 0} tokens` : 'native');
        if (info.extends) parts.push(`extends ${info.extends}`);
    }
    const links = info ? ['css', 'json', 'tokens.json'].map((format) => {
        const params = contextParams(activeSchemes()[0]);
        params.delete('theme');
        if (store.state.showInherited) params.set('inherited', 'true');
        return h('a', {href: `/theme/${encodeURIComponent(info.name)}.${format}?${params}`, target: '_blank',
            rel: 'noopener', text: format === 'tokens.json' ? 'DTCG' : format.toUpperCase()});
    }) : [];
    const warnings = info?.warnings ?? [];
    // The footer is drawn again only when it says something else (each live update brings a new theme list).
    const signature = JSON.stringify([parts, links.map((link) => link.href), warnings.map(errorLine)]);
    if ($('#theme-info').dataset.signature === signature) return;
    $('#theme-info').dataset.signature = signature;
    $('#theme-info').replaceChildren(parts.join(' · '), links.length ? h('span', {class: 'exports'},
        ['export ', ...links.flatMap((link, i) => (i ? [' ', link] : [link]))]) : null);
    const details = $('#warnings');
    details.hidden = warnings.length === 0;
    $('summary', details).textContent = `${warnings.length} ${warnings.length === 1 ? 'warning' : 'warnings'} ` +
        'while importing design tokens';
    $('ul', details).replaceChildren(...warnings.map((warning) => h('li', {text: errorLine(warning)})));
}

// Each part follows its slice of the state.
export function wireStatus() {
    watch(store, (state) => [state.banner, state.themes], renderBanner);
    watch(store, (state) => state.notice, renderNotice);
    watch(store, (state) => state.connection, renderConnection);
    watch(store, (state) => state.generation, renderGeneration);
    watch(store, (state) => [state.themes, state.ctx, state.showInherited], renderFooterInfo);
}
