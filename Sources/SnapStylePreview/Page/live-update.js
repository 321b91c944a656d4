// Live updates: a themeChanged fetches the changed keys only and updates them in place, then refreshes the cards
// and sheets that read them.

import {api, describeError, enqueue, isAbort, settle} from './api.js';
import {cardsAffected, keyChanges, mergeChanges, sheetAffected} from './changes.js';
import {cardStageBackground, componentBlock, renderComponentsSection} from './components.js';
import {ATTRIBUTES} from './constants.js';
import {stackKnown} from './context.js';
import {renderStackOptions, renderThemeControls} from './controls.js';
import {cssEscape, flash, keySelector, $, $$} from './dom.js';
import {refreshExplain} from './explain.js';
import {same} from './format.js';
import {requestFullLoad} from './full-load.js';
import {fillKey} from './key-tiles.js';
import {keyQueries, loadCards, loadSheet, resolveQueries} from './loading.js';
import {applyFilter} from './search.js';
import {
    buildMeta, listedKeys, renderAttributeSection, renderInheritedToggle, setGeneration, updateCounts,
    updateNumberScale,
} from './sections.js';
import {renderSheetSection} from './sheet.js';
import {currentStack, themeInfo, ui} from './state.js';
import {renderFooterInfo, showNotice, syncBanner} from './status.js';

let pendingChange = null;

// Queues a themeChanged; changes that arrive while one waits join it, so a burst of saves is one update.
export function queueLiveUpdate(event) {
    if (pendingChange && pendingChange.theme === event.theme) {
        pendingChange = mergeChanges(pendingChange, event);
        return;
    }
    pendingChange = mergeChanges({theme: event.theme, generation: 0, changed: {}}, event);
    enqueue(() => {
        const change = pendingChange;
        pendingChange = null;
        return change ? liveUpdate(change) : undefined;
    });
}

// Applies a themeChanged: the changed keys first, then the cards and sheets that read them.
async function liveUpdate(event) {
    if (event.theme !== ui.ctx.theme || !ui.keys || ui.fullPending) return;
    const epoch = ui.epoch;
    const signal = ui.abort.signal;
    const stale = () => epoch !== ui.epoch;
    const askedAt = performance.now();
    const [themes, keys] = await Promise.all([
        settle(api('/api/themes', null, signal)),
        api('/api/keys', new URLSearchParams({theme: ui.ctx.theme}), signal),
    ]);
    if (stale()) return;
    if (themes.value) {
        const before = JSON.stringify(themeInfo()?.modifiers ?? []);
        ui.themes = themes.value.themes ?? ui.themes;
        ui.themesAskedAt = askedAt;
        renderThemeControls();
        syncBanner(themeInfo());
        if (JSON.stringify(themeInfo()?.modifiers ?? []) !== before) {
            requestFullLoad();
            return;
        }
    }
    if (!currentStack().every((entry) => stackKnown(keys, entry))) {
        requestFullLoad();
        return;
    }
    const {wanted, structural} = keyChanges(ui.keys, keys, event);
    const queries = keyQueries(keys, wanted);
    const resolved = await Promise.all(ui.schemes.map((scheme) => (queries.length
        ? resolveQueries(scheme, queries, signal) : {values: new Map(), generation: 0})));
    if (stale()) return;
    const componentsChanged = !same(ui.keys.components ?? [], keys.components ?? []);
    const metaBefore = ui.meta;
    const listedBefore = listedKeys();
    ui.keys = keys;
    ui.meta = buildMeta(keys);
    renderInheritedToggle();
    const listedAfter = listedKeys();
    for (const attribute of ATTRIBUTES) {
        if (listedBefore.get(attribute) !== listedAfter.get(attribute)) structural.add(attribute);
    }
    let generation = Math.max(ui.generation, event.generation ?? 0, keys.generation ?? 0);
    const updated = ui.schemes.flatMap((scheme, index) => {
        generation = Math.max(generation, resolved[index].generation);
        return storeValues(scheme, resolved[index].values, metaBefore);
    });
    for (const attribute of structural) renderAttributeSection(attribute);
    for (const [attribute, key, scheme] of updated) {
        const node = $(keySelector(attribute, key, scheme));
        if (!node) continue;
        if (!structural.has(attribute)) fillKey(node);
        flash(node);
    }
    if (wanted.has('number')) updateNumberScale();
    if (wanted.get('surface')?.has('screen')) {
        for (const stage of $$('#components .stage:not(.well-backdrop)')) {
            stage.style.backgroundColor = cardStageBackground(stage.closest('.column')?.dataset.scheme);
        }
    }
    updateCounts();
    renderStackOptions(keys);
    renderFooterInfo();
    applyFilter();
    setGeneration(generation);
    refreshExplain();

    scheduleCardRefresh(event, componentsChanged);
}

