// What an imported theme's page shows (key-lists.js pagePlan), the numbers' scales per group (number-scale.js),
// the banner's errors (error-list.js) and a live update's values (changes.js mergeValues).

import {test} from 'node:test';
import assert from 'node:assert/strict';

import {mergeValues} from '../../Sources/SnapStylePreview/Page/changes.js';
import {ATTRIBUTE_SECTIONS} from '../../Sources/SnapStylePreview/Page/constants.js';
import {bannerErrors, errorLine} from '../../Sources/SnapStylePreview/Page/error-list.js';
import {groupEntries, pagePlan, sortEntries} from '../../Sources/SnapStylePreview/Page/key-lists.js';
import {groupScale, numberScales, scaleGroups} from '../../Sources/SnapStylePreview/Page/number-scale.js';

const lantern = {
    components: ['contentCard', 'sheet'], containers: ['card'],
    keys: {
        surface: [{key: 'color.amber', type: 'color'}, {key: 'accent', file: 'snap/surface.json'}],
        number: [{key: 'space.md', type: 'spacing'}, {key: 'cornerRadius', file: 'snap/number.json'}],
        font: [{key: 'font.body', type: 'typography'}],
        accent: [{key: 'primary', file: 'snap/accent.json'}],
        token: [{key: 'shadow.card', type: 'boxShadow'}],
    },
};

test('page plan: an imported theme shows the sections it defines and leaves out the native ones', () => {
    const plan = pagePlan(lantern, 'lantern', false, ATTRIBUTE_SECTIONS);
    assert.equal(plan.imported, true);
    assert.deepEqual([...plan.shown].sort(), ['fonts', 'numbers', 'surfaces', 'tokens']);
    assert.equal(plan.counts.surfaces, 1);
    assert.equal(plan.counts.accents, 0);
});

test('page plan: with the inherited keys, or for a native theme, every section shows', () => {
    const all = ['accents', 'components', 'compositions', 'fonts', 'icons', 'numbers', 'paddings', 'shapes', 'sheet',
        'surfaces', 'tokens'];
    const inherited = pagePlan(lantern, 'lantern', true, ATTRIBUTE_SECTIONS);
    assert.equal(inherited.imported, false);
    assert.deepEqual([...inherited.shown].sort(), all);
    assert.equal(inherited.counts.surfaces, 2);
    const native = {keys: {surface: [{key: 'accent', file: 'snap/surface.json'}]}, components: ['contentCard']};
    assert.deepEqual([...pagePlan(native, 'snap', false, ATTRIBUTE_SECTIONS).shown].sort(), all);
    assert.equal(pagePlan(null, 'x', false, ATTRIBUTE_SECTIONS).imported, false);
});

test('number scale: an outlier does not set its group\'s scale', () => {
    assert.equal(groupScale([4, 8, 12, 16, 9999]), 16);
    assert.equal(groupScale([4, 8, 12, 16, 9999, 9999]), 16, 'two of them neither');
    assert.equal(groupScale([2, 4, 8, 16, 32, 64]), 64, 'a steady progression is one scale');
    assert.equal(groupScale([100, 300, 800]), 800);
    assert.equal(groupScale([0, 0]), 1);
    assert.equal(groupScale([]), 1);
    assert.equal(groupScale([0.5]), 1, 'at least one point');
    assert.equal(groupScale([0.6, 12]), 12, 'a small value is no outlier: its bar fits as it is');
});

