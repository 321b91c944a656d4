// The context bar: the theme, scheme, contrast, Dynamic Type, platform, modifier menus and the stack.

import {DYNAMIC_TYPES, STATES} from './constants.js';
import {hashText, pickFromValue, pickValue, readHash} from './context.js';
import {h, $, $$} from './dom.js';
import {same} from './format.js';
import {requestFullLoad} from './full-load.js';
import {applyFilter} from './search.js';
import {renderAll} from './sections.js';
import {currentStack, themeInfo, ui, writeHash} from './state.js';

// The theme menu with each theme's state, and the state dot.
export function renderThemeControls() {
    const select = $('#theme');
    const names = ui.themes.map((theme) => theme.name);
    if (ui.ctx.theme && !names.includes(ui.ctx.theme)) names.push(ui.ctx.theme);
    const options = names.map((name) => {
        const info = themeInfo(name);
        const suffix = !info ? ' (removed)' : info.state === 'error' ? ' (errors)' : info.format === 'dtcg'
            ? ' · DTCG' : '';
        return h('option', {value: name, text: `${name}${suffix}`});
    });
    if (!same($$('option', select).map((o) => o.textContent), options.map((o) => o.textContent))) {
        select.replaceChildren(...options);
    }
    select.value = ui.ctx.theme;
    const state = themeInfo()?.state ?? 'removed';
    const dot = $('#theme-state');
    dot.dataset.state = state;
    dot.setAttribute('aria-label', `theme ${state}`);
    dot.title = `Theme ${state}`;
}

/** The page's own look follows the chosen scheme; with both side by side, the system's appearance. */
function applyChrome() {
    const system = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    document.documentElement.dataset.chrome = ui.ctx.scheme === 'both' ? system : ui.ctx.scheme;
}

// The bar's controls from the context, with one menu per DTCG modifier of the theme.
export function renderContextControls() {
    applyChrome();
    $('#scheme').value = ui.ctx.scheme;
    $('#contrast').value = ui.ctx.contrast;
    $('#dynamic-type').value = String(ui.ctx.dt);
    renderDynamicTypeName();
    $('#platform').value = ui.ctx.platform;
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
        select.value = ui.ctx.modifiers[select.dataset.modifier] ?? '';
    }
}

function renderDynamicTypeName() {
    const name = DYNAMIC_TYPES[ui.ctx.dt];
    $('#dynamic-type-name').textContent = name;
    $('#dynamic-type').setAttribute('aria-valuetext', name);
}

// The components and containers the stack menu offers.
export function renderStackOptions(keys = null) {
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
    const picked = Boolean(ui.ctx.pick);
    $('#stack-component').value = pickValue(ui.ctx.pick);
    $('#stack-state').value = ui.ctx.state;
    $('#stack-state').disabled = !picked;
    $('#stack-push').disabled = !picked;
    $('#stack-clear').disabled = !picked && ui.ctx.stack.length === 0;
    $('.control-stack').classList.toggle('is-active', picked);
    const list = $('#stack');
    list.hidden = ui.ctx.stack.length === 0;
    const signature = JSON.stringify(ui.ctx.stack);
    if (list.dataset.signature === signature) return;
    list.dataset.signature = signature;
    list.replaceChildren(...ui.ctx.stack.map((entry) => h('li', {
        class: 'stack-entry', dataset: {kind: entry.kind, id: entry.id, state: entry.state},
        title: `${entry.kind} ${entry.id}, ${entry.state}`,
    }, [
        h('span', {class: 'stack-label', text: stackEntryLabel(entry)}),
        h('button', {type: 'button', class: 'stack-remove', text: '✕',
            'aria-label': `Remove ${entry.kind} ${stackEntryLabel(entry)} from the stack`}),
    ])));
}

let dynamicTypeTimer = 0;

function contextChanged() {
    clearTimeout(dynamicTypeTimer);
    dynamicTypeTimer = 0;
    writeHash();
    requestFullLoad();
}

// Each control changes the context, which rewrites the URL's fragment and loads again.
export function wireControls() {
    $('#controls').addEventListener('submit', (event) => event.preventDefault());
    $('#inherited').addEventListener('change', (event) => {
        ui.showInherited = event.target.checked;
        renderAll();
        applyFilter();
    });
    $('#theme').addEventListener('change', (event) => {
        ui.ctx.theme = event.target.value;
        contextChanged();
    });
    $('#scheme').addEventListener('change', (event) => {
        ui.ctx.scheme = event.target.value;
        applyChrome();
        contextChanged();
    });
    window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', applyChrome);
    $('#contrast').addEventListener('change', (event) => {
        ui.ctx.contrast = event.target.value;
        contextChanged();
    });
    $('#platform').addEventListener('change', (event) => {
        ui.ctx.platform = event.target.value;
        contextChanged();
    });
    const range = $('#dynamic-type');
    const readRange = () => {
        const value = Math.min(11, Math.max(0, Math.round(Number(range.value)) || 0));
        const changed = value !== ui.ctx.dt;
        ui.ctx.dt = value;
        renderDynamicTypeName();
        return changed;
    };
    range.addEventListener('input', () => {
        if (!readRange() && !dynamicTypeTimer) return;
        document.body.dataset.ready = 'false';
        clearTimeout(dynamicTypeTimer);
        dynamicTypeTimer = setTimeout(contextChanged, 160);
    });
    range.addEventListener('change', () => {
        if (readRange() || dynamicTypeTimer) contextChanged();
    });
    $('#modifiers').addEventListener('change', (event) => {
        const name = event.target.dataset?.modifier;
        if (!name) return;
        if (event.target.value) ui.ctx.modifiers[name] = event.target.value;
        else delete ui.ctx.modifiers[name];
        contextChanged();
    });
    $('#stack-component').addEventListener('change', (event) => {
        ui.ctx.pick = pickFromValue(event.target.value);
        renderStack();
        contextChanged();
    });
    $('#stack-state').addEventListener('change', (event) => {
        ui.ctx.state = STATES.includes(event.target.value) ? event.target.value : 'normal';
        if (ui.ctx.pick) contextChanged();
        else writeHash();
    });
    // The stack stays the same: the choice becomes an entry, and the next choice goes inside it.
    $('#stack-push').addEventListener('click', () => {
        if (!ui.ctx.pick) return;
        ui.ctx.stack = currentStack();
        ui.ctx.pick = null;
        ui.ctx.state = 'normal';
        renderStack();
        $('#stack-component').focus();
        writeHash();
    });
    $('#stack').addEventListener('click', (event) => {
        const entry = event.target.closest('.stack-remove')?.closest('.stack-entry');
        if (!entry) return;
        const index = $$('.stack-entry', $('#stack')).indexOf(entry);
        ui.ctx.stack.splice(index, 1);
        renderStack();
        const buttons = $$('.stack-remove', $('#stack'));
        (buttons[Math.min(index, buttons.length - 1)] ?? $('#stack-component')).focus();
        contextChanged();
    });
    $('#stack-clear').addEventListener('click', () => {
        if (!currentStack().length) return;
        ui.ctx.stack = [];
        ui.ctx.pick = null;
        ui.ctx.state = 'normal';
        renderStack();
        $('#stack-component').focus();
        contextChanged();
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
        if (hash === hashText(ui.ctx)) return;
        ui.ctx = readHash(location.hash.slice(1));
        renderContextControls();
        requestFullLoad();
    });
}
