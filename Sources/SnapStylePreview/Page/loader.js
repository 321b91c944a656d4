// When the page loads: a full load for a new context or a missed event, a live update for each themeChanged, one
// after another on the update queue.

import {enqueue} from './api.js';
import {contextChangedValues} from './actions.js';
import {mergeChanges} from './changes.js';
import {fullLoad} from './full-load.js';
import {cancelCardRefresh, liveUpdate} from './live-update.js';
import {renderAll} from './page-render.js';
import {applyFilter} from './search.js';
import {renderLoading} from './sections.js';
import {store} from './state.js';

let abort = new AbortController();

// Loads everything again (a new context, a missed event): cancels a load or card refresh under way.
export function requestFullLoad() {
    abort.abort();
    cancelCardRefresh();
    abort = new AbortController();
    const signal = abort.signal;
    const {epoch} = store.dispatch('fullLoadRequested');
    return enqueue(() => fullLoad(epoch, signal));
}

let pendingChange = null;

// Queues a themeChanged; changes that arrive while one waits join it, so a burst of saves is one update.
export function queueLiveUpdate(event) {
    if (pendingChange && pendingChange.theme === event.theme) {
        pendingChange = mergeChanges(pendingChange, event);
        return;
    }
    pendingChange = mergeChanges({theme: event.theme, generation: 0, changed: {}}, event);
    enqueue(async () => {
        const change = pendingChange;
        pendingChange = null;
        if (change && await liveUpdate(change, abort.signal) === 'full') requestFullLoad();
    });
}

// A changed context loads again; the inherited keys of an imported theme load its cards when they were left out.
export function wireLoader() {
    store.subscribe((state, previous, name) => {
        if (contextChangedValues(previous, state, name)) {
            // Another theme: nothing of the last one stays on screen while it loads.
            if (state.ctx.theme !== previous.ctx.theme) renderLoading(state.ctx.theme);
            requestFullLoad();
        } else if (name === 'inheritedToggled') {
            const missing = state.schemes.some((scheme) => state.data[scheme] && !state.data[scheme].cards);
            if (state.showInherited && missing) {
                requestFullLoad();
            } else {
                renderAll();
                applyFilter();
            }
        }
    });
}
