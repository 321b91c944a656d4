// Keyboard shortcuts (`/` to search, Escape) and in-page links.

import {$} from './dom.js';
import {closeExplain} from './explain.js';
import {applyFilter} from './search.js';

function isTyping(target) {
    return target instanceof HTMLElement &&
        (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) &&
        !(target instanceof HTMLInputElement && ['range', 'checkbox', 'radio', 'button'].includes(target.type));
}

// `/` focuses the search box, Escape closes the panel or clears the search; in-page links scroll and focus.
export function wireKeyboard() {
    document.addEventListener('keydown', (event) => {
        const search = $('#search');
        if (event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTyping(event.target)) {
            event.preventDefault();
            search.focus();
            search.select();
        } else if (event.key === 'Escape') {
            if (!$('#explain').hidden) {
                event.preventDefault();
                closeExplain();
            } else if (event.target === search || search.value) {
                event.preventDefault();
                search.value = '';
                applyFilter();
            }
        }
    });
    document.addEventListener('click', (event) => {
        const link = event.target.closest('a[href^="#"]');
        if (!link) return;
        const target = document.getElementById(decodeURIComponent(link.getAttribute('href').slice(1)));
        if (!target) return;
        event.preventDefault();
        target.scrollIntoView({behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth'});
        const focusable = target.matches('main') ? target : $('.section-title', target);
        if (focusable) {
            focusable.setAttribute('tabindex', '-1');
            focusable.focus({preventScroll: true});
        }
    });
    const topbar = $('#topbar');
    const measure = () => {
        const style = document.documentElement.style;
        style.setProperty('--topbar-height', `${topbar.offsetHeight}px`);
        style.setProperty('--controls-height', `${$('#controls').offsetHeight}px`);
    };
    measure();
    if ('ResizeObserver' in window) new ResizeObserver(measure).observe(topbar);
    else window.addEventListener('resize', measure);
}
