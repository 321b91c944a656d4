// A theme's errors as the banner lists them: each `path:line:column: message` once, the first 20, and how many
// there are in all, under a title that says what the theme serves. No DOM (tested by Node).

export const BANNER_LIMIT = 20;

// An error or warning as one line: `path:line:column: message`.
export function errorLine(error) {
    if (!error || typeof error !== 'object') return String(error);
    const where = [error.file ?? '?', error.line, error.column].filter((part) => part !== undefined && part !== null);
    return `${where.join(':')}: ${error.message ?? ''}`;
}

// The errors an event or a theme entry carries: `errors` (the first of them) and `errorCount` (how many in all,
// the number listed when it is absent). An entry or event without errors has none.
export function listedErrors(data) {
    const errors = Array.isArray(data?.errors) ? data.errors : [];
    const errorCount = Number.isInteger(data?.errorCount) && data.errorCount >= 0 ? data.errorCount : errors.length;
    return {errors, errorCount};
}

const plural = (count, word) => `${count} ${word}${count === 1 ? '' : 's'}`;

// The banner's kind and title for `total` errors of the theme `name` whose entry is `info`: an imported theme that
// serves without its tokens in error ('left-out': a warning, the page shows the rest), a theme in error that shows
// its last good values, or one that never loaded ('error').
export function bannerHeading(name, info, total) {
    const theme = `Theme “${name}”`;
    if (info?.state === 'loaded') {
        return {kind: 'left-out', title: `${theme} leaves out ${plural(total, 'token')} in error; the rest of it ` +
            'is shown.'};
    }
    const errors = plural(total, 'error');
    return {kind: 'error', title: info?.generation ? `${theme} has ${errors}: showing its last good values.`
        : `${theme} has ${errors} and has never loaded.`};
}

// The banner's lines and count. `errorCount` is the daemon's count when it sends one (its `errors` then hold the
// first of them); each line appears once, and a count that includes repeats of a line shown drops them.
export function bannerErrors(errors, errorCount = null, limit = BANNER_LIMIT) {
    const list = Array.isArray(errors) ? errors : [];
    const unique = [...new Set(list.map(errorLine))];
    const repeats = list.length - unique.length;
    const counted = Number.isInteger(errorCount) && errorCount > list.length ? errorCount - repeats : unique.length;
    const lines = unique.slice(0, limit);
    return {lines, total: Math.max(counted, unique.length), more: Math.max(0, counted - lines.length)};
}
