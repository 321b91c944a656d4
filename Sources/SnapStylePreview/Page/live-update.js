// Live updates: a themeChanged fetches the changed keys only and updates them in place, then refreshes the cards
// and sheets that read them.

import {api, describeError, isAbort, settle} from './api.js';
import {cardsAffected, keyChanges, mergeChanges, mergeValues, sheetAffected} from './changes.js';
import {cardStageBackground, componentBlock, renderComponentsSection} from './components.js';
import {ATTRIBUTES} from './constants.js';
import {stackKnown} from './context.js';
import {cssEscape, flash, keySelector, $, $$} from './dom.js';
import {refreshExplain} from './explain.js';
import {same} from './format.js';
import {fillKey} from './key-tiles.js';
import {keyQueries, loadCards, loadContrast, loadSheet, resolveQueries} from './loading.js';
import {applyFilter} from './search.js';
import {
    currentPlan, listedKeys, renderAttributeSection, renderInheritedToggle, renderSectionFrame, updateCounts,
    updateNumberScale,
} from './sections.js';
import {renderSheetSection} from './sheet.js';
import {currentStack, store, themeInfo} from './state.js';

// Applies a themeChanged: the changed keys first, then the cards and sheets that read them. Answers 'full' when
// the change needs a full load instead (the theme's modifiers changed, the stack lost an entry, the page's plan
// changed).
export async function liveUpdate(event, signal) {
    const start = store.state;
    if (event.theme !== start.ctx.theme || !start.keys || start.fullPending) return null;
    const epoch = start.epoch;
    const stale = () => epoch !== store.state.epoch;
    const askedAt = performance.now();
    const [themes, keys] = await Promise.all([
        settle(api('/api/themes', null, signal)),
        api('/api/keys', new URLSearchParams({theme: start.ctx.theme}), signal),
    ]);
    if (stale()) return null;
    if (themes.value) {
        const before = JSON.stringify(themeInfo()?.modifiers ?? []);
        store.dispatch('themesLoaded', {themes: themes.value.themes ?? store.state.themes, askedAt});
        if (JSON.stringify(themeInfo()?.modifiers ?? []) !== before) return 'full';
    }
    if (!currentStack().every((entry) => stackKnown(keys, entry))) return 'full';
    const {wanted, structural} = keyChanges(store.state.keys, keys, event);
    const queries = keyQueries(keys, wanted);
    const {schemes} = store.state;
    const resolved = await Promise.all(schemes.map((scheme) => (queries.length
        ? resolveQueries(scheme, queries, signal) : {values: new Map(), generation: 0})));
    if (stale()) return null;
    const componentsChanged = !same(store.state.keys.components ?? [], keys.components ?? []);
    const metaBefore = store.state.meta;
    const listedBefore = listedKeys();
    const importedBefore = currentPlan().imported;
    store.dispatch('keysChanged', keys);
    if (currentPlan().imported !== importedBefore) return 'full';
    renderInheritedToggle();
    renderSectionFrame();
    const listedAfter = listedKeys();
    for (const attribute of ATTRIBUTES) {
        if (listedBefore.get(attribute) !== listedAfter.get(attribute)) structural.add(attribute);
    }
    let generation = Math.max(store.state.generation, event.generation ?? 0, keys.generation ?? 0);
    const updated = schemes.flatMap((scheme, index) => {
        generation = Math.max(generation, resolved[index].generation);
        const data = store.state.data[scheme];
        const merged = mergeValues(data.values, resolved[index].values, keys, metaBefore, store.state.meta);
        store.dispatch('schemeDataChanged', {scheme, changes: {values: merged.values}});
        return merged.updated.map(([attribute, key]) => [attribute, key, scheme]);
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
    applyFilter();
    store.dispatch('generationSeen', generation);
    refreshExplain();

    scheduleCardRefresh(event, componentsChanged);
    return null;
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
        if (!isAbort(error)) store.dispatch('noticeShown', `Update failed: ${describeError(error)}`);
    });
}

export function cancelCardRefresh() {
    cardRun?.abort();
    cardRun = null;
    cardChange = null;
}

async function refreshCards(change, controller) {
    const {epoch, keys, schemes} = store.state;
    const signal = controller.signal;
    const changed = new Set();
    for (const [attribute, list] of Object.entries(change.changed ?? {})) {
        for (const key of Array.isArray(list) ? list : []) changed.add(`${attribute}:${key}`);
    }
    const everything = change.componentsChanged ||
        currentStack().some((entry) => (change[`${entry.kind}s`] ?? []).includes(entry.id));
    const loaded = await Promise.all(schemes.map(async (scheme) => {
        const data = store.state.data[scheme];
        // An imported theme's page has no cards: nothing to refresh.
        if (!data.cards) return [null, data.sheet, null];
        const only = everything ? null : new Set((keys.components ?? []).filter((id) =>
            cardsAffected(id, data.cards.get(id), change, changed)));
        return Promise.all([
            only?.size === 0 ? data.cards : loadCards(scheme, keys, signal, only, data.cards),
            everything || sheetAffected(data.sheet, change, changed) ? loadSheet(scheme, keys, signal) : data.sheet,
            // Contrast reads values through the whole stack below a component: measured again on every change.
            loadContrast(scheme, signal),
        ]);
    }));
    if (controller !== cardRun || epoch !== store.state.epoch) return;
    cardRun = null;
    cardChange = null;
    let sheetChanged = false;
    schemes.forEach((scheme, index) => {
        const [cards, sheet, contrast] = loaded[index];
        const data = store.state.data[scheme];
        if (!cards) return;
        const old = data.cards;
        const oldContrast = data.contrast;
        store.dispatch('schemeDataChanged', {scheme, changes: {cards, contrast}});
        if (!change.componentsChanged) updateCards(scheme, old, cards, oldContrast, contrast);
        if (!same(data.sheet, sheet)) {
            store.dispatch('schemeDataChanged', {scheme, changes: {sheet}});
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

// Replaces the component blocks whose cards or contrast changed, and marks the changed cards.
function updateCards(scheme, old, cards, oldContrast, contrast) {
    const figures = (audit, id) => (audit?.error ? audit.error : audit?.byComponent?.get(id) ?? null);
    for (const [id, variants] of cards) {
        const before = old.get(id);
        if (same(before, variants) && same(figures(oldContrast, id), figures(contrast, id))) continue;
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
