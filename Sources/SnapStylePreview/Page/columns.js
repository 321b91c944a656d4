// What every section draws with: its body, a column per scheme shown, and the note of an empty one.

import {h, $} from './dom.js';
import {store} from './state.js';

// One column per scheme shown, each drawn by `render(scheme)`.
export function columnsElement(render) {
    const schemes = store.state.schemes;
    const columns = schemes.map((scheme) => h('div', {class: 'column', dataset: {scheme}}, [
        schemes.length > 1 ? h('h3', {class: 'column-title', text: scheme === 'dark' ? 'Dark' : 'Light'}) : null,
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
