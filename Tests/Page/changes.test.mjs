// What a live change touches (Sources/SnapStylePreview/Page/changes.js).

import {test} from 'node:test';
import assert from 'node:assert/strict';

import {cardsAffected, keyChanges, mergeChanges, sheetAffected} from '../../Sources/SnapStylePreview/Page/changes.js';

const keys = (lists) => ({keys: Object.fromEntries(Object.entries(lists).map(([attribute, names]) =>
    [attribute, names.map((key) => ({key}))]))});

test('the keys to fetch and the sections whose list changed', () => {
    const before = keys({surface: ['a', 'b'], number: ['n']});
    const after = keys({surface: ['a', 'b'], number: ['n', 'm'], font: []});
    const {wanted, structural} = keyChanges(before, after, {changed: {surface: ['a', 'gone'], number: ['n']}});
    assert.deepEqual([...wanted.get('surface')], ['a'], 'a removed key is not fetched');
    assert.deepEqual([...wanted.get('number')].sort(), ['m', 'n'], 'a new key is fetched');
    assert.deepEqual([...structural], ['number']);
    const renamed = keyChanges(keys({surface: ['a']}), keys({surface: ['b']}), {});
    assert.deepEqual([...renamed.structural], ['surface'], 'same count, other names');
});

test('changes that wait are merged', () => {
    const first = mergeChanges({theme: 't', generation: 0, changed: {}},
        {generation: 4, changed: {surface: ['a']}, components: ['row']});
    const both = mergeChanges(first, {generation: 3, changed: {surface: ['a', 'b'], font: ['f']}, containers: ['c']});
    assert.deepEqual(both, {theme: 't', generation: 4, changed: {surface: ['a', 'b'], font: ['f']},
        containers: ['c'], components: ['row']});
});

test('a card is refreshed when it reads a changed key, or its definitions changed', () => {
    const variant = {
        container: {value: {container: 'card', composition: {key: 'cardComp', value: {background: {key: 'tile'}}},
            shape: {key: 'rounded', value: {radiusKey: 'radius'}}}},
        elements: {title: {value: {font: {key: 'title'}}}},
    };
    const changed = (...names) => new Set(names);
    assert.equal(cardsAffected('row', [variant], {}, changed('surface:tile')), true, 'a surface its composition reads');
    assert.equal(cardsAffected('row', [variant], {}, changed('number:radius')), true, 'its shape\'s radius');
    assert.equal(cardsAffected('row', [variant], {}, changed('font:title')), true, 'its title\'s font');
    assert.equal(cardsAffected('row', [variant], {}, changed('surface:other', 'font:body')), false);
    assert.equal(cardsAffected('row', [variant], {components: ['row']}, changed()), true);
    assert.equal(cardsAffected('row', [variant], {containers: ['card']}, changed()), true);
    assert.equal(cardsAffected('row', null, {}, changed()), true, 'never loaded');
    const sheet = {values: {'number:sheetDetentHalf': {value: 400}}, container: {value: null}, title: null};
    assert.equal(sheetAffected(sheet, {}, changed('number:sheetDetentHalf')), true);
    assert.equal(sheetAffected(sheet, {}, changed('number:other')), false);
    assert.equal(sheetAffected(sheet, {components: ['sheet']}, changed()), true);
});
