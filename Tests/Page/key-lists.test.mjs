// The keys a section lists: order, own keys, groups by path (Sources/SnapStylePreview/Page/key-lists.js).

import {test} from 'node:test';
import assert from 'node:assert/strict';

import {
    compareKeys, groupEntries, hasKey, hasTypedKeys, isOwnKey, sortEntries, visibleEntries,
} from '../../Sources/SnapStylePreview/Page/key-lists.js';

test('natural sort: numbers by value, segment by segment', () => {
    const keys = ['gray.100', 'space.10', 'gray.50', 'space.2', 'gray.900', 'gray2.50', 'a.z', 'a.b.c'];
    assert.deepEqual(keys.slice().sort(compareKeys),
        ['a.b.c', 'a.z', 'gray.50', 'gray.100', 'gray.900', 'gray2.50', 'space.2', 'space.10']);
    assert.ok(compareKeys('gray.50', 'gray.100') < 0);
    assert.equal(compareKeys('x', 'x'), 0);
    const entries = [{key: 'space.10'}, {key: 'space.2'}];
    assert.deepEqual(sortEntries(entries).map((e) => e.key), ['space.2', 'space.10']);
    assert.equal(entries[0].key, 'space.10', 'the input is left as it was');
});

test('own keys: typed ones, and those from the theme\'s own files', () => {
    const entries = [
        {key: 'color.brand', type: 'color', file: 'tokens/brand.json'},
        {key: 'accent', file: 'brand/colors.json'},
        {key: 'title', file: 'brand.json'},
        {key: 'body', file: 'snap/fonts.json'},
        {key: 'caption', file: 'brandnew/fonts.json'},
        {key: 'loose'},
    ];
    assert.deepEqual(entries.filter((e) => isOwnKey(e, 'brand')).map((e) => e.key), ['color.brand', 'accent', 'title']);
    assert.deepEqual(visibleEntries(entries, 'brand', true).map((e) => e.key), ['color.brand', 'accent', 'title']);
    assert.equal(visibleEntries(entries, 'brand', false).length, entries.length);
    assert.equal(hasTypedKeys({keys: {surface: [{key: 'a'}], token: [{key: 'b', type: 'dimension'}]}}), true);
    assert.equal(hasTypedKeys({keys: {surface: [{key: 'a', file: 'x.json'}]}}), false);
    assert.equal(hasTypedKeys(null), false);
});

// A group as `path(count): items`, an entry as its key, to compare trees in one line.
function outline(items) {
    return items.map((item) => (item.entry ? item.entry.key
        : `${item.path}(${item.count}): [${outline(item.items)}]`)).join(', ');
}

const entries = (keys) => keys.map((key) => ({key}));

test('groups: keys under their path prefixes, in the order given', () => {
    const keys = ['palette.navy', 'palette.sea', 'palette.white', 'surface.card', 'surface.text', 'accent'];
    assert.equal(outline(groupEntries(entries(keys))),
        'palette(3): [palette.navy, palette.sea, palette.white], surface(2): [surface.card, surface.text], accent');
    assert.equal(outline(groupEntries(sortEntries(entries(['gray.100', 'gray.50', 'gray.900'])))),
        'gray(3): [gray.50, gray.100, gray.900]', 'natural order inside a group');
});

test('groups: nested by segment, a lone key stays where it is, no chain of one-group levels', () => {
    const keys = ['color.bg.brand', 'color.bg.muted', 'color.fg.text', 'color.accent', 'motion.fast'];
    assert.equal(outline(groupEntries(entries(keys))),
        'color(4): [color.bg(2): [color.bg.brand, color.bg.muted], color.fg.text, color.accent], motion.fast');
    // Every key under color.bg: one group named by the whole shared path, not color > bg.
    assert.equal(outline(groupEntries(entries(['color.bg.a', 'color.bg.b', 'color.bg.c.d', 'color.bg.c.e']))),
        'color.bg(4): [color.bg.a, color.bg.b, color.bg.c(2): [color.bg.c.d, color.bg.c.e]]');
    // A key that is also a group's path stays beside the group.
    assert.equal(outline(groupEntries(entries(['space', 'space.small', 'space.large']))),
        'space, space(2): [space.small, space.large]');
});

test('groups: names without dots (a native theme) are listed as they are', () => {
    const keys = ['brandPrimary', 'screen', 'accent'];
    const items = groupEntries(entries(keys));
    assert.ok(items.every((item) => item.entry));
    assert.deepEqual(items.map((item) => item.entry.key), keys);
    assert.deepEqual(groupEntries([]), []);
    // Each entry appears exactly once, whatever the grouping.
    const many = entries(['a.b.c', 'a.b.d', 'a.e', 'f', 'g.h', 'g.i.j', 'g.i.k', 'x.y']);
    const flat = (items) => items.flatMap((item) => (item.entry ? [item.entry.key] : flat(item.items)));
    assert.deepEqual(flat(groupEntries(many)), many.map((e) => e.key));
});

test('hasKey looks in one attribute', () => {
    const keys = {keys: {number: [{key: 'sheetDetentHalf'}], surface: [{key: 'screen'}]}};
    assert.equal(hasKey(keys, 'number', 'sheetDetentHalf'), true);
    assert.equal(hasKey(keys, 'surface', 'sheetDetentHalf'), false);
    assert.equal(hasKey(null, 'number', 'x'), false);
});
