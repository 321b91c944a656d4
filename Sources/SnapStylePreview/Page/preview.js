// The live preview of a snapstyled theme: fetches resolved values from the preview server's /api routes, draws
// them, and keeps them current from /events. This module starts the page; the others are its parts, plain ES
// modules with no build step. Those without the DOM are tested by Node (`node --test Tests/Page/`).

import {renderContextControls, wireControls} from './controls.js';
import {connectEvents, keepEventsToVisiblePage} from './events.js';
import {wireExplain} from './explain.js';
import {requestFullLoad} from './full-load.js';
import {wireKeyGroups} from './key-groups.js';
import {wireKeyboard} from './keyboard.js';
import {SCROLL_KEY, ui} from './state.js';
import {setConnection} from './status.js';

// A reload comes back to where the page was scrolled (the browser's own restoration runs before the values).
function keepScrollAcrossReloads() {
    try {
        history.scrollRestoration = 'manual';
        const saved = Number(sessionStorage.getItem(SCROLL_KEY));
        if (saved > 0) ui.restoreScroll = saved;
        window.addEventListener('pagehide', () => sessionStorage.setItem(SCROLL_KEY, String(window.scrollY)));
    } catch {
        ui.restoreScroll = null;
    }
}

function start() {
    const hash = location.hash.slice(1);
    if (hash && !hash.includes('=')) ui.anchor = decodeURIComponent(hash);
    keepScrollAcrossReloads();
    keepEventsToVisiblePage();
    wireControls();
    wireExplain();
    wireKeyboard();
    wireKeyGroups();
    renderContextControls();
    setConnection('connecting');
    connectEvents();
    requestFullLoad();
}

start();
