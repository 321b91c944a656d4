// The page's state and the named actions that change it, each `(state, payload) => state` without touching the
// state it is given. No DOM (tested by Node).

import {ATTRIBUTES, SCHEMES, STATES} from './constants.js';
import {contextQuery, defaultContext, stackEntries, stackKnown} from './context.js';

// The state before anything is loaded, in the context `ctx` (read from the URL's fragment).
export function initialState(ctx = defaultContext()) {
    return {
        // The theme list of /api/themes, its default theme, and when it was asked for (performance.now()).
        themes: [], defaultTheme: 'snap', themesAskedAt: 0,
        // The context the page previews in (context.js).
        ctx,
        // The shown theme's /api/keys answer, its keys' metadata, the schemes shown and each one's loaded values.
        keys: null, meta: new Map(), schemes: [], data: {}, generation: 0,
        // Full loads: each one's number (a newer one makes older ones stale), one waiting, one under way.
        epoch: 0, fullPending: false, loading: false,
        connection: 'connecting',
        // The explain panel's request (attribute, key, scheme, stack and what opened it), or null when closed.
        explain: null,
        // The theme's errors as the banner shows them (`{theme, errors, errorCount}`) or null; when an event last
        // said so, so that an older theme list does not undo it.
        banner: null, bannerEventAt: -1,
        notice: null,
        // Where the first render scrolls: a section named by the fragment, or where a reload left the page.
        anchor: null, restoreScroll: null,
        showInherited: false, collapsed: new Set(),
    };
}

// The schemes a context shows: one, or both side by side.
export function schemesOf(ctx) {
    return ctx.scheme === 'both' ? SCHEMES.slice() : [ctx.scheme];
}

export function findTheme(state, name = state.ctx.theme) {
    return state.themes.find((theme) => theme.name === name) ?? null;
}

// The keys' metadata (type, description, deprecation) by `attribute NUL key`.
export function buildMeta(keys) {
    const meta = new Map();
    for (const attribute of ATTRIBUTES) {
        for (const entry of keys?.keys?.[attribute] ?? []) {
            if (entry.type || entry.description || entry.deprecated) meta.set(`${attribute}\u0000${entry.key}`, entry);
        }
    }
    return meta;
}

// What the page shows of a theme it switches away from: nothing of it stays (keys, values, counts, the explain
// panel, the banner), so every panel follows the new theme from the moment it is chosen.
function withTheme(state, theme) {
    if (theme === state.ctx.theme) return state;
    return {
        ...state, ctx: {...state.ctx, theme, modifiers: {}}, keys: null, meta: new Map(), data: {}, generation: 0,
        explain: null, banner: null, bannerEventAt: -1, notice: null,
    };
}

function withContext(state, changes) {
    return {...state, ctx: {...state.ctx, ...changes}};
}

// The banner as a theme's entry says: its errors, or none.
function bannerOf(info) {
    const count = info?.errorCount ?? info?.errors?.length ?? 0;
    return info && count > 0 ? {theme: info.name, errors: info.errors ?? [], errorCount: count} : null;
}

