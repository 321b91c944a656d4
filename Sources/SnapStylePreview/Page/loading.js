// Loading one scheme's values: every key's resolved value, each component's cards in its five states and nested,
// their contrast, and the bottom sheet.

import {api, batcher, MAX_QUERIES, settle, URL_BUDGET} from './api.js';
import {ATTRIBUTES, DETENTS, ELEMENT_TYPES, PHONE, SHEET_NUMBERS, SHEET_SURFACES, STATES} from './constants.js';
import {contrastByComponent} from './contrast.js';
import {compactJSON} from './format.js';
import {hasKey} from './key-lists.js';
import {contextParams} from './state.js';

// Resolves queries in one context, split into requests that keep each URL short.
export async function resolveQueries(scheme, queries, signal, extra = {}) {
    const base = contextParams(scheme, extra);
    const baseLength = `/api/resolve?${base}&queries=`.length + 6;
    const chunks = [];
    let current = [];
    let length = baseLength;
    for (const query of queries) {
        const size = new URLSearchParams({q: JSON.stringify(query)}).toString().length + 1;
        if (current.length && (length + size > URL_BUDGET || current.length >= MAX_QUERIES)) {
            chunks.push(current);
            current = [];
            length = baseLength;
        }
        current.push(query);
        length += size;
    }
    if (current.length) chunks.push(current);
    const answers = await Promise.all(chunks.map((chunk) => {
        const params = new URLSearchParams(base);
        params.set('queries', JSON.stringify(chunk));
        return settle(api('/api/resolve', params, signal));
    }));
    const values = new Map();
    let generation = 0;
    answers.forEach((answer, index) => {
        if (answer.error) {
            for (const query of chunks[index]) setEntry(values, query.attribute, query.key, {error: answer.error});
            return;
        }
        generation = Math.max(generation, answer.value.generation ?? 0);
        for (const result of answer.value.results ?? []) {
            const entry = result.error
                ? {error: result.error.message ?? compactJSON(result.error)}
                : {value: result.value ?? null};
            setEntry(values, result.attribute, result.key, entry);
        }
    });
    return {values, generation};
}

function setEntry(values, attribute, key, entry) {
    if (!values.has(attribute)) values.set(attribute, new Map());
    values.get(attribute).set(key, entry);
}

// Queries for every key of the listed attributes, or only those in `only` (attribute to set of keys).
export function keyQueries(keys, only = null) {
    const queries = [];
    for (const attribute of ATTRIBUTES) {
        for (const entry of keys.keys?.[attribute] ?? []) {
            if (!only || only.get(attribute)?.has(entry.key)) queries.push({attribute, key: entry.key});
        }
    }
    return queries;
}

// Everything one scheme's column shows: the keys' values, and the cards and the sheet unless `cards` is false (an
// imported theme's page, which leaves them out; then they are null).
export async function loadScheme(scheme, keys, signal, {cards: withCards = true} = {}) {
    const [resolved, cards, sheet, contrast] = await Promise.all([
        resolveQueries(scheme, keyQueries(keys), signal),
        withCards ? loadCards(scheme, keys, signal) : null,
        withCards ? loadSheet(scheme, keys, signal) : null,
        withCards ? loadContrast(scheme, signal) : null,
    ]);
    return {values: resolved.values, generation: resolved.generation, cards, sheet, contrast};
}

// The audit of the theme in the column's context (every pair, passing or not), by component; a failure is kept as
// its message so that the section says why there are no figures.
export async function loadContrast(scheme, signal) {
    const params = contextParams(scheme);
    params.set('all', 'true');
    const answer = await settle(api('/api/audit', params, signal, false));
    return answer.error ? {error: answer.error} : contrastByComponent(answer.value);
}

// The stacks of a component's cards: one per state, then nested in itself.
function cardVariants(id) {
    return [
        ...STATES.map((state) => ({state, level: 1, components: [`${id}:${state}`]})),
        {state: 'normal', level: 2, components: [`${id}:normal`, `${id}:normal`]},
    ];
}

// Loads the cards of every component, or only of `only` (the others keep `previous`'s).
export async function loadCards(scheme, keys, signal, only = null, previous = new Map()) {
    const cards = new Map();
    await Promise.all((keys.components ?? []).map(async (id) => {
        if (only && !only.has(id) && previous.has(id)) {
            cards.set(id, previous.get(id));
            return;
        }
        cards.set(id, await Promise.all(cardVariants(id).map((variant) => loadVariant(scheme, variant, signal))));
    }));
    return cards;
}

// One card: its container and its three elements, resolved in the card's stack.
async function loadVariant(scheme, variant, signal) {
    const params = contextParams(scheme, {components: variant.components});
    const [container, ...elements] = await Promise.all([
        settle(batcher.call('resolveContainer', params, signal)),
        ...ELEMENT_TYPES.map((type) => {
            const elementParams = new URLSearchParams(params);
            elementParams.set('element', type);
            return settle(batcher.call('resolveElement', elementParams, signal));
        }),
    ]);
    for (const answer of [container, ...elements]) if (answer.value) delete answer.value.generation;
    return {
        state: variant.state, level: variant.level, components: variant.components, container,
        elements: Object.fromEntries(ELEMENT_TYPES.map((type, index) => [type, elements[index]])),
    };
}

// The sheet's detents, handle and surfaces, with its container and title, in a phone-sized context.
export async function loadSheet(scheme, keys, signal) {
    if (!DETENTS.some(([key]) => hasKey(keys, 'number', key))) return null;
    const queries = [
        ...[...DETENTS.map(([key]) => key), ...SHEET_NUMBERS].filter((key) => hasKey(keys, 'number', key))
            .map((key) => ({attribute: 'number', key})),
        ...SHEET_SURFACES.filter((key) => hasKey(keys, 'surface', key)).map((key) => ({attribute: 'surface', key})),
    ];
    const extra = sheetExtra(keys);
    const params = contextParams(scheme, extra);
    const titleParams = new URLSearchParams(params);
    titleParams.set('element', 'title');
    const [resolved, container, title] = await Promise.all([
        resolveQueries(scheme, queries, signal, extra),
        extra.components.length || extra.containers.length
            ? settle(api('/api/resolveContainer', params, signal)) : Promise.resolve(null),
        extra.components.length ? settle(api('/api/resolveElement', titleParams, signal)) : Promise.resolve(null),
    ]);
    for (const answer of [container, title]) if (answer?.value) delete answer.value.generation;
    const values = {};
    for (const [attribute, map] of resolved.values) {
        for (const [key, entry] of map) values[`${attribute}:${key}`] = entry.value ?? null;
    }
    return {values, container, title};
}

// The phone's size as context variables, and the sheet as a component or container when the theme has one.
export function sheetExtra(keys) {
    const vars = {containerHeight: PHONE.height, bottomInset: PHONE.bottomInset};
    if ((keys.components ?? []).includes('sheet')) return {vars, components: ['sheet'], containers: []};
    if ((keys.containers ?? []).includes('sheet')) return {vars, components: [], containers: ['sheet']};
    return {vars, components: [], containers: []};
}
