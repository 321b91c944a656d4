// The scales of the numbers' bars: one per group of keys as the section shows them, and an outlier (a `9999`
// radius among 4, 8 and 12) drawn off the scale instead of setting it. No DOM (tested by Node).

// How many times the next smaller value an outlier is at least, and how large it is at least: a bar is one pixel a
// unit while it fits, so a smaller value flattens nothing.
const OUTLIER_RATIO = 8;
const OUTLIER_MIN = 100;

// The scale of a group's magnitudes: the largest value that is not an outlier. Outliers are the values above the
// first gap where one value is more than eight times the next smaller one, among the top half of the group, and
// more than 100.
export function groupScale(values) {
    const sorted = values.filter((value) => Number.isFinite(value) && value > 0).sort((a, b) => b - a);
    if (!sorted.length) return 1;
    const reach = Math.max(1, Math.floor(sorted.length / 2));
    for (let i = 0; i < reach && i + 1 < sorted.length; i += 1) {
        if (sorted[i] > OUTLIER_MIN && sorted[i] > OUTLIER_RATIO * sorted[i + 1]) return Math.max(1, sorted[i + 1]);
    }
    return Math.max(1, sorted[0]);
}

// The keys that share a scale, by the path of the group that holds them directly ('' for the section's own
// run of keys), from the items of key-lists.js's groupEntries.
export function scaleGroups(items, path = '', out = new Map()) {
    for (const item of items) {
        if (item.entry) {
            if (!out.has(path)) out.set(path, []);
            out.get(path).push(item.entry.key);
        } else {
            scaleGroups(item.items, item.path, out);
        }
    }
    return out;
}

// Each key's scale (`max`) and whether its value is off that scale, over the values of every scheme shown
// (`valuesOf(key)` answers the key's numbers, one per scheme).
export function numberScales(items, valuesOf) {
    const scales = new Map();
    for (const keys of scaleGroups(items).values()) {
        const magnitudes = new Map(keys.map((key) => [key, valuesOf(key).map((value) => Math.abs(Number(value)))]));
        const max = groupScale([...magnitudes.values()].flat());
        for (const [key, values] of magnitudes) {
            scales.set(key, {max, off: values.some((value) => Number.isFinite(value) && value > max)});
        }
    }
    return scales;
}
