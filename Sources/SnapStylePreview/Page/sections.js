// The attribute sections: which keys each lists, in which order and groups, which sections an imported theme's page
// shows, the numbers' scales and the counts.

import {columnsElement, emptyNote, sectionBody} from './columns.js';
import {ATTRIBUTE_SECTIONS, ATTRIBUTES, DETENTS, SECTION_OF} from './constants.js';
import {h, $, $$} from './dom.js';
import {keyListElement} from './key-groups.js';
import {groupEntries, hasTypedKeys, pagePlan, sortEntries, visibleEntries} from './key-lists.js';
import {entryOf, LAYOUT, makeKey} from './key-tiles.js';
import {numberScales} from './number-scale.js';
import {store} from './state.js';

// The titles of an imported theme's sections, in a web team's words.
const IMPORTED_TITLES = {surfaces: 'Colors', numbers: 'Dimensions', fonts: 'Typography', tokens: 'Other tokens'};

// Whether the page lists only the theme's own keys: an imported theme (one with design tokens) unless the
// "inherited keys" toggle is on.
function ownKeysOnly() {
    return hasTypedKeys(store.state.keys) && !store.state.showInherited;
}

// The entries of an attribute the page lists, in natural order (`gray.50` before `gray.100`).
function listedEntries(attribute) {
    const entries = store.state.keys?.keys?.[attribute] ?? [];
    return sortEntries(visibleEntries(entries, store.state.ctx.theme, ownKeysOnly()));
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

// What the page shows now (pagePlan), with the sheet and components counted.
export function currentPlan() {
    const {keys, ctx, showInherited} = store.state;
    return pagePlan(keys, ctx.theme, showInherited, ATTRIBUTE_SECTIONS);
}

// Shows the sections the page holds for this theme, titled in its words, and their links.
export function renderSectionFrame() {
    const plan = currentPlan();
    document.body.classList.toggle('is-imported', plan.imported);
    // Only what differs is written: a live update draws this again, and any write makes the browser lay out anew.
    const set = (node, property, value) => {
        if (node && node[property] !== value) node[property] = value;
    };
    for (const section of $$('main > .section')) {
        // Without keys (loading, or no theme) the first section holds the note that says so.
        const shown = store.state.keys ? plan.shown.has(section.id) : section.id === 'surfaces';
        const link = $(`.toc a[data-section="${section.id}"]`);
        set(section, 'hidden', !shown);
        set(link, 'hidden', !shown);
        const title = $('.section-title', section);
        title.dataset.native ??= title.firstChild.textContent.trim();
        const text = `${(plan.imported && IMPORTED_TITLES[section.id]) || title.dataset.native} `;
        set(title.firstChild, 'textContent', text);
        set(link?.firstChild, 'textContent', text);
    }
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

// The numbers' bars: one scale per group of keys as shown (an imported theme's own keys are not drawn at the scale
// of the numbers it inherits), the same in every column; an outlier is drawn full and marked off the scale.
export function updateNumberScale() {
    const {schemes} = store.state;
    const scales = numberScales(groupEntries(listedEntries('number')),
        (key) => schemes.map((scheme) => entryOf(scheme, 'number', key).value?.value));
    for (const node of $$('#numbers .key[data-attribute="number"]')) {
        const scale = scales.get(node.dataset.key);
        node.style.setProperty('--max', String(scale?.max ?? 1));
        node.classList.toggle('off-scale', Boolean(scale?.off));
        const bar = $('.bar', node);
        if (bar) bar.title = scale?.off ? `off the scale of its group (${scale.max})` : '';
    }
}

// Draws every attribute section from the loaded state.
export function renderAttributeSections() {
    renderInheritedToggle();
    renderSectionFrame();
    for (const attribute of ATTRIBUTES) renderAttributeSection(attribute);
}

// The "inherited keys" toggle shows for an imported theme only (one with design tokens).
export function renderInheritedToggle() {
    const hidden = !hasTypedKeys(store.state.keys);
    if ($('#inherited-toggle').hidden !== hidden) $('#inherited-toggle').hidden = hidden;
    if ($('#inherited').checked !== store.state.showInherited) $('#inherited').checked = store.state.showInherited;
}

// Empties the sections and says why (no themes, or a theme that never loaded).
export function renderUnavailable(message) {
    renderInheritedToggle();
    renderSectionFrame();
    for (const section of $$('main .section')) {
        section.classList.add('is-empty');
        $('.section-body', section).replaceChildren();
    }
    sectionBody('surfaces').replaceChildren(emptyNote(message));
    updateCounts();
}

// The counts of listed keys in the section titles, the table of contents and the footer.
export function updateCounts() {
    const {keys, schemes, data} = store.state;
    const counts = {};
    let total = 0;
    for (const [attribute, id] of ATTRIBUTE_SECTIONS) {
        counts[id] = listedEntries(attribute).length;
        total += counts[id];
    }
    const plan = currentPlan();
    counts.components = plan.shown.has('components') ? keys?.components?.length ?? 0 : 0;
    counts.sheet = plan.shown.has('sheet') && schemes.some((scheme) => data[scheme]?.sheet) ? DETENTS.length : 0;
    for (const [id, count] of Object.entries(counts)) {
        for (const node of $$(`#${id} .section-title .count, .toc a[data-section="${id}"] .count`)) {
            node.textContent = String(count);
        }
        $(`.toc a[data-section="${id}"]`)?.classList.toggle('is-empty', count === 0);
    }
    $('#key-count').textContent = `${total} ${total === 1 ? 'key' : 'keys'}`;
}

// A section's placeholder while a theme loads: its keys are not known yet.
export function renderLoading(theme) {
    renderSectionFrame();
    for (const section of $$('main .section')) $('.section-body', section).replaceChildren();
    sectionBody('surfaces').replaceChildren(h('p', {class: 'empty-note', text: `Loading “${theme}”…`}));
    updateCounts();
}
