// Imported design token values (DTCG) as CSS: dimensions, colors in their color spaces, shadows, durations,
// font weights and families, cubic Béziers. No DOM (tested by Node).

import {alphaText, channel} from './colors.js';
import {familyName} from './fonts.js';
import {formatNumber} from './format.js';

const DTCG_WEIGHTS = {
    thin: 100, hairline: 100, 'extra-light': 200, 'ultra-light': 200, light: 300, normal: 400, regular: 400,
    book: 400, medium: 500, 'semi-bold': 600, 'demi-bold': 600, bold: 700, 'extra-bold': 800, 'ultra-bold': 800,
    black: 900, heavy: 900, 'extra-black': 950, 'ultra-black': 950,
};
const CSS_COLOR_SPACES = new Set([
    'srgb', 'srgb-linear', 'display-p3', 'a98-rgb', 'prophoto-rgb', 'rec2020', 'xyz-d65', 'xyz-d50',
]);

// A DTCG dimension (`{value, unit}`, or a number of pixels) as CSS.
export function dimensionCss(dimension) {
    if (typeof dimension === 'number') return `${formatNumber(dimension, 4)}px`;
    if (typeof dimension === 'string') return dimension;
    if (Number.isFinite(dimension?.value)) return `${formatNumber(dimension.value, 4)}${dimension.unit ?? ''}`;
    return '0';
}

// A DTCG color (`{colorSpace, components, alpha}`) as CSS in its own color space.
export function dtcgColor(color) {
    if (typeof color === 'string') return color;
    if (!color || typeof color !== 'object') return 'transparent';
    const space = color.colorSpace;
    const alpha = alphaText(Number.isFinite(color.alpha) ? color.alpha : 1);
    const components = Array.isArray(color.components)
        ? color.components.map((c) => (c === 'none' ? 'none' : formatNumber(Number(c), 5))) : [];
    if (space === 'srgb' && components.length === 3 && color.components.every(Number.isFinite)) {
        const [r, g, b] = color.components;
        return `rgba(${channel(r)}, ${channel(g)}, ${channel(b)}, ${alpha})`;
    }
    if (components.length === 3) {
        const [a, b, c] = components;
        if (CSS_COLOR_SPACES.has(space)) return `color(${space} ${a} ${b} ${c} / ${alpha})`;
        if (space === 'hsl' || space === 'hwb') return `${space}(${a} ${b}% ${c}% / ${alpha})`;
        if (['lab', 'lch', 'oklab', 'oklch'].includes(space)) return `${space}(${a} ${b} ${c} / ${alpha})`;
    }
    if (typeof color.hex === 'string') return color.hex;
    return 'transparent';
}

// A DTCG shadow, one layer or several, as a CSS `box-shadow`.
export function shadowCss(value) {
    return [value].flat().filter((layer) => layer && typeof layer === 'object').map((layer) => [
        layer.inset ? 'inset' : null, dimensionCss(layer.offsetX), dimensionCss(layer.offsetY),
        dimensionCss(layer.blur), dimensionCss(layer.spread), dtcgColor(layer.color),
    ].filter(Boolean).join(' ')).join(', ');
}

// A DTCG duration in milliseconds, or null.
export function durationMs(duration) {
    if (!duration || !Number.isFinite(duration.value)) return null;
    return duration.unit === 's' ? duration.value * 1000 : duration.value;
}

// A DTCG font weight (a number or a name) as a number.
export function dtcgWeight(weight) {
    if (Number.isFinite(weight)) return weight;
    return DTCG_WEIGHTS[String(weight).toLowerCase()] ?? 400;
}

// A DTCG font family (a name or a list) as CSS.
export function familiesCss(families) {
    return [families].flat().map(familyName).join(', ');
}

// Whether a value is a cubic Bézier: four numbers.
export function isBezier(value) {
    return Array.isArray(value) && value.length === 4 && value.every(Number.isFinite);
}
