// A component's contrast table under its cards: a row per element (or the border), a column per container state,
// each cell the WCAG ratio in the column's context, failures marked (contrast.js computes the rows).

import {contrastRows, ratioText, tableStates, verdict} from './contrast.js';
import {h} from './dom.js';
import {store} from './state.js';

const MARKS = {pass: '', fail: ' ✗', exempt: ''};

// The table, or nothing when the scheme has no audit (an imported theme's page, or the audit failed).
export function contrastTable(id, scheme) {
    const contrast = store.state.data[scheme]?.contrast;
    if (!contrast) return null;
    if (contrast.error) return h('p', {class: 'contrast-note muted', text: `Contrast: ${contrast.error}`});
    const rows = contrastRows(contrast.byComponent.get(id), id);
    if (!rows.length) return null;
    const states = tableStates(rows);
    const failing = rows.reduce((count, row) =>
        count + Object.values(row.cells).filter((cell) => verdict(cell) === 'fail').length, 0);
    const caption = h('caption', {}, [
        h('span', {text: `Contrast (${contrast.standard})`}),
        failing ? h('span', {class: 'contrast-count', text: `${failing} below`}) : null,
    ]);
    const head = h('tr', {}, [h('th', {text: ''}), ...states.map((state) => h('th', {scope: 'col', text: state}))]);
    const body = rows.map((row) => h('tr', {dataset: {element: row.label}}, [
        h('th', {scope: 'row', text: row.label}),
        ...states.map((state) => contrastCell(row.cells[state], state)),
    ]));
    return h('table', {class: 'contrast-table', dataset: {component: id, scheme}}, [
        caption, h('thead', {}, [head]), h('tbody', {}, body),
    ]);
}

function contrastCell(cell, state) {
    if (!cell) return h('td', {class: 'contrast-none', text: '—'});
    const kind = verdict(cell);
    const needs = kind === 'exempt' ? 'no minimum (disabled)' : `needs ${cell.required}:1`;
    const title = `${state}: ${ratioText(cell.ratio)}:1, ${needs} (${cell.category})\n`
        + `${cell.foreground.attribute} ${cell.foreground.key} ${cell.drawn?.foreground ?? cell.foreground.color}\n`
        + `over ${cell.background.attribute} ${cell.background.key} ${cell.drawn?.background ?? cell.background.color}`;
    return h('td', {
        class: `contrast-${kind}`, title,
        dataset: {
            state, ratio: String(cell.ratio), verdict: kind,
            foreground: cell.drawn?.foreground ?? '', background: cell.drawn?.background ?? '',
        },
    }, [
        h('span', {class: 'contrast-swatch', style: {
            color: cell.drawn?.foreground ?? '', backgroundColor: cell.drawn?.background ?? '',
        }, text: 'Aa'}),
        `${ratioText(cell.ratio)}${MARKS[kind]}`,
    ]);
}
