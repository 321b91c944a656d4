// The event stream (/events): theme changes, errors, recoveries, additions and removals, and reconnection.

import {enqueue} from './api.js';
import {renderThemeControls} from './controls.js';
import {loadThemes, requestFullLoad} from './full-load.js';
import {queueLiveUpdate} from './live-update.js';
import {themeInfo, ui} from './state.js';
import {hideBanner, renderFooterInfo, setConnection, showBanner, showNotice, syncBanner} from './status.js';

function eventData(event) {
    try {
        const data = JSON.parse(event.data);
        return data && typeof data === 'object' ? data : null;
    } catch {
        return null;
    }
}

function updateThemeInfo(name, changes) {
    const info = themeInfo(name);
    if (!info) return;
    Object.assign(info, changes);
    renderThemeControls();
}

async function refreshThemeList() {
    try {
        await loadThemes();
    } catch (error) {
        return;
    }
    renderThemeControls();
    renderFooterInfo();
    if (themeInfo()) syncBanner(themeInfo());
}

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
        updateThemeInfo(data.theme, {state: 'loaded', errors: [], generation: data.generation});
        if (data.theme !== ui.ctx.theme) return;
        ui.bannerEventAt = performance.now();
        hideBanner();
        if (!ui.keys) requestFullLoad();
        else queueLiveUpdate(data);
    });
    source.addEventListener('themeError', (event) => {
        const data = eventData(event);
        if (!data) return;
        const errors = Array.isArray(data.errors) ? data.errors : [];
        updateThemeInfo(data.theme, {state: 'error', errors});
        if (data.theme !== ui.ctx.theme) return;
        ui.bannerEventAt = performance.now();
        showBanner(data.theme, errors);
    });
    source.addEventListener('themeRecovered', (event) => {
        const data = eventData(event);
        if (!data) return;
        updateThemeInfo(data.theme, {state: 'loaded', errors: []});
        if (data.theme !== ui.ctx.theme) return;
        ui.bannerEventAt = performance.now();
        hideBanner();
        if (!ui.keys) requestFullLoad();
    });
    source.addEventListener('themeAdded', (event) => {
        const data = eventData(event);
        if (data?.theme === ui.ctx.theme) requestFullLoad();
        else enqueue(refreshThemeList);
    });
    source.addEventListener('themeRemoved', (event) => {
        const data = eventData(event);
        enqueue(refreshThemeList);
        if (data?.theme === ui.ctx.theme) {
            showNotice(`Theme “${data.theme}” was removed; its last values stay here.`);
        }
    });
    source.addEventListener('missed', () => requestFullLoad());
}
