// The event stream (/events): theme changes, errors, recoveries, additions and removals, and reconnection.

import {enqueue} from './api.js';
import {listedErrors} from './error-list.js';
import {loadThemes} from './full-load.js';
import {queueLiveUpdate, requestFullLoad} from './loader.js';
import {store} from './state.js';

function eventData(event) {
    try {
        const data = JSON.parse(event.data);
        return data && typeof data === 'object' ? data : null;
    } catch {
        return null;
    }
}

// A theme's entry follows its events; a theme the list does not have yet (one that never loaded is announced by
// its themeError alone) brings the list again.
function updateThemeInfo(theme, changes) {
    if (store.state.themes.some((info) => info.name === theme)) store.dispatch('themeInfoChanged', {theme, changes});
    else enqueue(refreshThemeList);
}

async function refreshThemeList() {
    try {
        await loadThemes();
    } catch {
        // The list stays as it was; the next event or load asks again.
    }
}

// A theme serves a new generation: loaded, leaving out the tokens in error the event lists (none when it lists
// none); the banner of the theme shown follows.
function themeServed(data) {
    const {errors, errorCount} = listedErrors(data);
    if (!store.state.themes.some((info) => info.name === data.theme)) enqueue(refreshThemeList);
    store.dispatch('themeServed', {theme: data.theme, generation: data.generation, errors, errorCount,
        at: performance.now()});
}

const setConnection = (state) => store.dispatch('connectionChanged', state);

let eventSource = null;

// A page the browser keeps for back and forward must not keep its stream: open streams would use up the six
// connections a browser allows per server and stall the next page. It reconnects, and refetches, when shown again.
export function keepEventsToVisiblePage() {
    window.addEventListener('pagehide', () => {
        eventSource?.close();
        eventSource = null;
    });
    window.addEventListener('pageshow', (event) => {
        if (!event.persisted || eventSource) return;
        connectEvents();
        requestFullLoad();
    });
}

// Opens /events for every theme; a closed stream is opened again after 3 s.
export function connectEvents() {
    if (!('EventSource' in window)) return;
    const source = new EventSource('/events');
    eventSource = source;
    source.addEventListener('open', () => setConnection('live'));
    source.addEventListener('error', () => {
        setConnection('reconnecting');
        if (source.readyState === EventSource.CLOSED && eventSource === source) {
            source.close();
            eventSource = null;
            setTimeout(() => {
                if (!eventSource) connectEvents();
            }, 3000);
        }
    });
    source.addEventListener('themeChanged', (event) => {
        const data = eventData(event);
        if (!data) return;
        themeServed(data);
        if (data.theme !== store.state.ctx.theme) return;
        if (!store.state.keys) requestFullLoad();
        else queueLiveUpdate(data);
    });
    source.addEventListener('themeError', (event) => {
        const data = eventData(event);
        if (!data) return;
        const {errors, errorCount} = listedErrors(data);
        updateThemeInfo(data.theme, {state: 'error', errors, errorCount});
        if (data.theme !== store.state.ctx.theme) return;
        store.dispatch('bannerShown', {theme: data.theme, errors, errorCount, at: performance.now()});
    });
    source.addEventListener('themeRecovered', (event) => {
        const data = eventData(event);
        if (!data) return;
        themeServed(data);
        if (data.theme === store.state.ctx.theme && !store.state.keys) requestFullLoad();
    });
    source.addEventListener('themeAdded', (event) => {
        const data = eventData(event);
        if (data?.theme === store.state.ctx.theme) requestFullLoad();
        else enqueue(refreshThemeList);
    });
    source.addEventListener('themeRemoved', (event) => {
        const data = eventData(event);
        enqueue(refreshThemeList);
        if (data?.theme === store.state.ctx.theme) {
            store.dispatch('noticeShown', `Theme “${data.theme}” was removed; its last values stay here.`);
        }
    });
    source.addEventListener('missed', () => requestFullLoad());
}
