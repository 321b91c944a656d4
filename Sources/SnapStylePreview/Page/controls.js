// The context bar: the theme, scheme, contrast, Dynamic Type, platform, modifier menus and the stack.

import {DYNAMIC_TYPES} from './constants.js';
import {hashText, pickFromValue, pickValue, readHash} from './context.js';
import {h, $, $$} from './dom.js';
import {same} from './format.js';
import {applyFilter} from './search.js';
import {store, themeInfo, writeHash} from './state.js';
import {watch} from './store.js';

// The theme menu with each theme's state, and the state dot.
function renderThemeControls() {
    const {themes, ctx} = store.state;
    const select = $('#theme');
    const names = themes.map((theme) => theme.name);
    if (ctx.theme && !names.includes(ctx.theme)) names.push(ctx.theme);
    const options = names.map((name) => {
        const info = themeInfo(name);
        const suffix = !info ? ' (removed)' : info.state === 'error' ? ' (errors)' : info.format === 'dtcg'
            ? ' · DTCG' : '';
        return h('option', {value: name, text: `${name}${suffix}`});
    });
    if (!same($$('option', select).map((o) => o.textContent), options.map((o) => o.textContent))) {
        select.replaceChildren(...options);
    }
    select.value = ctx.theme;
    const state = themeInfo()?.state ?? 'removed';
    const dot = $('#theme-state');
    if (dot.dataset.state === state) return;
    dot.dataset.state = state;
    dot.setAttribute('aria-label', `theme ${state}`);
    dot.title = `Theme ${state}`;
}

/** The page's own look follows the chosen scheme; with both side by side, the system's appearance. */
function applyChrome() {
    const system = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    const {scheme} = store.state.ctx;
    const chrome = scheme === 'both' ? system : scheme;
    if (document.documentElement.dataset.chrome !== chrome) document.documentElement.dataset.chrome = chrome;
}

// The bar's controls from the context, with one menu per DTCG modifier of the theme.
function renderContextControls() {
    const {ctx} = store.state;
    applyChrome();
    $('#scheme').value = ctx.scheme;
    $('#contrast').value = ctx.contrast;
    if (!dynamicTypeTimer) {
        $('#dynamic-type').value = String(ctx.dt);
        renderDynamicTypeName(ctx.dt);
    }
    $('#platform').value = ctx.platform;
    renderStack();
    const modifiers = themeInfo()?.modifiers ?? [];
    const group = $('#modifiers');
    group.hidden = modifiers.length === 0;
    const signature = JSON.stringify(modifiers.map((m) => [m.name, m.contexts, m.default]));
    if (group.dataset.signature !== signature) {
        group.dataset.signature = signature;
        group.replaceChildren(...modifiers.map((modifier) => {
            const id = `modifier-${modifier.name.replace(/[^A-Za-z0-9_-]/g, '_')}`;
            const auto = modifier.mappedTo ? 'auto (mapped)' : modifier.default ? `auto (${modifier.default})` : 'auto';
            return h('div', {class: 'control'}, [
                h('label', {for: id, text: modifier.name}),
                h('select', {id, dataset: {modifier: modifier.name}}, [
                    h('option', {value: '', text: auto}),
                    ...(modifier.contexts ?? []).map((name) => h('option', {value: name, text: name})),
                ]),
            ]);
        }));
    }
    for (const select of $$('select[data-modifier]', group)) {
        select.value = ctx.modifiers[select.dataset.modifier] ?? '';
    }
}

function renderDynamicTypeName(dt) {
    const name = DYNAMIC_TYPES[dt];
    if ($('#dynamic-type-name').textContent === name) return;
    $('#dynamic-type-name').textContent = name;
    $('#dynamic-type').setAttribute('aria-valuetext', name);
}

// The components and containers the stack menu offers.
function renderStackOptions({keys}) {
    const select = $('#stack-component');
    const components = keys?.components ?? [];
    const containers = keys?.containers ?? [];
    const values = ['', ...components, ...containers.map((id) => pickValue({kind: 'container', id}))];
    if (!same($$('option', select).map((o) => o.value), values)) {
        select.replaceChildren(h('option', {value: '', text: 'no component'}),
            ...components.map((id) => h('option', {value: id, text: id})),
            ...(containers.length ? [h('optgroup', {label: 'Containers'}, containers.map((id) =>
                h('option', {value: pickValue({kind: 'container', id}), text: `${id} (container)`})))] : []));
    }
    renderStack();
}

function stackEntryLabel(entry) {
    return `${entry.id} · ${entry.state}`;
}

