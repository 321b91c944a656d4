// What a live change touches: the keys to fetch, the sections whose list changed, the cards and sheets that read a
// changed key, and changes merged while they wait. No DOM (tested by Node).

import {ATTRIBUTES} from './constants.js';
import {same} from './format.js';

// Adds the `attribute:key` names a resolved `{key, value}` read: its own key and the keys inside its value.
function addReferences(out, attribute, reference) {
    if (!reference) return;
    if (reference.key) out.add(`${attribute}:${reference.key}`);
    const value = reference.value;
    if (!value) return;
    if (attribute === 'composition') {
        for (const layer of ['foreground', 'background', 'backgroundOverlay', 'border']) {
            if (value[layer]?.key) out.add(`surface:${value[layer].key}`);
        }
    } else if (attribute === 'shape' && value.radiusKey) {
        out.add(`number:${value.radiusKey}`);
    } else if (attribute === 'padding') {
        for (const edge of ['leading', 'top', 'trailing', 'bottom']) {
            if (value[edge]?.key) out.add(`number:${value[edge].key}`);
        }
    }
}

// Adds the keys a resolved container reads.
function addContainerReferences(out, container) {
    if (!container) return;
    addReferences(out, 'surface', container.surface);
    addReferences(out, 'composition', container.composition);
    addReferences(out, 'shape', container.shape);
    addReferences(out, 'padding', container.padding);
    addReferences(out, 'number', container.border);
}

// Adds the keys a resolved element reads.
function addElementReferences(out, element) {
    if (!element) return;
    for (const attribute of ['font', 'composition', 'padding', 'shape']) {
        addReferences(out, attribute, element[attribute]);
    }
}

// Whether a live change may alter a component's cards: its definitions, its container's, or a key they read.
export function cardsAffected(id, variants, event, changed) {
    if (!variants || (event.components ?? []).includes(id)) return true;
    const read = new Set();
    for (const variant of variants) {
        if (variant.container.error) return true;
        const container = variant.container.value;
        if (container?.container && (event.containers ?? []).includes(container.container)) return true;
        addContainerReferences(read, container);
        for (const element of Object.values(variant.elements)) addElementReferences(read, element.value);
    }
    return [...read].some((name) => changed.has(name));
}

// Whether a live change may alter the sheet: its definitions, or a key it reads.
export function sheetAffected(sheet, event, changed) {
    if (!sheet || sheet.container?.error || sheet.title?.error) return true;
    if ((event.components ?? []).includes('sheet') || (event.containers ?? []).includes('sheet')) return true;
    const read = new Set(Object.keys(sheet.values));
    addContainerReferences(read, sheet.container?.value);
    addElementReferences(read, sheet.title?.value);
    return [...read].some((name) => changed.has(name));
}

// The keys of each attribute, as sets.
function keySets(keys) {
    const sets = new Map();
    for (const attribute of ATTRIBUTES) sets.set(attribute, new Set((keys.keys?.[attribute] ?? []).map((e) => e.key)));
    return sets;
}

// Two themeChanged events as one: the union of their changed keys, containers and components.
export function mergeChanges(into, event) {
    const union = (a, b) => [...new Set([...(Array.isArray(a) ? a : []), ...(Array.isArray(b) ? b : [])])];
    const changed = {...into.changed};
    for (const [attribute, keys] of Object.entries(event.changed ?? {})) {
        changed[attribute] = union(changed[attribute], keys);
    }
    return {
        theme: into.theme, generation: Math.max(into.generation ?? 0, event.generation ?? 0), changed,
        containers: union(into.containers, event.containers), components: union(into.components, event.components),
    };
}

// The keys to fetch (the changed ones that still exist, and new ones) and the attributes whose key list changed.
export function keyChanges(oldKeys, newKeys, event) {
    const oldSets = keySets(oldKeys);
    const newSets = keySets(newKeys);
    const wanted = new Map();
    const structural = new Set();
    for (const attribute of ATTRIBUTES) {
        const before = oldSets.get(attribute);
        const after = newSets.get(attribute);
        const listed = Array.isArray(event.changed?.[attribute]) ? event.changed[attribute] : [];
        const set = new Set(listed.filter((key) => after.has(key)));
        for (const key of after) if (!before.has(key)) set.add(key);
        if (before.size !== after.size || [...after].some((key) => !before.has(key))) structural.add(attribute);
        if (set.size) wanted.set(attribute, set);
    }
    return {wanted, structural};
}

// A scheme's values (attribute to key to `{value}` or `{error}`) with fresh ones merged in and the keys `keys` no
// longer has dropped, as new maps; and the `[attribute, key]` whose value or metadata (`metaBefore`, `metaAfter`:
// buildMeta's maps) changed.
export function mergeValues(current, fresh, keys, metaBefore, metaAfter) {
    const values = new Map();
    const updated = [];
    for (const attribute of ATTRIBUTES) {
        const present = new Set((keys.keys?.[attribute] ?? []).map((entry) => entry.key));
        const map = new Map([...(current.get(attribute) ?? [])].filter(([key]) => present.has(key)));
        for (const [key, entry] of fresh.get(attribute) ?? []) {
            const name = `${attribute}\u0000${key}`;
            if (!same(map.get(key), entry) || !same(metaBefore.get(name), metaAfter.get(name))) {
                updated.push([attribute, key]);
            }
            map.set(key, entry);
        }
        values.set(attribute, map);
    }
    return {values, updated};
}
