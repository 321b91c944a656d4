// Fonts as CSS: the family list with its design's generic families, weight, width, line height and letter
// spacing, and a font described in words. No DOM (tested by Node).

import {formatNumber} from './format.js';

const WEIGHTS = {
    ultraLight: 100, thin: 200, light: 300, regular: 400, medium: 500, semibold: 600, bold: 700, heavy: 800,
    black: 900,
};
const WIDTHS = {compressed: '75%', condensed: '87.5%', standard: '', expanded: '125%'};
const DESIGN_FAMILIES = {
    default: ['system-ui', 'sans-serif'],
    serif: ['ui-serif', 'Georgia', 'serif'],
    rounded: ['ui-rounded', 'system-ui', 'sans-serif'],
    monospaced: ['ui-monospace', 'monospace'],
};
const GENERIC_FAMILIES = new Set([
    'serif', 'sans-serif', 'monospace', 'cursive', 'fantasy', 'system-ui', 'ui-serif', 'ui-sans-serif',
    'ui-monospace', 'ui-rounded', 'math', 'emoji', 'fangsong',
]);

// A family name as CSS: generic names as they are, others quoted.
export function familyName(name) {
    const text = String(name).trim();
    return GENERIC_FAMILIES.has(text) ? text : `"${text.replace(/["\\]/g, '\\$&')}"`;
}

// A font's family list: its own families, then the generic ones of its design.
export function fontFamilyCss(font) {
    const named = Array.isArray(font.families) && font.families.length
        ? font.families : font.family ? [font.family] : [];
    const generic = DESIGN_FAMILIES[font.design] ?? DESIGN_FAMILIES.default;
    const list = [...named, ...generic.filter((family) => !named.includes(family))];
    return list.map(familyName).join(', ');
}

// A font described in words: size (and base size), weight, style, design, width, line height, spacing, family.
// An imported font (`unit` 'px') is in CSS pixels, as its tokens are written; a native one in points.
export function fontText(font, unit = 'pt') {
    if (!font) return 'no value';
    const length = (value) => (unit === 'px' ? `${formatNumber(value)}px` : `${formatNumber(value)} pt`);
    const parts = [length(font.size)];
    if (Number.isFinite(font.baseSize) && font.baseSize !== font.size) parts[0] += ` (${formatNumber(font.baseSize)})`;
    parts.push(Number.isFinite(font.weightValue) ? `${font.weight} ${font.weightValue}` : font.weight);
    if (font.textStyle) parts.push(font.textStyle);
    if (font.design && font.design !== 'default') parts.push(font.design);
    if (font.width && font.width !== 'standard') parts.push(font.width);
    if (Number.isFinite(font.lineHeight)) parts.push(`lh ${formatNumber(font.lineHeight)}`);
    if (Number.isFinite(font.letterSpacing)) {
        parts.push(`ls ${unit === 'px' ? `${formatNumber(font.letterSpacing)}px` : formatNumber(font.letterSpacing)}`);
    }
    if (font.family) parts.push(font.family);
    return parts.filter(Boolean).join(' · ');
}

// The families a font or a family token names, without the generic ones (which every browser has).
export function namedFamilies(families) {
    return [families].flat().filter((name) => typeof name === 'string' && name.trim())
        .map((name) => name.trim()).filter((name) => !GENERIC_FAMILIES.has(name));
}

// Whether the browser draws a font's first family or another one: `available(name)` tells whether the browser has
// a family. Answers `{family, substitute}`: the family asked for and the one drawn instead (another family of the
// list, or `fallback`, the generic one), or null when nothing is named or the first named family is there.
export function fontSubstitution(families, available, fallback = 'sans-serif') {
    const named = namedFamilies(families);
    if (!named.length || available(named[0])) return null;
    return {family: named[0], substitute: named.slice(1).find((name) => available(name)) ?? fallback};
}

// The inline style of a font as CSS properties (camelCase, as `element.style` takes them).
export function fontStyle(font) {
    if (!font || typeof font !== 'object') return {};
    const style = {};
    if (Number.isFinite(font.size)) style.fontSize = `${font.size}px`;
    const weight = Number.isFinite(font.weightValue) ? font.weightValue : WEIGHTS[font.weight];
    if (weight) style.fontWeight = String(weight);
    style.fontFamily = fontFamilyCss(font);
    if (WIDTHS[font.width]) style.fontStretch = WIDTHS[font.width];
    if (Number.isFinite(font.lineHeight)) style.lineHeight = String(font.lineHeight);
    if (Number.isFinite(font.letterSpacing)) style.letterSpacing = `${font.letterSpacing}px`;
    return style;
}
