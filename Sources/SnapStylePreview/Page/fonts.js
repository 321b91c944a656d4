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
export function fontText(font) {
    if (!font) return 'no value';
    const parts = [`${formatNumber(font.size)} pt`];
    if (Number.isFinite(font.baseSize) && font.baseSize !== font.size) parts[0] += ` (${formatNumber(font.baseSize)})`;
    parts.push(Number.isFinite(font.weightValue) ? `${font.weight} ${font.weightValue}` : font.weight);
    if (font.textStyle) parts.push(font.textStyle);
    if (font.design && font.design !== 'default') parts.push(font.design);
    if (font.width && font.width !== 'standard') parts.push(font.width);
    if (Number.isFinite(font.lineHeight)) parts.push(`lh ${formatNumber(font.lineHeight)}`);
    if (Number.isFinite(font.letterSpacing)) parts.push(`ls ${formatNumber(font.letterSpacing)}`);
    if (font.family) parts.push(font.family);
    return parts.filter(Boolean).join(' · ');
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
