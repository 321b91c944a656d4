// A theme's errors as the banner lists them: each `path:line:column: message` once, the first 20, and how many
// there are in all. No DOM (tested by Node).

export const BANNER_LIMIT = 20;

// An error or warning as one line: `path:line:column: message`.
export function errorLine(error) {
    if (!error || typeof error !== 'object') return String(error);
    const where = [error.file ?? '?', error.line, error.column].filter((part) => part !== undefined && part !== null);
    return `${where.join(':')}: ${error.message ?? ''}`;
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
