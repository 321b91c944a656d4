// The search box: filters the keys, cards and sheets, and updates the counts.

import {$, $$} from './dom.js';
import {filterKeyGroups} from './key-groups.js';
import {store} from './state.js';

// Shows the keys, cards and sheets whose name or value holds the search text, and their groups.
export function applyFilter() {
    const query = $('#search').value.trim().toLowerCase();
    document.body.classList.toggle('is-filtering', Boolean(query));
    const matches = (text) => !query || text.toLowerCase().includes(query);
    for (const section of $$('main .section')) {
        let visible = 0;
        for (const node of $$('.key', section)) {
            const hit = matches(node.dataset.key) || matches($('.value', node)?.textContent ?? '');
            node.hidden = !hit;
            if (hit) visible += 1;
        }
        filterKeyGroups(section, Boolean(query));
        for (const block of $$('.component-block', section)) {
            const hit = matches(block.dataset.component);
            block.hidden = !hit;
            if (hit) visible += 1;
        }
        for (const item of $$('.phone-item', section)) {
            const hit = matches(`sheet ${item.dataset.detent} ${$('figcaption', item)?.textContent ?? ''}`);
            item.hidden = !hit;
            if (hit) visible += 1;
        }
        const total = $$('.key, .component-block, .phone-item', section).length;
        const collapsed = Boolean(query) && visible === 0;
        const columns = Math.max(1, store.state.schemes.length);
        const count = $('.section-title .count', section);
        if (count && total) {
            count.textContent = query ? `${visible / columns} of ${total / columns}` : `${total / columns}`;
        }
        section.classList.toggle('no-match', collapsed);
        $(`.toc a[data-section="${section.id}"]`)?.classList.toggle('no-match', collapsed);
        section.dataset.visible = String(query ? visible : total);
    }
}
