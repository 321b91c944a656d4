// Whether this browser has a font family: text set in it is measured against the generic families it would fall
// back to (`document.fonts.check` answers true for a family no font face names, so it cannot tell).

import {familyName, fontSubstitution} from './fonts.js';

const PROBE = 'mmmmmmmmmmlli WQ@#%&0123456789';

const BASES = ['monospace', 'serif', 'sans-serif'];

const known = new Map();

let context = null;

function width(font) {
    context ??= document.createElement('canvas').getContext('2d');
    context.font = font;
    return context.measureText(PROBE).width;
}

// Whether the browser has `name`: its text differs from each generic family's for at least one of them.
export function fontAvailable(name) {
    if (known.has(name)) return known.get(name);
    let available = false;
    try {
        available = BASES.some((base) => width(`72px ${familyName(name)}, ${base}`) !== width(`72px ${base}`));
    } catch {
        available = true;
    }
    known.set(name, available);
    return available;
}

// The substitution of a family list in this browser (fonts.js fontSubstitution), or null.
export function substitutionOf(families, fallback) {
    return fontSubstitution(families, fontAvailable, fallback);
}
