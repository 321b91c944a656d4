// The page's store and its named actions (Sources/SnapStylePreview/Page/store.js, actions.js).

import {test} from 'node:test';
import assert from 'node:assert/strict';

import {ACTIONS, initialState} from '../../Sources/SnapStylePreview/Page/actions.js';
import {createStore, watch} from '../../Sources/SnapStylePreview/Page/store.js';

const themes = [
    {name: 'snap', state: 'loaded', generation: 3, errors: [], modifiers: []},
    {name: 'lantern', state: 'loaded', generation: 1, errors: [], errorCount: 0,
        modifiers: [{name: 'theme', contexts: ['Light', 'Dark']}]},
    {name: 'broken', state: 'error', generation: 2, errors: [{file: 'b.json', line: 1, column: 2, message: 'x'}],
        errorCount: 45},
];

function freshStore() {
    const store = createStore(ACTIONS, initialState());
    store.dispatch('themesLoaded', {themes, defaultTheme: 'snap', askedAt: 10});
    return store;
}

test('store: named actions change the state, listeners hear each change once, unknown names throw', () => {
    const store = createStore({add: (state, n) => (n ? {count: state.count + n} : state)}, {count: 0});
    const heard = [];
    const stop = store.subscribe((state, previous, name) => heard.push([name, previous.count, state.count]));
    store.dispatch('add', 2);
    store.dispatch('add', 0);
    assert.deepEqual(heard, [['add', 0, 2]], 'an action that answers the same state tells no one');
    stop();
    store.dispatch('add', 1);
    assert.equal(heard.length, 1);
    assert.equal(store.state.count, 3);
    assert.throws(() => store.dispatch('nope'), /unknown action nope/);
});

test('store: watch renders at once, then only when its slice changes', () => {
    const store = createStore({set: (state, changes) => ({...state, ...changes})}, {a: 1, b: [1]});
    const seen = [];
    watch(store, (state) => state.a, (state) => seen.push(state.a));
    store.dispatch('set', {b: [2]});
    store.dispatch('set', {a: 2});
    assert.deepEqual(seen, [1, 2]);
    const pairs = [];
    watch(store, (state) => [state.a, state.b], (state) => pairs.push(state.a));
    store.dispatch('set', {c: 1});
    store.dispatch('set', {b: [3]});
    assert.deepEqual(pairs, [2, 2], 'an array slice compares element by element');
});

test('actions: an action never changes the state it is given', () => {
    const store = freshStore();
    const before = store.state;
    const ctx = before.ctx;
    store.dispatch('modifierChosen', {name: 'theme', value: 'Dark'});
    store.dispatch('stackPicked', {kind: 'component', id: 'card'});
    store.dispatch('groupToggled', {name: 'number\u0000space', open: false});
    assert.deepEqual(ctx.modifiers, {});
    assert.equal(ctx.pick, null);
    assert.equal(before.collapsed.size, 0);
    assert.deepEqual(store.state.ctx.modifiers, {theme: 'Dark'});
    assert.ok(store.state.collapsed.has('number\u0000space'));
});

test('actions: the context settles on a theme that exists and its own modifier contexts', () => {
    const store = freshStore();
    store.dispatch('contextSettled', {initialTheme: 'lantern'});
    assert.equal(store.state.ctx.theme, 'lantern', 'the page\'s first theme');
    store.dispatch('modifierChosen', {name: 'theme', value: 'Dark'});
    store.dispatch('modifierChosen', {name: 'gone', value: 'x'});
    store.dispatch('contextSettled', {});
    assert.deepEqual(store.state.ctx.modifiers, {theme: 'Dark'});
    const other = freshStore();
    other.dispatch('contextSettled', {initialTheme: 'missing'});
    assert.equal(other.state.ctx.theme, 'snap', 'else the default theme');
});

test('actions: choosing another theme resets every panel to it (keys, values, counts, explain, banner)', () => {
    const store = freshStore();
    store.dispatch('contextSettled', {initialTheme: 'broken'});
    assert.equal(store.state.banner.errorCount, 45, 'the theme list\'s errors are the banner');
    store.dispatch('fullLoaded', {keys: {generation: 2, keys: {surface: [{key: 'a'}]}}, schemes: ['light'],
        loaded: [{values: new Map(), generation: 4, cards: null, sheet: null}]});
    store.dispatch('explainOpened', {attribute: 'surface', key: 'a', scheme: 'light'});
    assert.equal(store.state.generation, 4);
    store.dispatch('modifierChosen', {name: 'theme', value: 'Dark'});
    store.dispatch('themeChosen', 'lantern');
    const state = store.state;
    assert.equal(state.ctx.theme, 'lantern');
    assert.equal(state.keys, null);
    assert.deepEqual(state.data, {});
    assert.equal(state.meta.size, 0);
    assert.equal(state.generation, 0);
    assert.equal(state.explain, null);
    assert.equal(state.banner, null);
    assert.deepEqual(state.ctx.modifiers, {}, 'another theme\'s modifiers do not carry over');
    assert.equal(store.dispatch('themeChosen', 'lantern'), state, 'the same theme changes nothing');
});