let cardChange = null;

let cardRun = null;

// Refreshes the cards and sheets a change may alter, off the update queue: a later change cancels a refresh
// still running and refreshes what both touched.
function scheduleCardRefresh(event, componentsChanged) {
    const change = mergeChanges(cardChange ?? {theme: event.theme, generation: 0, changed: {}}, event);
    change.componentsChanged = Boolean(cardChange?.componentsChanged || componentsChanged);
    cardChange = change;
    cardRun?.abort();
    const controller = new AbortController();
    cardRun = controller;
    refreshCards(change, controller).catch((error) => {
        if (!isAbort(error)) showNotice(`Update failed: ${describeError(error)}`);
    });
}

export function cancelCardRefresh() {
    cardRun?.abort();
    cardRun = null;
    cardChange = null;
}

async function refreshCards(change, controller) {
    const epoch = ui.epoch;
    const signal = controller.signal;
    const keys = ui.keys;
    const changed = new Set();
    for (const [attribute, list] of Object.entries(change.changed ?? {})) {
        for (const key of Array.isArray(list) ? list : []) changed.add(`${attribute}:${key}`);
    }
    const everything = change.componentsChanged ||
        currentStack().some((entry) => (change[`${entry.kind}s`] ?? []).includes(entry.id));
    const loaded = await Promise.all(ui.schemes.map(async (scheme) => {
        const data = ui.data[scheme];
        const only = everything ? null : new Set((keys.components ?? []).filter((id) =>
            cardsAffected(id, data.cards.get(id), change, changed)));
        return Promise.all([
            only?.size === 0 ? data.cards : loadCards(scheme, keys, signal, only, data.cards),
            everything || sheetAffected(data.sheet, change, changed) ? loadSheet(scheme, keys, signal) : data.sheet,
        ]);
    }));
    if (controller !== cardRun || epoch !== ui.epoch) return;
    cardRun = null;
    cardChange = null;
    let sheetChanged = false;
    ui.schemes.forEach((scheme, index) => {
        const [cards, sheet] = loaded[index];
        const data = ui.data[scheme];
        updateCards(scheme, data, cards, change.componentsChanged);
        if (!same(data.sheet, sheet)) {
            data.sheet = sheet;
            sheetChanged = true;
        }
    });
    if (change.componentsChanged) renderComponentsSection();
    if (sheetChanged) {
        renderSheetSection();
        for (const node of $$('#sheet .phone-item')) flash(node);
    }
    updateCounts();
    applyFilter();
}

// Stores fresh values of one column; answers the `[attribute, key, scheme]` whose value or metadata differ.
function storeValues(scheme, values, metaBefore) {
    const data = ui.data[scheme];
    const updated = [];
    for (const attribute of ATTRIBUTES) {
        const map = data.values.get(attribute) ?? new Map();
        data.values.set(attribute, map);
        const present = new Set((ui.keys.keys?.[attribute] ?? []).map((entry) => entry.key));
        for (const key of map.keys()) if (!present.has(key)) map.delete(key);
        for (const [key, entry] of values.get(attribute) ?? []) {
            const name = `${attribute}\u0000${key}`;
            if (!same(map.get(key), entry) || !same(metaBefore.get(name), ui.meta.get(name))) {
                updated.push([attribute, key, scheme]);
            }
            map.set(key, entry);
        }
    }
    return updated;
}

// Replaces the component blocks whose cards changed, and marks the changed cards.
function updateCards(scheme, data, cards, rerenderAll) {
    const old = data.cards;
    data.cards = cards;
    if (rerenderAll || old === cards) return;
    for (const [id, variants] of cards) {
        const before = old.get(id);
        if (same(before, variants)) continue;
        const block = $(`#components .component-block[data-component="${cssEscape(id)}"][data-scheme="${scheme}"]`);
        if (!block) continue;
        const fresh = componentBlock(id, scheme);
        block.replaceWith(fresh);
        variants.forEach((variant, index) => {
            if (!before || !same(before[index], variant)) {
                const item = fresh.querySelectorAll('.card-item')[index];
                if (item) flash(item);
            }
        });
    }
}