test('number scale: each group of keys as shown has its own scale, the same in every scheme', () => {
    const entries = sortEntries(['space.1', 'space.2', 'space.3', 'radius.sm', 'radius.lg', 'radius.full', 'width']
        .map((key) => ({key})));
    const items = groupEntries(entries);
    assert.deepEqual([...scaleGroups(items).entries()], [
        ['radius', ['radius.full', 'radius.lg', 'radius.sm']], ['space', ['space.1', 'space.2', 'space.3']],
        ['', ['width']]]);
    const values = {
        'space.1': [4, 4], 'space.2': [8, 8], 'space.3': [16, 24], 'radius.sm': [2, 2], 'radius.lg': [12, 12],
        'radius.full': [9999, 9999], width: [1200, 1200],
    };
    const scales = numberScales(items, (key) => values[key]);
    assert.deepEqual(scales.get('space.1'), {max: 24, off: false}, 'the largest value of any scheme');
    assert.deepEqual(scales.get('radius.lg'), {max: 12, off: false});
    assert.deepEqual(scales.get('radius.full'), {max: 12, off: true});
    assert.deepEqual(scales.get('width'), {max: 1200, off: false});
    const negative = numberScales(groupEntries([{key: 'a'}, {key: 'b'}]), (key) => (key === 'a' ? [-40] : [10]));
    assert.equal(negative.get('b').max, 40, 'a negative number counts by its magnitude');
});

test('banner: each error once, the first 20, and the daemon\'s count', () => {
    const error = (line, message = 'bad value') => ({file: 'core.json', line, column: 5, message});
    assert.equal(errorLine(error(3)), 'core.json:3:5: bad value');
    const repeated = bannerErrors([error(3), error(3), error(4)]);
    assert.deepEqual(repeated, {lines: ['core.json:3:5: bad value', 'core.json:4:5: bad value'], total: 2, more: 0});
    const many = Array.from({length: 30}, (_, i) => error(i + 1));
    const capped = bannerErrors(many.slice(0, 20), 1500);
    assert.equal(capped.lines.length, 20);
    assert.equal(capped.total, 1500);
    assert.equal(capped.more, 1480);
    const all = bannerErrors(many);
    assert.deepEqual([all.lines.length, all.total, all.more], [20, 30, 10], 'without errorCount: errors.length');
    const withRepeats = bannerErrors([error(1), error(1), ...many.slice(1, 19)], 100);
    assert.deepEqual([withRepeats.lines.length, withRepeats.total], [19, 99], 'a repeat shown is counted once');
    assert.deepEqual(bannerErrors(null), {lines: [], total: 0, more: 0});
});

test('merge values: fresh values replace, keys gone are dropped, changes are listed', () => {
    const current = new Map([['surface', new Map([['a', {value: 1}], ['b', {value: 2}], ['gone', {value: 3}]])]]);
    const fresh = new Map([['surface', new Map([['a', {value: 1}], ['b', {value: 5}], ['new', {value: 6}]])]]);
    const keys = {keys: {surface: [{key: 'a'}, {key: 'b'}, {key: 'new'}]}};
    const metaBefore = new Map([['surface\u0000a', {key: 'a', type: 'color'}]]);
    const metaAfter = new Map([['surface\u0000a', {key: 'a', type: 'color', deprecated: true}]]);
    const {values, updated} = mergeValues(current, fresh, keys, metaBefore, metaAfter);
    assert.deepEqual([...values.get('surface').keys()], ['a', 'b', 'new']);
    assert.deepEqual(values.get('surface').get('b'), {value: 5});
    assert.deepEqual(updated, [['surface', 'a'], ['surface', 'b'], ['surface', 'new']]);
    assert.ok(current.get('surface').has('gone'), 'the current maps are not changed');
});

test('lengths: as their tokens write them, not in points', async () => {
    const {numberText} = await import('../../Sources/SnapStylePreview/Page/renderers.js');
    assert.equal(numberText({value: 24, dimension: {value: 1.5, unit: 'rem'}}, {type: 'dimension'}), '1.5rem (24px)');
    assert.equal(numberText({value: 16, dimension: {value: 16, unit: 'px'}}, {type: 'dimension'}), '16px');
    assert.equal(numberText({value: 16}, {type: 'spacing'}), '16px', 'a Tokens Studio length without a unit is px');
    assert.equal(numberText({value: 0.6}, {type: 'number'}), '0.6', 'a plain number has no unit');
    assert.equal(numberText({value: 20.5, base: 17}), '20.5 (base 17)', 'a native number is the model\'s');
});
