// The attribute sections: which keys each lists, in which order and groups, and the counts; rendering everything.

import {renderComponentsSection} from './components.js';
import {ATTRIBUTE_SECTIONS, ATTRIBUTES, DETENTS, SECTION_OF} from './constants.js';
import {h, $, $$} from './dom.js';
import {keyListElement} from './key-groups.js';
import {hasTypedKeys, sortEntries, visibleEntries} from './key-lists.js';
import {entryOf, LAYOUT, makeKey} from './key-tiles.js';
import {renderSheetSection} from './sheet.js';
import {ui} from './state.js';

// Whether the page lists only the theme's own keys: an imported theme (one with design tokens) unless the
// "inherited keys" toggle is on.
function ownKeysOnly() {
    return hasTypedKeys(ui.keys) && !ui.showInherited;
}

// The entries of an attribute the page lists, in natural order (`gray.50` before `gray.100`).
function listedEntries(attribute) {
    const entries = ui.keys?.keys?.[attribute] ?? [];
    return sortEntries(visibleEntries(entries, ui.ctx.theme, ownKeysOnly()));
}

// The listed keys of each attribute, one string each, to tell whether a section's list changed.
export function listedKeys() {
    return new Map(ATTRIBUTES.map((attribute) => [attribute, listedEntries(attribute).map((e) => e.key).join('\n')]));
}

// The listed entries in the order a column shows them: fonts by size, largest first; the others by name.
function orderedEntries(attribute, scheme) {
    const entries = listedEntries(attribute);
    if (attribute !== 'font') return entries;
    const size = (entry) => entryOf(scheme, 'font', entry.key).value?.size ?? -1;
    return entries.sort((a, b) => size(b) - size(a));
}

// One column per scheme shown, each drawn by `render(scheme)`.
export function columnsElement(render) {
    const columns = ui.schemes.map((scheme) => h('div', {class: 'column', dataset: {scheme}}, [
        ui.schemes.length > 1 ? h('h3', {class: 'column-title', text: scheme === 'dark' ? 'Dark' : 'Light'}) : null,
        render(scheme),
    ]));
    return h('div', {class: `columns columns-${columns.length}`}, columns);
}

export function emptyNote(text) {
    return h('p', {class: 'empty-note', text});
}

export function sectionBody(id) {
    return $(`#${id} .section-body`);
}

// Draws an attribute's section: its listed keys in each column, in groups by path where names are dotted.
export function renderAttributeSection(attribute) {
    const id = SECTION_OF[attribute];
    const body = sectionBody(id);
    const entries = listedEntries(attribute);
    $(`#${id}`).classList.toggle('is-empty', entries.length === 0);
    if (!entries.length) {
        body.replaceChildren(emptyNote(attribute === 'token'
            ? 'No imported tokens in this theme.' : `No ${attribute} keys in this theme.`));
        return;
    }
    body.replaceChildren(columnsElement((scheme) => keyListElement(attribute, orderedEntries(attribute, scheme),
        LAYOUT[attribute] ?? 'tiles', (entry) => makeKey(attribute, entry.key, scheme))));
    if (attribute === 'number') updateNumberScale();
}

// The numbers' bars share one scale: the largest listed number (an imported theme's own keys are not drawn at the
// scale of the numbers it inherits and does not list).
export function updateNumberScale() {
    let max = 1;
    const listed = listedEntries('number');
    for (const scheme of ui.schemes) {
        for (const {key} of listed) {
            const value = Math.abs(Number(entryOf(scheme, 'number', key).value?.value));
            if (Number.isFinite(value)) max = Math.max(max, value);
        }
    }
    $('#numbers').style.setProperty('--max', String(max));
}

// The keys' metadata (type, description, deprecation) by `attribute NUL key`.
export function buildMeta(keys) {
    const meta = new Map();
    for (const attribute of ATTRIBUTES) {
        for (const entry of keys.keys?.[attribute] ?? []) {
            if (entry.type || entry.description || entry.deprecated) meta.set(`${attribute}\u0000${entry.key}`, entry);
        }
    }
    return meta;
}

// The "inherited keys" toggle shows for an imported theme only (one with design tokens).
export function renderInheritedToggle() {
    $('#inherited-toggle').hidden = !hasTypedKeys(ui.keys);
    $('#inherited').checked = ui.showInherited;
}

// Draws every section from the loaded state.
export function renderAll() {
    renderInheritedToggle();
    for (const attribute of ATTRIBUTES) renderAttributeSection(attribute);
    renderComponentsSection();
    renderSheetSection();
    updateCounts();
}

// Empties the sections and says why (no themes, or a theme that never loaded).
export function renderUnavailable(message) {
    for (const section of $$('main .section')) {
        section.classList.add('is-empty');
        $('.section-body', section).replaceChildren();
    }
    sectionBody('surfaces').replaceChildren(emptyNote(message));
    updateCounts();
}

// The counts of listed keys in the section titles, the table of contents and the footer.
export function updateCounts() {
    const counts = {};
    let total = 0;
    for (const [attribute, id] of ATTRIBUTE_SECTIONS) {
        counts[id] = listedEntries(attribute).length;
        total += counts[id];
    }
    counts.components = ui.keys?.components?.length ?? 0;
    counts.sheet = ui.schemes.some((scheme) => ui.data[scheme]?.sheet) ? DETENTS.length : 0;
    for (const [id, count] of Object.entries(counts)) {
        for (const node of $$(`#${id} .section-title .count, .toc a[data-section="${id}"] .count`)) {
            node.textContent = String(count);
        }
        $(`.toc a[data-section="${id}"]`)?.classList.toggle('is-empty', count === 0);
    }
    $('#key-count').textContent = `${total} ${total === 1 ? 'key' : 'keys'}`;
}

// The generation shown (the footer, and `body[data-generation]` for tests).
export function setGeneration(generation) {
    ui.generation = generation;
    document.body.dataset.generation = String(generation);
    $('#generation').textContent = generation ? String(generation) : '–';
}
