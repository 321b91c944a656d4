// Numbers and values as the page's text: rounded numbers, JSON on one line or indented. No DOM (tested by Node).

// A number rounded to `digits` places, without trailing zeros.
export function formatNumber(value, digits = 2) {
    if (typeof value !== 'number' || !Number.isFinite(value)) return String(value);
    return String(Number(value.toFixed(digits)));
}

// JSON on one line, cut at `limit` characters.
export function compactJSON(value, limit = 160) {
    let text;
    try {
        text = JSON.stringify(value);
    } catch {
        text = String(value);
    }
    if (text === undefined) text = String(value);
    return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
}

// JSON on one line when it is short, else indented.
export function jsonText(value) {
    if (value === null || value === undefined) return 'no value';
    const line = JSON.stringify(value);
    return line.length <= 100 ? line.replace(/([,:])(?=["\[{\d-])/g, '$1 ') : JSON.stringify(value, null, 2);
}

// Whether two values are equal as JSON.
export function same(a, b) {
    return JSON.stringify(a) === JSON.stringify(b);
}
