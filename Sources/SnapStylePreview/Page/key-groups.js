// A section's keys in groups by their dotted path (`color.bg.brand` under `color`, then `color.bg`): each group a
// collapsible `<details class="key-group">`, its keys in the section's order. A list without groups is drawn as
// before, one grid of keys.

import {cssEscape, h, $$} from './dom.js';
import {groupEntries} from './key-lists.js';
import {store} from './state.js';

// The name under which a group's open or closed state is kept, so a redraw or the other scheme's column keeps it.
function groupName(attribute, path) {
    return `${attribute}\u0000${path}`;
}

// The keys of a column: runs of keys in a grid of `layout`, and groups between them.
export function keyListElement(attribute, entries, layout, makeKey) {
    const items = groupEntries(entries);
    if (items.every((item) => item.entry)) return h('div', {class: layout}, entries.map(makeKey));
    return h('div', {class: 'key-groups'}, itemsElements(attribute, items, layout, makeKey));
}

function itemsElements(attribute, items, layout, makeKey) {
    const elements = [];
    let run = null;
    for (const item of items) {
        if (item.entry) {
            if (!run) {
                run = h('div', {class: layout});
                elements.push(run);
            }
            run.append(makeKey(item.entry));
            continue;
        }
        run = null;
        elements.push(groupElement(attribute, item, layout, makeKey));
    }
    return elements;
}

// A group as `<details>`, open unless it was collapsed; its keys and the groups inside it in its body.
function groupElement(attribute, group, layout, makeKey) {
    return h('details', {
        class: 'key-group', dataset: {attribute, path: group.path, count: String(group.count)},
        open: !store.state.collapsed.has(groupName(attribute, group.path)),
    }, [
        h('summary', {class: 'group-title'}, [
            h('span', {class: 'group-path', text: group.path}),
            h('span', {class: 'group-count', text: String(group.count)}),
        ]),
        h('div', {class: 'group-body'}, itemsElements(attribute, group.items, layout, makeKey)),
    ]);
}

// Opening or closing a group is kept (not while a search opens them), and the other columns follow.
export function wireKeyGroups() {
    document.addEventListener('toggle', (event) => {
        const group = event.target;
        if (!(group instanceof HTMLDetailsElement) || !group.classList.contains('key-group')) return;
        if (document.body.classList.contains('is-filtering')) return;
        const {attribute, path} = group.dataset;
        const name = groupName(attribute, path);
        store.dispatch('groupToggled', {name, open: group.open});
        const selector = `.key-group[data-attribute="${cssEscape(attribute)}"][data-path="${cssEscape(path)}"]`;
        for (const other of $$(selector)) {
            if (other.open !== group.open) other.open = group.open;
        }
    }, true);
}

// After a search: a group shows when a key in it matches, open while searching, as it was kept otherwise; its
// count says how many of its keys match.
export function filterKeyGroups(root, searching) {
    for (const group of $$('.key-group', root)) {
        const total = Number(group.dataset.count);
        const visible = $$('.key', group).filter((node) => !node.hidden).length;
        group.hidden = visible === 0;
        const open = searching || !store.state.collapsed.has(groupName(group.dataset.attribute, group.dataset.path));
        if (group.open !== open) group.open = open;
        const count = group.querySelector(':scope > summary .group-count');
        if (count) count.textContent = searching ? `${visible} of ${total}` : String(total);
    }
}