function renderStack() {
    const {ctx} = store.state;
    const picked = Boolean(ctx.pick);
    $('#stack-component').value = pickValue(ctx.pick);
    $('#stack-state').value = ctx.state;
    $('#stack-state').disabled = !picked;
    $('#stack-push').disabled = !picked;
    $('#stack-clear').disabled = !picked && ctx.stack.length === 0;
    $('.control-stack').classList.toggle('is-active', picked);
    const list = $('#stack');
    list.hidden = ctx.stack.length === 0;
    const signature = JSON.stringify(ctx.stack);
    if (list.dataset.signature === signature) return;
    list.dataset.signature = signature;
    list.replaceChildren(...ctx.stack.map((entry) => h('li', {
        class: 'stack-entry', dataset: {kind: entry.kind, id: entry.id, state: entry.state},
        title: `${entry.kind} ${entry.id}, ${entry.state}`,
    }, [
        h('span', {class: 'stack-label', text: stackEntryLabel(entry)}),
        h('button', {type: 'button', class: 'stack-remove', text: '✕',
            'aria-label': `Remove ${entry.kind} ${stackEntryLabel(entry)} from the stack`}),
    ])));
}

let dynamicTypeTimer = 0;

// Each control dispatches its action: the loader loads again when what the page resolves changed, and the views
// (the bar, the footer, the URL's fragment) follow the state.
export function wireControls() {
    watch(store, (state) => [state.themes, state.ctx.theme], renderThemeControls);
    watch(store, (state) => [state.ctx, state.themes], renderContextControls);
    watch(store, (state) => [state.keys, state.ctx], renderStackOptions);
    const dispatch = (name, payload) => store.dispatch(name, payload);
    $('#controls').addEventListener('submit', (event) => event.preventDefault());
    $('#inherited').addEventListener('change', (event) => dispatch('inheritedToggled', event.target.checked));
    $('#theme').addEventListener('change', (event) => dispatch('themeChosen', event.target.value));
    $('#scheme').addEventListener('change', (event) => dispatch('schemeChosen', event.target.value));
    window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', applyChrome);
    $('#contrast').addEventListener('change', (event) => dispatch('contrastChosen', event.target.value));
    $('#platform').addEventListener('change', (event) => dispatch('platformChosen', event.target.value));
    // The slider names each category as it moves, and chooses one when it rests for a moment or is let go.
    const range = $('#dynamic-type');
    const readRange = () => Math.min(11, Math.max(0, Math.round(Number(range.value)) || 0));
    const choose = () => {
        clearTimeout(dynamicTypeTimer);
        dynamicTypeTimer = 0;
        const before = store.state;
        if (store.dispatch('dynamicTypeChosen', readRange()) === before && !before.loading) {
            document.body.dataset.ready = 'true';
        }
    };
    range.addEventListener('input', () => {
        renderDynamicTypeName(readRange());
        if (readRange() === store.state.ctx.dt && !dynamicTypeTimer) return;
        document.body.dataset.ready = 'false';
        clearTimeout(dynamicTypeTimer);
        dynamicTypeTimer = setTimeout(choose, 160);
    });
    range.addEventListener('change', choose);
    $('#modifiers').addEventListener('change', (event) => {
        const name = event.target.dataset?.modifier;
        if (name) dispatch('modifierChosen', {name, value: event.target.value});
    });
    $('#stack-component').addEventListener('change', (event) => dispatch('stackPicked',
        pickFromValue(event.target.value)));
    $('#stack-state').addEventListener('change', (event) => dispatch('stackStateChosen', event.target.value));
    // The stack stays the same: the choice becomes an entry, and the next choice goes inside it.
    $('#stack-push').addEventListener('click', () => {
        if (!store.state.ctx.pick) return;
        dispatch('stackPushed');
        $('#stack-component').focus();
    });
    $('#stack').addEventListener('click', (event) => {
        const entry = event.target.closest('.stack-remove')?.closest('.stack-entry');
        if (!entry) return;
        const index = $$('.stack-entry', $('#stack')).indexOf(entry);
        dispatch('stackEntryRemoved', index);
        const buttons = $$('.stack-remove', $('#stack'));
        (buttons[Math.min(index, buttons.length - 1)] ?? $('#stack-component')).focus();
    });
    $('#stack-clear').addEventListener('click', () => {
        dispatch('stackCleared');
        $('#stack-component').focus();
    });
    $('#search').addEventListener('input', applyFilter);
    $('#search').addEventListener('search', applyFilter);
    window.addEventListener('hashchange', () => {
        const hash = location.hash.slice(1);
        if (!hash.includes('=')) {
            const target = document.getElementById(decodeURIComponent(hash));
            writeHash();
            target?.scrollIntoView();
            return;
        }
        if (hash !== hashText(store.state.ctx)) dispatch('contextReplaced', readHash(hash));
    });
}
