// The page's state (the context, the theme list, the loaded keys and values of each scheme) and what reads it.

import {SCHEMES} from './constants.js';
import {contextQuery, hashText, readHash, stackEntries} from './context.js';

export const ui = {
    themes: [],
    defaultTheme: 'snap',
    ctx: readHash(location.hash.slice(1)),
    keys: null,
    meta: new Map(),
    schemes: [],
    data: {},
    generation: 0,
    epoch: 0,
    abort: null,
    connection: 'connecting',
    explain: null,
    anchor: null,
    restoreScroll: null,
    fullPending: false,
    themesAskedAt: 0,
    bannerEventAt: -1,
    showInherited: false,
    collapsed: new Set(),
};

export const SCROLL_KEY = 'snapstyle-preview-scroll';

// The URL's fragment follows the context, so a reload or a shared link shows the same view.
export function writeHash() {
    const text = hashText(ui.ctx);
    if (location.hash.slice(1) !== text) history.replaceState(null, '', `#${text}`);
}

export function activeSchemes() {
    return ui.ctx.scheme === 'both' ? SCHEMES.slice() : [ui.ctx.scheme];
}

export function themeInfo(name = ui.ctx.theme) {
    return ui.themes.find((theme) => theme.name === name) ?? null;
}

// The stack the page previews in now, root first.
export function currentStack() {
    return stackEntries(ui.ctx);
}

// The query parameters of the page's context in one scheme, with extra stack entries and variables.
export function contextParams(scheme, extra = {}) {
    return contextQuery(ui.ctx, scheme, extra);
}
