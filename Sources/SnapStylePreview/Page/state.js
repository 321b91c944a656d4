// The page's one store (store.js over the actions of actions.js), and what reads it. Every change of the page's
// state is a named action: `store.dispatch('themeChosen', name)`; views follow it with `store.subscribe`/`watch`.

import {ACTIONS, findTheme, initialState, schemesOf} from './actions.js';
import {contextQuery, hashText, readHash, stackEntries} from './context.js';
import {createStore} from './store.js';

export const store = createStore(ACTIONS, initialState(readHash(location.hash.slice(1))));

export const SCROLL_KEY = 'snapstyle-preview-scroll';

// The URL's fragment follows the context, so a reload or a shared link shows the same view.
export function writeHash() {
    const text = hashText(store.state.ctx);
    if (location.hash.slice(1) !== text) history.replaceState(null, '', `#${text}`);
}

export function activeSchemes() {
    return schemesOf(store.state.ctx);
}

export function themeInfo(name = store.state.ctx.theme) {
    return findTheme(store.state, name);
}

// The stack the page previews in now, root first.
export function currentStack() {
    return stackEntries(store.state.ctx);
}

// The query parameters of the page's context in one scheme, with extra stack entries and variables.
export function contextParams(scheme, extra = {}) {
    return contextQuery(store.state.ctx, scheme, extra);
}