test('actions: the stack is pushed, trimmed, cleared, and checked against the keys', () => {
    const store = freshStore();
    store.dispatch('stackPushed');
    assert.deepEqual(store.state.ctx.stack, [], 'nothing to push without a choice');
    store.dispatch('stackPicked', {kind: 'component', id: 'accentCard'});
    store.dispatch('stackStateChosen', 'highlighted');
    store.dispatch('stackPushed');
    store.dispatch('stackPicked', {kind: 'container', id: 'sheet'});
    assert.deepEqual(store.state.ctx.stack, [{kind: 'component', id: 'accentCard', state: 'highlighted'}]);
    assert.equal(store.state.ctx.state, 'normal');
    store.dispatch('stackChecked', {components: ['contentCard'], containers: ['sheet']});
    assert.deepEqual(store.state.ctx.stack, [], 'an entry the theme does not have is dropped');
    assert.deepEqual(store.state.ctx.pick, {kind: 'container', id: 'sheet'});
    store.dispatch('stackStateChosen', 'bogus');
    assert.equal(store.state.ctx.state, 'normal');
    store.dispatch('stackCleared');
    assert.equal(store.state.ctx.pick, null);
});

test('actions: a banner event wins over an older theme list, a newer list wins over it', () => {
    const store = freshStore();
    store.dispatch('contextSettled', {initialTheme: 'snap'});
    const errors = [{file: 's.json', line: 2, column: 3, message: 'bad'}];
    store.dispatch('bannerShown', {theme: 'snap', errors, at: 20});
    store.dispatch('themesLoaded', {themes, askedAt: 15});
    assert.deepEqual(store.state.banner, {theme: 'snap', errors, errorCount: 1}, 'a list asked before the event');
    store.dispatch('themesLoaded', {themes, askedAt: 25});
    assert.equal(store.state.banner, null, 'a list asked after it');
    store.dispatch('themeInfoChanged', {theme: 'snap', changes: {state: 'error', errorCount: 3}});
    assert.equal(store.state.themes.find((theme) => theme.name === 'snap').errorCount, 3);
    assert.equal(themes[0].errorCount, undefined, 'the list given is not changed');
});

test('actions: full loads count up; a scheme\'s data changes part by part', () => {
    const store = freshStore();
    const {epoch} = store.dispatch('fullLoadRequested');
    assert.equal(epoch, 1);
    assert.ok(store.state.loading && store.state.fullPending);
    store.dispatch('fullLoadStarted');
    store.dispatch('fullLoaded', {keys: {generation: 7}, schemes: ['light', 'dark'], loaded: [
        {values: new Map(), generation: 5, cards: new Map(), sheet: null},
        {values: new Map(), generation: 6, cards: new Map(), sheet: null}]});
    store.dispatch('fullLoadFinished');
    assert.equal(store.state.generation, 7);
    assert.ok(!store.state.loading && !store.state.fullPending);
    const dark = store.state.data.dark;
    store.dispatch('schemeDataChanged', {scheme: 'light', changes: {sheet: {values: {}}}});
    assert.deepEqual(store.state.data.light.sheet, {values: {}});
    assert.equal(store.state.data.dark, dark, 'the other scheme is the same object');
    assert.equal(store.dispatch('schemeDataChanged', {scheme: 'nope', changes: {}}), store.state);
});

test('actions: what loads again is a change of what the page resolves, by someone', async () => {
    const {contextChangedValues} = await import('../../Sources/SnapStylePreview/Page/actions.js');
    const store = freshStore();
    store.dispatch('contextSettled', {initialTheme: 'snap'});
    const step = (name, payload) => {
        const previous = store.state;
        store.dispatch(name, payload);
        return contextChangedValues(previous, store.state, name);
    };
    assert.equal(step('stackStateChosen', 'selected'), false, 'a state without a choice resolves nothing new');
    assert.equal(step('stackPicked', {kind: 'component', id: 'card'}), true);
    assert.equal(step('stackPushed'), false, 'pushing keeps the same stack');
    assert.equal(step('schemeChosen', 'both'), true);
    assert.equal(step('themeChosen', 'lantern'), true);
    assert.equal(step('themeChosen', 'lantern'), false);
    assert.equal(step('stackChecked', {components: []}), false, 'the page\'s own correction goes on with its load');
    assert.equal(step('inheritedToggled', true), false);
});
