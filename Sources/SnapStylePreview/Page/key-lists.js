// The keys a section lists: their natural order, the theme's own keys, and their groups by dotted path. No DOM
// (tested by Node).

const NATURAL = new Intl.Collator('en', {numeric: true, sensitivity: 'variant'});

// Natural order of key names: runs of digits compare as numbers (`gray.50` before `gray.100`, `space.2` before
// `space.10`), compared segment by segment of the dotted path, so a group's keys stay together (`gray.900`
// before `gray2.50`, `a.b.c` before `a.z`).
export function compareKeys(a, b) {
    const left = String(a).split('.');
    const right = String(b).split('.');
    for (let i = 0; i < Math.min(left.length, right.length); i += 1) {
        const order = NATURAL.compare(left[i], right[i]);
        if (order) return order;
    }
    return left.length - right.length || (a < b ? -1 : a > b ? 1 : 0);
}

// Entries (`{key, ...}`) in the natural order of their keys, as a new array.
export function sortEntries(entries) {
    return [...entries].sort((a, b) => compareKeys(a.key, b.key));
}

// Whether an entry of /api/keys is the theme's own: a design token (it has a `type`), or defined in the theme's
// own files (`THEME/...` or `THEME.json`, ...), not in one it inherits from.
export function isOwnKey(entry, theme) {
    if (!entry || typeof entry !== 'object') return false;
    if (entry.type) return true;
    const file = typeof entry.file === 'string' ? entry.file : '';
    return Boolean(theme) && (file.startsWith(`${theme}/`) || file.startsWith(`${theme}.`));
}

// Whether a theme was imported (it has design tokens): then the page lists its own keys unless asked for all.
export function hasTypedKeys(keys) {
    return Object.values(keys?.keys ?? {}).some((entries) => (entries ?? []).some((entry) => entry?.type));
}

// The entries to list: all of them, or the theme's own when `ownOnly`.
export function visibleEntries(entries, theme, ownOnly) {
    return ownOnly ? entries.filter((entry) => isOwnKey(entry, theme)) : entries;
}

// Whether the answer of /api/keys has `key` among the keys of `attribute`.
export function hasKey(keys, attribute, key) {
    return (keys?.keys?.[attribute] ?? []).some((entry) => entry.key === key);
}

// The entries as groups by their dotted path (`color.bg.brand` in `color`, then in `color.bg`), each group where its
// first entry is, so entries in natural order stay in that order. An item is `{entry}` or `{path, count, items}`:
// - a group holds the entries that share the path's segments and have more segments after them;
// - a group needs two entries at least (a lone entry stays where it is);
// - a group whose only item is another group is that group (no chain of one-item levels).
// Entries without a dot are never grouped, so a list without dotted names is as it was.
export function groupEntries(entries, prefix = []) {
    const items = [];
    const groups = new Map();
    for (const entry of entries) {
        const segments = String(entry.key).split('.');
        if (segments.length <= prefix.length + 1) {
            items.push({entry});
            continue;
        }
        const name = segments[prefix.length];
        let group = groups.get(name);
        if (!group) {
            group = {segments: [...prefix, name], members: []};
            groups.set(name, group);
            items.push(group);
        }
        group.members.push(entry);
    }
    return items.flatMap((item) => {
        if (item.entry) return [item];
        if (item.members.length < 2) return item.members.map((entry) => ({entry}));
        let group = {path: item.segments.join('.'), count: item.members.length,
            items: groupEntries(item.members, item.segments)};
        while (group.items.length === 1 && group.items[0].items) group = group.items[0];
        return [group];
    });
}

// The sections of the native model that an imported theme's page leaves out: its cards and the preset's sheet.
export const NATIVE_SECTIONS = ['components', 'sheet'];

// What a theme's page shows. An imported theme (one with design tokens) listing its own keys is a page for a web
// team: it shows the attribute sections that list keys of its own (its tokens lead), and leaves out the containers,
// components and sheet it inherits and the empty sections. A native theme, or the inherited keys, show every section.
// `sections` is `[[attribute, id], ...]`; the answer `{imported, shown: Set of ids, counts: {id: listed keys}}`.
export function pagePlan(keys, theme, showInherited, sections) {
    const imported = hasTypedKeys(keys) && !showInherited;
    const counts = {};
    const shown = new Set();
    for (const [attribute, id] of sections) {
        counts[id] = visibleEntries(keys?.keys?.[attribute] ?? [], theme, imported).length;
        if (!imported || counts[id] > 0) shown.add(id);
    }
    if (!imported) for (const id of NATIVE_SECTIONS) shown.add(id);
    return {imported, shown, counts};
}
