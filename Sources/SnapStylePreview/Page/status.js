// The error banner, the notice, the connection status and the footer.

import {h, $} from './dom.js';
import {activeSchemes, contextParams, themeInfo, ui} from './state.js';

// Shows the banner as a theme list says, unless an event about the theme came after the list was asked for.
export function syncBanner(info) {
    if (ui.bannerEventAt > ui.themesAskedAt) return;
    if (info && info.errors?.length) showBanner(info.name, info.errors);
    else hideBanner();
}

function errorLine(error) {
    return `${error.file}:${error.line}:${error.column}: ${error.message}`;
}

// The banner of a theme's errors, one `path:line:column: message` a line.
export function showBanner(theme, errors) {
    const banner = $('#banner');
    banner.dataset.title = themeInfo(theme)?.generation
        ? `Theme “${theme}” has errors: showing its last good values.`
        : `Theme “${theme}” has errors and has never loaded.`;
    banner.replaceChildren(...errors.map((error) => h('li', {text: errorLine(error)})));
    banner.hidden = false;
}

export function hideBanner() {
    const banner = $('#banner');
    banner.hidden = true;
    banner.replaceChildren();
}

export function showNotice(text) {
    const notice = $('#notice');
    notice.textContent = text;
    notice.hidden = false;
}

export function hideNotice() {
    $('#notice').hidden = true;
}

// The connection status in the footer: connecting, live or reconnecting.
export function setConnection(state) {
    ui.connection = state;
    const status = $('#status');
    status.dataset.state = state;
    status.textContent = state === 'live' ? 'live' : state === 'reconnecting' ? 'reconnecting…' : 'connecting…';
}

// The footer: the theme's format and parent, its export links in the context shown, import warnings.
export function renderFooterInfo() {
    const info = themeInfo();
    const parts = [];
    if (info) {
        parts.push(info.format === 'dtcg' ? `DTCG · ${info.tokens ?? 0} tokens` : 'native');
        if (info.extends) parts.push(`extends ${info.extends}`);
    }
    const links = info ? ['css', 'json', 'tokens.json'].map((format) => {
        const params = contextParams(activeSchemes()[0]);
        params.delete('theme');
        return h('a', {href: `/theme/${encodeURIComponent(info.name)}.${format}?${params}`, target: '_blank',
            rel: 'noopener', text: format === 'tokens.json' ? 'DTCG' : format.toUpperCase()});
    }) : [];
    $('#theme-info').replaceChildren(parts.join(' · '), links.length ? h('span', {class: 'exports'},
        ['export ', ...links.flatMap((link, i) => (i ? [' ', link] : [link]))]) : null);
    const warnings = info?.warnings ?? [];
    const details = $('#warnings');
    details.hidden = warnings.length === 0;
    $('summary', details).textContent = `${warnings.length} ${warnings.length === 1 ? 'warning' : 'warnings'} ` +
        'while importing design tokens';
    $('ul', details).replaceChildren(...warnings.map((warning) => h('li', {text: errorLine(warning)})));
}