export const ACTIONS = {
    // /api/themes answered: the list, the default theme, when it was asked; the banner follows the list unless an
    // event about the theme came after the list was asked for.
    themesLoaded(state, {themes, defaultTheme, askedAt}) {
        const list = Array.isArray(themes) ? themes : [];
        const next = {
            ...state, themes: list, themesAskedAt: askedAt ?? state.themesAskedAt,
            defaultTheme: defaultTheme ?? state.defaultTheme,
        };
        if (next.bannerEventAt > next.themesAskedAt) return next;
        return {...next, banner: bannerOf(findTheme(next))};
    },

    // An event changed a theme's entry (its state, errors, generation).
    themeInfoChanged(state, {theme, changes}) {
        if (!findTheme(state, theme)) return state;
        return {...state, themes: state.themes.map((info) => (info.name === theme ? {...info, ...changes} : info))};
    },

    // The context made valid for the themes known now: a theme that exists (the page's first theme, the default,
    // the first), and only the modifier contexts that theme has.
    contextSettled(state, {initialTheme = null} = {}) {
        let next = state;
        if (!findTheme(next)) {
            const candidates = [initialTheme, next.defaultTheme, next.themes[0]?.name];
            const theme = candidates.find((name) => name && findTheme(next, name));
            if (theme) next = {...next, ctx: {...next.ctx, theme}};
        }
        const modifiers = findTheme(next)?.modifiers ?? [];
        const kept = Object.fromEntries(Object.entries(next.ctx.modifiers).filter(([name, value]) =>
            (modifiers.find((modifier) => modifier.name === name)?.contexts ?? []).includes(value)));
        if (Object.keys(kept).length !== Object.keys(next.ctx.modifiers).length) {
            next = {...next, ctx: {...next.ctx, modifiers: kept}};
        }
        return next === state ? state : {...next, banner: bannerOf(findTheme(next))};
    },

    themeChosen: (state, theme) => withTheme(state, theme),
    schemeChosen: (state, scheme) => (scheme === state.ctx.scheme ? state : withContext(state, {scheme})),
    contrastChosen: (state, contrast) => (contrast === state.ctx.contrast ? state : withContext(state, {contrast})),
    platformChosen: (state, platform) => (platform === state.ctx.platform ? state : withContext(state, {platform})),
    dynamicTypeChosen: (state, dt) => (dt === state.ctx.dt ? state : withContext(state, {dt})),

    modifierChosen(state, {name, value}) {
        const modifiers = {...state.ctx.modifiers};
        if (value) modifiers[name] = value;
        else delete modifiers[name];
        return withContext(state, {modifiers});
    },

    // The stack menu's choice (a component or container, or none) and its state.
    stackPicked: (state, pick) => withContext(state, {pick}),
    stackStateChosen: (state, value) => withContext(state, {state: STATES.includes(value) ? value : 'normal'}),
    // The choice becomes an entry of the stack, and the next choice goes inside it.
    stackPushed(state) {
        if (!state.ctx.pick) return state;
        return withContext(state, {stack: stackEntries(state.ctx), pick: null, state: 'normal'});
    },
    stackEntryRemoved(state, index) {
        if (index < 0 || index >= state.ctx.stack.length) return state;
        return withContext(state, {stack: state.ctx.stack.filter((_, i) => i !== index)});
    },
    stackCleared: (state) => withContext(state, {stack: [], pick: null, state: 'normal'}),
    // The stack keeps the entries the theme's keys have.
    stackChecked(state, keys) {
        const stack = state.ctx.stack.filter((entry) => stackKnown(keys, entry));
        const pick = state.ctx.pick && !stackKnown(keys, state.ctx.pick) ? null : state.ctx.pick;
        if (stack.length === state.ctx.stack.length && pick === state.ctx.pick) return state;
        return withContext(state, {stack, pick});
    },

    // A whole context (the URL's fragment changed): another theme resets what the page shows.
    contextReplaced(state, ctx) {
        const next = withTheme(state, ctx.theme);
        return {...next, ctx};
    },

    // A full load: asked for (the older ones are stale), started, and done.
    fullLoadRequested: (state) => ({...state, epoch: state.epoch + 1, fullPending: true, loading: true}),
    fullLoadStarted: (state) => (state.fullPending ? {...state, fullPending: false} : state),
    fullLoadFinished: (state) => (state.loading ? {...state, loading: false} : state),

    // The theme has no values to show (it never loaded, or there is no theme).
    themeUnavailable: (state) => ({
        ...state, keys: null, meta: new Map(), schemes: schemesOf(state.ctx), data: {}, generation: 0,
    }),

    // Everything of a full load: the keys, the schemes and each one's values, cards and sheet.
    fullLoaded(state, {keys, schemes, loaded}) {
        const generation = Math.max(keys.generation ?? 0, ...loaded.map((data) => data.generation ?? 0));
        return {
            ...state, keys, meta: buildMeta(keys), schemes,
            data: Object.fromEntries(schemes.map((scheme, index) => [scheme, loaded[index]])), generation,
        };
    },

    // A live update's new key list.
    keysChanged: (state, keys) => ({...state, keys, meta: buildMeta(keys)}),

    // A live update's values, cards or sheet of one scheme (the parts given replace the scheme's).
    schemeDataChanged(state, {scheme, changes}) {
        if (!state.data[scheme]) return state;
        return {...state, data: {...state.data, [scheme]: {...state.data[scheme], ...changes}}};
    },

    generationSeen: (state, generation) => (generation === state.generation ? state : {...state, generation}),

    connectionChanged: (state, connection) => (connection === state.connection ? state : {...state, connection}),

    explainOpened: (state, request) => ({...state, explain: request}),
    explainClosed: (state) => (state.explain ? {...state, explain: null} : state),

    // The banner of a theme's errors (an event), or none; `at` is when the event came.
    bannerShown: (state, {theme, errors, errorCount, at}) => ({
        ...state, banner: {theme, errors: errors ?? [], errorCount: errorCount ?? errors?.length ?? 0},
        bannerEventAt: at,
    }),
    bannerHidden: (state, {at}) => ({...state, banner: null, bannerEventAt: at}),

    // A theme serves a new generation (themeChanged, themeRecovered) and leaves out the tokens in error the event
    // lists (none: it serves all of them): its entry says so, and the banner of the theme shown follows, at `at`.
    themeServed(state, {theme, generation, errors, errorCount, at}) {
        const listed = {errors: errors ?? [], errorCount: errorCount ?? errors?.length ?? 0};
        const changes = {state: 'loaded', ...listed, ...(Number.isInteger(generation) ? {generation} : {})};
        const next = ACTIONS.themeInfoChanged(state, {theme, changes});
        if (theme !== state.ctx.theme) return next;
        return {...next, banner: listed.errorCount > 0 ? {theme, ...listed} : null, bannerEventAt: at};
    },

    noticeShown: (state, text) => ({...state, notice: text}),
    noticeHidden: (state) => (state.notice === null ? state : {...state, notice: null}),

    inheritedToggled: (state, on) => (Boolean(on) === state.showInherited ? state : {...state, showInherited: !!on}),

    // A group of keys opened or closed (by its `attribute NUL path`).
    groupToggled(state, {name, open}) {
        if (open !== state.collapsed.has(name)) return state;
        const collapsed = new Set(state.collapsed);
        if (open) collapsed.delete(name);
        else collapsed.add(name);
        return {...state, collapsed};
    },

    anchorAsked: (state, anchor) => ({...state, anchor}),
    scrollRestoreAsked: (state, y) => ({...state, restoreScroll: y}),
    // The first render went where it was asked to.
    scrollPlaced: (state) => (state.anchor === null && state.restoreScroll === null ? state
        : {...state, anchor: null, restoreScroll: null}),
};

// The actions by which someone changes the context.
const CONTEXT_ACTIONS = new Set([
    'themeChosen', 'schemeChosen', 'contrastChosen', 'platformChosen', 'dynamicTypeChosen', 'modifierChosen',
    'stackPicked', 'stackStateChosen', 'stackEntryRemoved', 'stackCleared', 'contextReplaced',
]);

// Whether the action `name`, from `previous` to `state`, changed what the page resolves (the query of its context,
// or the schemes shown), so that everything is loaded again. The page's own corrections (a theme that exists, the
// stack checked against the keys) are not: the load that made them goes on.
export function contextChangedValues(previous, state, name) {
    if (!CONTEXT_ACTIONS.has(name)) return false;
    const key = ({ctx}) => `${ctx.scheme}\u0000${contextQuery(ctx, 'light')}`;
    return key(previous) !== key(state);
}
