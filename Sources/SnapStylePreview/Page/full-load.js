// Full loads: the theme list, the keys, every value of every scheme shown, then one render.

import {api, describeError, isAbort} from './api.js';
import {ATTRIBUTE_SECTIONS} from './constants.js';
import {keySelector, $} from './dom.js';
import {refreshExplain} from './explain.js';
import {pagePlan} from './key-lists.js';
import {loadScheme} from './loading.js';
import {renderAll} from './page-render.js';
import {applyFilter} from './search.js';
import {renderUnavailable} from './sections.js';
import {activeSchemes, store, themeInfo} from './state.js';

// The theme list and the default theme, from /api/themes.
export async function loadThemes(signal) {
    const askedAt = performance.now();
    const answer = await api('/api/themes', null, signal);
    store.dispatch('themesLoaded', {themes: answer.themes, defaultTheme: answer.default, askedAt});
}

// One full load, unless a newer one was asked for (`epoch`) in the meantime.
export async function fullLoad(epoch, signal) {
    const stale = () => epoch !== store.state.epoch;
    if (stale()) return;
    store.dispatch('fullLoadStarted');
    try {
        await loadThemes(signal);
        if (stale()) return;
        store.dispatch('contextSettled', {initialTheme: $('meta[name="snapstyle-theme"]')?.content ?? null});
        const info = themeInfo();
        if (!info || !info.generation) {
            store.dispatch('themeUnavailable');
            const count = info?.errorCount ?? info?.errors?.length ?? 0;
            renderUnavailable(info ? `Theme “${info.name}” has not loaded yet${count
                ? ': fix the errors above.' : '.'}` : 'No themes.');
            return;
        }
        const keys = await api('/api/keys', new URLSearchParams({theme: info.name}), signal);
        if (stale()) return;
        store.dispatch('stackChecked', keys);
        const schemes = activeSchemes();
        // An imported theme's page leaves out the cards and the sheet: they are loaded with the inherited keys.
        const {imported} = pagePlan(keys, info.name, store.state.showInherited, ATTRIBUTE_SECTIONS);
        const loaded = await Promise.all(schemes.map((scheme) =>
            loadScheme(scheme, keys, signal, {cards: !imported})));
        if (stale()) return;
        commitFull(keys, schemes, loaded);
        store.dispatch('noticeHidden');
    } catch (error) {
        if (isAbort(error) || stale()) return;
        store.dispatch('noticeShown', `Could not load the preview: ${describeError(error)}`);
    } finally {
        if (!stale()) {
            store.dispatch('fullLoadFinished');
            performance.mark('snapstyle-ready');
        }
    }
}

// Shows a full load: keeps the focused key, the anchor or scroll position, and the open explanation.
function commitFull(keys, schemes, loaded) {
    const scrollY = window.scrollY;
    const focused = document.activeElement?.closest?.('.key');
    const focusSelector = focused ? keySelector(focused.dataset.attribute, focused.dataset.key,
        schemes.includes(focused.dataset.scheme) ? focused.dataset.scheme : schemes[0]) : null;
    store.dispatch('fullLoaded', {keys, schemes, loaded});
    renderAll();
    applyFilter();
    if (focusSelector) $(focusSelector)?.focus({preventScroll: true});
    const {anchor, restoreScroll} = store.state;
    if (anchor) document.getElementById(anchor)?.scrollIntoView();
    else if (restoreScroll !== null) window.scrollTo(0, restoreScroll);
    else window.scrollTo(window.scrollX, scrollY);
    store.dispatch('scrollPlaced');
    refreshExplain();
}
