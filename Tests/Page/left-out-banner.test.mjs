// The banner of an imported theme that serves without its tokens in error: what an event or a theme entry lists
// (error-list.js listedErrors), the banner's kind and title (bannerHeading), and how `themeServed` (actions.js)
// keeps the entry and the banner of the theme shown up to date as the errors change or go away.

import {test} from 'node:test';
import assert from 'node:assert/strict';

import {ACTIONS, initialState} from '../../Sources/SnapStylePreview/Page/actions.js';
import {bannerErrors, bannerHeading, listedErrors} from '../../Sources/SnapStylePreview/Page/error-list.js';
import {createStore} from '../../Sources/SnapStylePreview/Page/store.js';

const error = (line, message) => ({file: 'tokens.json', line, column: 40, message});
const nope = error(1, 'b: alias {nope} names no token');

test('listed errors: an event\'s errors and count, the number listed without a count, none without errors', () => {
    assert.deepEqual(listedErrors({errors: [nope], errorCount: 3}), {errors: [nope], errorCount: 3});
    assert.deepEqual(listedErrors({errors: [nope, nope]}), {errors: [nope, nope], errorCount: 2});
    assert.deepEqual(listedErrors({theme: 'kit', changed: {}}), {errors: [], errorCount: 0},
        'a themeChanged of a theme that leaves nothing out has neither member');
    assert.deepEqual(listedErrors({errors: 'x', errorCount: -1}), {errors: [], errorCount: 0});
    assert.deepEqual(listedErrors(null), {errors: [], errorCount: 0});
});

test('banner heading: tokens left out of a loaded theme are a warning with their count; errors stay errors', () => {
    const loaded = bannerHeading('faulty', {state: 'loaded', generation: 2}, 3);
    assert.equal(loaded.kind, 'left-out');
    assert.equal(loaded.title, 'Theme “faulty” leaves out 3 tokens in error; the rest of it is shown.');
    assert.match(bannerHeading('faulty', {state: 'loaded', generation: 2}, 1).title, /leaves out 1 token in error;/);
    assert.deepEqual(bannerHeading('brand', {state: 'error', generation: 4}, 2),
        {kind: 'error', title: 'Theme “brand” has 2 errors: showing its last good values.'});
    assert.deepEqual(bannerHeading('new', {state: 'error', generation: 0}, 1),
        {kind: 'error', title: 'Theme “new” has 1 error and has never loaded.'});
    assert.equal(bannerHeading('gone', null, 1).kind, 'error', 'a theme the list does not have is not loaded');
});

function storeShowing(theme) {
    const store = createStore(ACTIONS, initialState());
    store.dispatch('themesLoaded', {askedAt: 10, defaultTheme: theme, themes: [
        {name: 'faulty', state: 'loaded', generation: 1, errors: [], errorCount: 0, format: 'dtcg'},
        {name: 'brand', state: 'error', generation: 4, errors: [error(2, 'bad')], errorCount: 1},
    ]});
    store.dispatch('contextSettled', {initialTheme: theme});
    return store;
}

test('theme served: the banner follows the tokens left out, live, and goes when they are fixed', () => {
    const store = storeShowing('faulty');
    assert.equal(store.state.banner, null, 'no errors, no banner');
    const many = Array.from({length: 20}, (_, i) => error(i + 2, `t${i}: alias {nope} names no token`));
    store.dispatch('themeServed', {theme: 'faulty', generation: 2, errors: many, errorCount: 26, at: 20});
    const entry = store.state.themes.find((theme) => theme.name === 'faulty');
    assert.deepEqual([entry.state, entry.generation, entry.errorCount], ['loaded', 2, 26]);
    assert.deepEqual(store.state.banner, {theme: 'faulty', errors: many, errorCount: 26});
    const shown = bannerErrors(store.state.banner.errors, store.state.banner.errorCount);
    assert.deepEqual([shown.lines.length, shown.total, shown.more], [20, 26, 6]);
    assert.equal(shown.lines[0], 'tokens.json:2:40: t0: alias {nope} names no token');

    store.dispatch('themeServed', {theme: 'faulty', generation: 3, errors: [nope], errorCount: 1, at: 30});
    assert.deepEqual(store.state.banner, {theme: 'faulty', errors: [nope], errorCount: 1}, 'fewer errors, at once');
    store.dispatch('themesLoaded', {themes: store.state.themes, askedAt: 25});
    assert.equal(store.state.banner.errorCount, 1, 'a theme list asked before the event does not undo it');

    store.dispatch('themeServed', {theme: 'faulty', generation: 4, errors: [], errorCount: 0, at: 40});
    assert.equal(store.state.banner, null, 'every token fixed: the banner goes');
    assert.equal(store.state.themes.find((theme) => theme.name === 'faulty').errorCount, 0);
});

test('theme served: another theme\'s event changes its entry, never the banner of the theme shown', () => {
    const store = storeShowing('brand');
    const before = store.state.banner;
    assert.equal(before.errorCount, 1, 'the theme in error has its banner from the list');
    store.dispatch('themeServed', {theme: 'faulty', generation: 2, errors: [nope], errorCount: 1, at: 20});
    assert.equal(store.state.banner, before);
    assert.equal(store.state.themes.find((theme) => theme.name === 'faulty').errorCount, 1);
    store.dispatch('themeServed', {theme: 'brand', generation: 5, errors: [], errorCount: 0, at: 30});
    assert.equal(store.state.banner, null, 'the theme in error recovered with nothing left out');
    assert.equal(store.state.themes.find((theme) => theme.name === 'brand').state, 'loaded');
});
