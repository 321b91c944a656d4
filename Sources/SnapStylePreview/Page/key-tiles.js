// One key on the page: its tile or row, with the sample, the whole name, badges and the value as text.

import {h} from './dom.js';
import {compactJSON} from './format.js';
import {noValue, RENDERERS} from './renderers.js';
import {store} from './state.js';

export const LAYOUT = {
    number: 'rows number-rows', font: 'rows font-rows',
};

// A key's entry from /api/keys when it has a type, a description or a deprecation.
function metaOf(attribute, key) {
    return store.state.meta.get(`${attribute}\u0000${key}`) ?? null;
}

// The loaded `{value}` or `{error}` of a key in a scheme.
export function entryOf(scheme, attribute, key) {
    return store.state.data[scheme]?.values.get(attribute)?.get(key) ?? {value: null};
}

function badges(meta, substituted = null) {
    const list = [];
    if (substituted) {
        list.push(h('span', {class: 'badge badge-substituted', text: 'substituted',
            title: `${substituted.family} is not installed in this browser: drawn in ${substituted.substitute}`}));
    }
    if (!meta) return list;
    if (meta.type) list.push(h('span', {class: 'badge badge-type', text: meta.type, title: `DTCG $type ${meta.type}`}));
    if (meta.deprecated) {
        const reason = typeof meta.deprecated === 'string' ? meta.deprecated : 'deprecated';
        list.push(h('span', {class: 'badge badge-deprecated', text: 'deprecated', title: reason}));
    }
    return list;
}

// A key's element (focusable; Enter or a click explains it), drawn with its current value.
export function makeKey(attribute, key, scheme) {
    const node = h('div', {
        class: 'key', tabindex: '0', role: 'button',
        dataset: {attribute, key, scheme},
    });
    fillKey(node);
    return node;
}

// Draws a key's current value into its element, replacing what was there.
export function fillKey(node) {
    const {attribute, key, scheme} = node.dataset;
    const entry = entryOf(scheme, attribute, key);
    const meta = metaOf(attribute, key);
    const value = entry.value;
    let rendered;
    if (entry.error || value === null || value === undefined) {
        const sample = attribute === 'number' ? h('span', {class: 'sample'})
            : attribute === 'font' ? h('div', {class: 'sample sample-none', text: '—'}) : noValue(entry);
        rendered = {well: 'plain', sample, text: entry.error ?? 'no value'};
    } else {
        try {
            rendered = RENDERERS[attribute](value, scheme, meta);
        } catch {
            rendered = {well: 'plain', sample: h('div', {class: 'sample token-json'}), text: compactJSON(value)};
        }
    }
    const label = h('span', {class: 'name', text: key, title: key});
    const valueText = h('span', {class: 'value', text: rendered.text, title: rendered.title ?? rendered.text});
    node.className = `key ${attribute === 'number' || attribute === 'font' ? 'row' : 'tile'}`;
    node.classList.toggle('has-error', Boolean(entry.error));
    node.classList.toggle('is-empty', !entry.error && (value === null || value === undefined));
    node.classList.toggle('is-deprecated', Boolean(meta?.deprecated));
    node.classList.toggle('is-substituted', Boolean(rendered.substituted));
    node.title = meta?.description ? `${key}\n${meta.description}` : '';
    node.setAttribute('aria-label', `${attribute} ${key}: ${rendered.text}`);
    if (attribute === 'number') {
        node.replaceChildren(
            h('span', {class: 'label-row'}, [label, badges(meta, rendered.substituted)]), valueText,
            h('span', {class: 'track'}, [rendered.sample]));
    } else if (attribute === 'font') {
        const marks = badges(meta, rendered.substituted);
        node.replaceChildren(rendered.sample, h('div', {class: 'label-row'}, [label, marks, valueText]));
    } else {
        const marks = badges(meta, rendered.substituted);
        node.replaceChildren(
            h('div', {class: `well well-${rendered.well ?? 'plain'}`}, [
                rendered.sample, marks.length ? h('div', {class: 'badges'}, marks) : null,
            ]),
            h('div', {class: 'meta'}, [h('div', {class: 'label-row'}, [label]), valueText]));
    }
}
