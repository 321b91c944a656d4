// Colors, gradients and materials as CSS text, and a surface described in words. No DOM (tested by Node).

import {compactJSON, formatNumber} from './format.js';

const MATERIALS = {
    ultraThin: [0.32, 6], thin: [0.48, 10], regular: [0.62, 16], thick: [0.76, 22], ultraThick: [0.88, 28],
    bar: [0.7, 18],
};
const POINTS = {
    top: [0.5, 0], bottom: [0.5, 1], leading: [0, 0.5], trailing: [1, 0.5], center: [0.5, 0.5],
    topLeading: [0, 0], topTrailing: [1, 0], bottomLeading: [0, 1], bottomTrailing: [1, 1], zero: [0, 0],
};

export function channel(value) {
    return Math.round(Math.min(1, Math.max(0, Number(value) || 0)) * 255);
}

export function alphaText(value) {
    const alpha = Math.min(1, Math.max(0, Number.isFinite(value) ? value : 1));
    return String(Number(alpha.toFixed(4)));
}

// A resolved color (`rgba` components from 0 to 1, or `hex`) as CSS.
export function cssColor(color) {
    if (!color || typeof color !== 'object') return 'transparent';
    if (Array.isArray(color.rgba) && color.rgba.length === 4) {
        const [r, g, b, a] = color.rgba;
        return `rgba(${channel(r)}, ${channel(g)}, ${channel(b)}, ${alphaText(a)})`;
    }
    if (typeof color.hex === 'string') return hexColor(color.hex);
    return 'transparent';
}

// `#RRGGBB` or `#RRGGBBAA` as CSS `rgba()`.
export function hexColor(hex) {
    const match = /^#?([0-9a-f]{6})([0-9a-f]{2})?$/i.exec(hex.trim());
    if (!match) return 'transparent';
    const n = parseInt(match[1], 16);
    const alpha = match[2] ? parseInt(match[2], 16) / 255 : 1;
    return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alphaText(alpha)})`;
}

// The relative luminance of a resolved color, from 0 (black) to 1 (white).
export function luminance(color) {
    const rgba = color?.rgba;
    if (!Array.isArray(rgba)) return 0.5;
    const linear = (c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * linear(rgba[0]) + 0.7152 * linear(rgba[1]) + 0.0722 * linear(rgba[2]);
}

function unitPoint(point, fallback) {
    if (Array.isArray(point) && point.length === 2 && point.every(Number.isFinite)) return point;
    return POINTS[point] ?? fallback;
}

function pointText(point) {
    return Array.isArray(point) ? `[${point.map((n) => formatNumber(n)).join(', ')}]` : String(point ?? 'top');
}

// A CSS linear gradient whose line runs from the start point to the end point of a box `aspect` wide, 1 high.
export function linearGradientCss(gradient, aspect = 1) {
    const colors = (gradient.colors ?? []).map(cssColor);
    if (!colors.length) return 'none';
    if (colors.length === 1) colors.push(colors[0]);
    const locations = Array.isArray(gradient.locations) && gradient.locations.length === colors.length
        ? gradient.locations : colors.map((_, index) => index / (colors.length - 1));
    const [sx, sy] = unitPoint(gradient.startPoint, POINTS.top);
    const [ex, ey] = unitPoint(gradient.endPoint, POINTS.bottom);
    const dx = (ex - sx) * aspect;
    const dy = ey - sy;
    if (Math.hypot(dx, dy) < 1e-9) return `linear-gradient(${colors[0]}, ${colors[0]})`;
    const angle = Math.atan2(dx, -dy);
    const ux = Math.sin(angle);
    const uy = -Math.cos(angle);
    const length = Math.abs(aspect * ux) + Math.abs(uy);
    const along = (x, y) => ((x * aspect - aspect / 2) * ux + (y - 0.5) * uy) / length + 0.5;
    const t0 = along(sx, sy);
    const t1 = along(ex, ey);
    const stops = colors.map((color, index) => `${color} ${formatNumber((t0 + locations[index] * (t1 - t0)) * 100)}%`);
    return `linear-gradient(${formatNumber((angle * 180) / Math.PI)}deg, ${stops.join(', ')})`;
}

// A mesh gradient approximated by a soft radial gradient at each point over a diagonal blend.
export function meshGradientCss(gradient) {
    const colors = (gradient.colors ?? []).map(cssColor);
    const points = gradient.points ?? [];
    if (!colors.length) return 'none';
    const columns = Math.max(2, gradient.width || 2);
    const rows = Math.max(2, gradient.height || 2);
    const rx = formatNumber((100 / (columns - 1)) * 1.15);
    const ry = formatNumber((100 / (rows - 1)) * 1.15);
    const layers = points.map((point, index) => {
        if (!colors[index] || !Array.isArray(point)) return null;
        const [x, y] = point.map((n) => formatNumber(n * 100));
        return `radial-gradient(${rx}% ${ry}% at ${x}% ${y}%, ${colors[index]}, transparent)`;
    }).filter(Boolean);
    layers.push(`linear-gradient(135deg, ${colors[0]}, ${colors[colors.length - 1]})`);
    return layers.join(', ');
}

// A material as a translucent tint of the scheme with a backdrop blur.
export function materialStyle(material, scheme) {
    const [alpha, blur] = MATERIALS[material] ?? MATERIALS.regular;
    const tint = scheme === 'dark' ? '28, 28, 30' : '250, 250, 252';
    return {color: `rgba(${tint}, ${alpha})`, filter: `blur(${blur}px) saturate(180%)`};
}

// A surface described in words: its hex, material, or the kind and direction of its gradient.
export function surfaceText(value) {
    if (!value) return 'no value';
    switch (value.kind) {
    case 'color': return value.hex ?? cssColor(value);
    case 'material': return `material ${value.material}`;
    case 'gradient':
        if (value.gradient === 'mesh') return `mesh ${value.width}×${value.height}`;
        return `linear ${gradientArrow(value)} · ${value.colors?.length ?? 0} colors`;
    default: return compactJSON(value);
    }
}

// The direction of a linear gradient as one of eight arrows.
export function gradientArrow(gradient) {
    const [sx, sy] = unitPoint(gradient.startPoint, POINTS.top);
    const [ex, ey] = unitPoint(gradient.endPoint, POINTS.bottom);
    if (Math.hypot(ex - sx, ey - sy) < 1e-9) return '·';
    const octant = Math.round(Math.atan2(ex - sx, -(ey - sy)) / (Math.PI / 4));
    return ['↑', '↗', '→', '↘', '↓', '↙', '←', '↖'][(octant + 8) % 8];
}

// A linear gradient's points, colors and locations, for a tooltip.
export function gradientTitle(gradient) {
    const locations = Array.isArray(gradient.locations) ? ` at ${gradient.locations.join(', ')}` : '';
    return `linear ${pointText(gradient.startPoint)} → ${pointText(gradient.endPoint)}\n` +
        `${(gradient.colors ?? []).map((color) => color.hex).join(', ')}${locations}`;
}
