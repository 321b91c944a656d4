// Contrast on the components section: each component's pairs (its elements over their backgrounds, its border) in
// the column's context, with their WCAG ratio and failures marked. The figures are the daemon's `audit` of that
// one context (`/api/audit`): the same measurement as `snapstyle audit`. The table's rows are pure (tested by Node).

import {STATES} from './constants.js';

// The rows of one component's table from an audit's pairs: one per element (and hierarchies that measure alike)
// or border, a cell per container state: `{ratio, required, passes, category, foreground, background}`.
export function contrastRows(pairs, component) {
    const rows = new Map();
    for (const pair of pairs ?? []) {
        const subject = pair.subject ?? {};
        if (subject.component !== component || (subject.kind !== 'element' && subject.kind !== 'border')) continue;
        const label = subject.kind === 'border' ? 'border' : elementLabel(subject);
        if (!rows.has(label)) rows.set(label, {label, kind: subject.kind, cells: {}});
        rows.get(label).cells[subject.state] = {
            ratio: pair.ratio, required: pair.required, passes: pair.passes, category: pair.category,
            foreground: pair.foreground, background: pair.background, drawn: pair.drawn,
        };
    }
    return [...rows.values()].sort((a, b) => rowOrder(a) - rowOrder(b) || a.label.localeCompare(b.label));
}

// `title`, or `label.secondary/tertiary` when only some hierarchies measure so.
function elementLabel(subject) {
    const all = ['any', 'primary', 'secondary', 'tertiary'];
    const hierarchies = subject.hierarchies ?? all;
    const every = hierarchies.length === all.length && all.every((name) => hierarchies.includes(name));
    return every ? subject.element : `${subject.element}.${hierarchies.join('/')}`;
}

function rowOrder(row) {
    return row.kind === 'border' ? 1 : 0;
}

// The pairs of an audit answer by component: only the one theme's, which `/api/audit?theme=` asks for.
export function contrastByComponent(answer) {
    const pairs = answer?.themes?.[0]?.pairs ?? [];
    const byComponent = new Map();
    for (const pair of pairs) {
        const id = pair.subject?.component;
        if (!id) continue;
        if (!byComponent.has(id)) byComponent.set(id, []);
        byComponent.get(id).push(pair);
    }
    return {
        standard: answer?.standard ?? '', failing: answer?.themes?.[0]?.failing ?? 0, byComponent,
    };
}

// `4.01`: two decimals rounded down, so a ratio just below a threshold never reads as it.
export function ratioText(ratio) {
    return (Math.floor(ratio * 100) / 100).toFixed(2);
}

// A cell's verdict: `fail` below the threshold, `exempt` with no minimum (a disabled state), else `pass`.
export function verdict(cell) {
    if (cell.required === null || cell.required === undefined) return 'exempt';
    return cell.passes ? 'pass' : 'fail';
}

// The states in the table's column order.
export function tableStates(rows) {
    return STATES.filter((state) => rows.some((row) => row.cells[state]));
}
