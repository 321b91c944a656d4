// The live preview of a snapstyled theme: fetches resolved values from the preview server's /api routes, draws
// them, and keeps them current from /events. This module starts the page; the others are its parts, plain ES
// modules with no build step, importing one another one way (Tests/Page checks that there is no cycle). Those
// without the DOM are tested by Node (`node --test Tests/Page/`).

import {wireControls} from './controls.js';
import {connectEvents, keepEventsToVisiblePage} from './events.js';
import {wireExplain} from './explain.js';
import {wireKeyGroups} from './key-groups.js';
import {wireKeyboard} from './keyboard.js';
import {requestFullLoad, wireLoader} from './loader.js';
import {SCROLL_KEY, store, writeHash} from './state.js';
import {wireStatus} from './status.js';
import {watch} from './store.js';

// A reload comes back to where the page was scrolled (the browser's own restoration runs before the values).
function keepScrollAcrossReloads() {
    try {
        history.scrollRestoration = 'manual';
        const saved = Number(sessionStorage.getItem(SCROLL_KEY));
        if (saved > 0) store.dispatch('scrollRestoreAsked', saved);
        window.addEventListener('pagehide', () => sessionStorage.setItem(SCROLL_KEY, String(window.scrollY)));
    } catch {
        store.dispatch('scrollRestoreAsked', null);
    }
}

// The URL's fragment follows the context once the page shows a theme; `body[data-ready]` says whether a load is
// under way (the browser tests wait for it).
function wireDocument() {
    store.subscribe((state, previous, name) => {
        if (state.ctx !== previous.ctx || name === 'fullLoaded' || name === 'themeUnavailable') writeHash();
    });
    watch(store, (state) => state.loading, ({loading}) => {
        document.body.dataset.ready = String(!loading && store.state.epoch > 0);
        document.body.classList.toggle('is-loading', loading);
    });
}

function start() {
    const hash = location.hash.slice(1);
    if (hash && !hash.includes('=')) store.dispatch('anchorAsked', decodeURIComponent(hash));
    keepScrollAcrossReloads();
    wireDocument();
    wireStatus();
    wireControls();
    wireExplain();
    wireKeyboard();
    wireKeyGroups();
    wireLoader();
    keepEventsToVisiblePage();
    connectEvents();
    requestFullLoad();
}

start();
