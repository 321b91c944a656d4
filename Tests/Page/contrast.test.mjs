// The components section's contrast rows from an audit answer (Sources/SnapStylePreview/Page/contrast.js).

import {test} from 'node:test';
import assert from 'node:assert/strict';

import {contrastByComponent, contrastRows, ratioText, tableStates, verdict} from
    '../../Sources/SnapStylePreview/Page/contrast.js';

const key = (name, color) => ({attribute: 'surface', key: name, color});

function pair(subject, ratio, required, passes) {
    return {
        subject, ratio, required, passes, category: required === 4.5 ? 'normal text' : 'non-text',
        foreground: key('onAccent', '#FFFFFFFF'), background: key('accentBackground', '#007AFFFF'),
        drawn: {foreground: '#FFFFFFFF', background: '#007AFFFF'},
    };
}

const all = ['any', 'primary', 'secondary', 'tertiary'];
const answer = {
    standard: 'WCAG 2.2 AA',
    themes: [{theme: 'snap', failing: 2, pairs: [
        pair({kind: 'element', component: 'card', element: 'title', hierarchies: all, state: 'normal'}, 12.6, 4.5, true),
        pair({kind: 'element', component: 'card', element: 'title', hierarchies: all, state: 'selected'}, 4.49, 4.5,
            false),
        pair({kind: 'element', component: 'card', element: 'label', hierarchies: ['secondary', 'tertiary'],
            state: 'normal'}, 3.1, 4.5, false),
        pair({kind: 'element', component: 'card', element: 'label', hierarchies: all, state: 'disabled'}, 1.9, null,
            true),
        pair({kind: 'border', component: 'card', state: 'normal'}, 3.2, 3, true),
        pair({kind: 'element', component: 'other', element: 'title', hierarchies: all, state: 'normal'}, 8, 4.5, true),
        pair({kind: 'accent', accent: 'primary'}, 4.0, 4.5, false),
    ]}],
};

test('the pairs of an audit are grouped by component; accents and named pairs are left out', () => {
    const {standard, failing, byComponent} = contrastByComponent(answer);
    assert.equal(standard, 'WCAG 2.2 AA');
    assert.equal(failing, 2);
    assert.deepEqual([...byComponent.keys()].sort(), ['card', 'other']);
    assert.equal(byComponent.get('card').length, 5);
    assert.deepEqual(contrastByComponent(null).byComponent, new Map());
});

test('a row per element (hierarchies named when not all) and the border last, a cell per state', () => {
    const rows = contrastRows(contrastByComponent(answer).byComponent.get('card'), 'card');
    assert.deepEqual(rows.map((row) => row.label), ['label', 'label.secondary/tertiary', 'title', 'border']);
    const title = rows.find((row) => row.label === 'title');
    assert.deepEqual(Object.keys(title.cells).sort(), ['normal', 'selected']);
    assert.equal(verdict(title.cells.selected), 'fail', '4.49 is below 4.5');
    assert.equal(verdict(title.cells.normal), 'pass');
    assert.equal(verdict(rows[0].cells.disabled), 'exempt', 'no minimum in the disabled state');
    assert.deepEqual(tableStates(rows), ['disabled', 'normal', 'selected'], 'in the states\' order');
});

test('ratios are printed rounded down, so a failing one never reads as its threshold', () => {
    assert.equal(ratioText(4.4999), '4.49');
    assert.equal(ratioText(4.5), '4.50');
    assert.equal(ratioText(21), '21.00');
});
