// Full loads: the theme list, the keys, every value of every scheme shown, then one render.

import {api, describeError, enqueue, isAbort} from './api.js';
import {stackKnown} from './context.js';
import {renderContextControls, renderStackOptions, renderThemeControls} from './controls.js';
import {keySelector, $} from './dom.js';
import {refreshExplain} from './explain.js';
import {cancelCardRefresh} from './live-update.js';
import {loadScheme} from './loading.js';
import {applyFilter} from './search.js';
import {buildMeta, renderAll, renderUnavailable, setGeneration} from './sections.js';
import {activeSchemes, themeInfo, ui, writeHash} from './state.js';
import {hideNotice, renderFooterInfo, showNotice, syncBanner} from './status.js';

// Loads everything again (a new context, a missed event): cancels a load or card refresh under way.
export function requestFullLoad() {
    ui.epoch += 1;
    ui.abort?.abort();
    cancelCardRefresh();
    ui.abort = new AbortController();
    document.body.dataset.ready = 'false';
    document.body.classList.add('is-loading');
    ui.fullPending = true;
    const epoch = ui.epoch;
    const signal = ui.abort.signal;
    return enqueue(() => fullLoad(epoch, signal));
}

// The theme list and the default theme, from /api/themes.
export async function loadThemes(signal) {
    const askedAt = performance.now();
    const answer = await api('/api/themes', null, signal);
    ui.themes = Array.isArray(answer.themes) ? answer.themes : [];
    ui.themesAskedAt = askedAt;
    ui.defaultTheme = answer.default ?? ui.themes[0]?.name ?? '';
}

// Makes the context valid for the themes known now: a theme that exists, its own modifiers' contexts only.
function settleContext() {
    const initial = $('meta[name="snapstyle-theme"]')?.content;
    if (!themeInfo()) {
        const candidates = [initial, ui.defaultTheme, ui.themes[0]?.name];
        ui.ctx.theme = candidates.find((name) => name && themeInfo(name)) ?? ui.ctx.theme;
    }
    const modifiers = themeInfo()?.modifiers ?? [];
    for (const name of Object.keys(ui.ctx.modifiers)) {
        const modifier = modifiers.find((m) => m.name === name);
        if (!modifier || !(modifier.contexts ?? []).includes(ui.ctx.modifiers[name])) delete ui.ctx.modifiers[name];
    }
}

async function fullLoad(epoch, signal) {
    const stale = () => epoch !== ui.epoch;
    if (stale()) return;
    ui.fullPending = false;
    try {
        await loadThemes(signal);
        if (stale()) return;
        settleContext();
        renderThemeControls();
        renderContextControls();
        const info = themeInfo();
        syncBanner(info);
        if (!info || !info.generation) {
            ui.keys = null;
            ui.schemes = activeSchemes();
            ui.data = {};
            ui.meta = new Map();
            renderStackOptions();
            renderUnavailable(info ? `Theme “${info.name}” has not loaded yet${info.errors?.length
                ? ': fix the errors above.' : '.'}` : 'No themes.');
            setGeneration(0);
            writeHash();
            return;
        }
        const keys = await api('/api/keys', new URLSearchParams({theme: info.name}), signal);
        if (stale()) return;
        ui.ctx.stack = ui.ctx.stack.filter((entry) => stackKnown(keys, entry));
        if (ui.ctx.pick && !stackKnown(keys, ui.ctx.pick)) ui.ctx.pick = null;
        renderStackOptions(keys);
        writeHash();
        const schemes = activeSchemes();
        const loaded = await Promise.all(schemes.map((scheme) => loadScheme(scheme, keys, signal)));
        if (stale()) return;
        commitFull(keys, schemes, loaded);
        hideNotice();
    } catch (error) {
        if (isAbort(error) || stale()) return;
        showNotice(`Could not load the preview: ${describeError(error)}`);
    } finally {
        if (!stale()) {
            document.body.classList.remove('is-loading');
            document.body.dataset.ready = 'true';
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
    ui.keys = keys;
    ui.meta = buildMeta(keys);
    ui.schemes = schemes;
    ui.data = Object.fromEntries(schemes.map((scheme, index) => [scheme, loaded[index]]));
    renderAll();
    applyFilter();
    renderFooterInfo();
    setGeneration(Math.max(keys.generation ?? 0, ...loaded.map((data) => data.generation)));
    if (focusSelector) $(focusSelector)?.focus({preventScroll: true});
    if (ui.anchor) {
        document.getElementById(ui.anchor)?.scrollIntoView();
        ui.anchor = null;
    } else if (ui.restoreScroll !== null) {
        window.scrollTo(0, ui.restoreScroll);
    } else {
        window.scrollTo(window.scrollX, scrollY);
    }
    ui.restoreScroll = null;
    refreshExplain();
}
