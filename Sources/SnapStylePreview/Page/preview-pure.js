// The preview page's pure parts: CSS text for colors, gradients and fonts, value descriptions, and the order and
// selection of keys. Nothing here touches the DOM, so `node --test Tests/Page/` tests it (make test).

export const WEIGHTS = {
    ultraLight: 100, thin: 200, light: 300, regular: 400, medium: 500, semibold: 600, bold: 700, heavy: 800,
    black: 900,
};
export const DTCG_WEIGHTS = {
    thin: 100, hairline: 100, 'extra-light': 200, 'ultra-light': 200, light: 300, normal: 400, regular: 400,
    book: 400, medium: 500, 'semi-bold': 600, 'demi-bold': 600, bold: 700, 'extra-bold': 800, 'ultra-bold': 800,
    black: 900, heavy: 900, 'extra-black': 950, 'ultra-black': 950,
};
export const WIDTHS = {compressed: '75%', condensed: '87.5%', standard: '', expanded: '125%'};
export const DESIGN_FAMILIES = {
    default: ['system-ui', 'sans-serif'],
    serif: ['ui-serif', 'Georgia', 'serif'],
    rounded: ['ui-rounded', 'system-ui', 'sans-serif'],
    monospaced: ['ui-monospace', 'monospace'],
};
export const GENERIC_FAMILIES = new Set([
    'serif', 'sans-serif', 'monospace', 'cursive', 'fantasy', 'system-ui', 'ui-serif', 'ui-sans-serif',
    'ui-monospace', 'ui-rounded', 'math', 'emoji', 'fangsong',
]);
export const MATERIALS = {
    ultraThin: [0.32, 6], thin: [0.48, 10], regular: [0.62, 16], thick: [0.76, 22], ultraThick: [0.88, 28],
    bar: [0.7, 18],
};
export const POINTS = {
    top: [0.5, 0], bottom: [0.5, 1], leading: [0, 0.5], trailing: [1, 0.5], center: [0.5, 0.5],
    topLeading: [0, 0], topTrailing: [1, 0], bottomLeading: [0, 1], bottomTrailing: [1, 1], zero: [0, 0],
};
export const CSS_COLOR_SPACES = new Set([
    'srgb', 'srgb-linear', 'display-p3', 'a98-rgb', 'prophoto-rgb', 'rec2020', 'xyz-d65', 'xyz-d50',
]);

export function formatNumber(value, digits = 2) {
    if (typeof value !== 'number' || !Number.isFinite(value)) return String(value);
    return String(Number(value.toFixed(digits)));
}

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

export function same(a, b) {
    return JSON.stringify(a) === JSON.stringify(b);
}

export function channel(value) {
    return Math.round(Math.min(1, Math.max(0, Number(value) || 0)) * 255);
}

export function alphaText(value) {
    const alpha = Math.min(1, Math.max(0, Number.isFinite(value) ? value : 1));
    return String(Number(alpha.toFixed(4)));
}

export function cssColor(color) {
    if (!color || typeof color !== 'object') return 'transparent';
    if (Array.isArray(color.rgba) && color.rgba.length === 4) {
        const [r, g, b, a] = color.rgba;
        return `rgba(${channel(r)}, ${channel(g)}, ${channel(b)}, ${alphaText(a)})`;
    }
    if (typeof color.hex === 'string') return hexColor(color.hex);
    return 'transparent';
}

export function hexColor(hex) {
    const match = /^#?([0-9a-f]{6})([0-9a-f]{2})?$/i.exec(hex.trim());
    if (!match) return 'transparent';
    const n = parseInt(match[1], 16);
    const alpha = match[2] ? parseInt(match[2], 16) / 255 : 1;
    return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alphaText(alpha)})`;
}

export function luminance(color) {
    const rgba = color?.rgba;
    if (!Array.isArray(rgba)) return 0.5;
    const linear = (c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * linear(rgba[0]) + 0.7152 * linear(rgba[1]) + 0.0722 * linear(rgba[2]);
}

export function unitPoint(point, fallback) {
    if (Array.isArray(point) && point.length === 2 && point.every(Number.isFinite)) return point;
    return POINTS[point] ?? fallback;
}

export function pointText(point) {
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

export function materialStyle(material, scheme) {
    const [alpha, blur] = MATERIALS[material] ?? MATERIALS.regular;
    const tint = scheme === 'dark' ? '28, 28, 30' : '250, 250, 252';
    return {color: `rgba(${tint}, ${alpha})`, filter: `blur(${blur}px) saturate(180%)`};
}

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

export function gradientTitle(gradient) {
    const locations = Array.isArray(gradient.locations) ? ` at ${gradient.locations.join(', ')}` : '';
    return `linear ${pointText(gradient.startPoint)} → ${pointText(gradient.endPoint)}\n` +
        `${(gradient.colors ?? []).map((color) => color.hex).join(', ')}${locations}`;
}

export function familyName(name) {
    const text = String(name).trim();
    return GENERIC_FAMILIES.has(text) ? text : `"${text.replace(/["\\]/g, '\\$&')}"`;
}

export function fontFamilyCss(font) {
    const named = Array.isArray(font.families) && font.families.length
        ? font.families : font.family ? [font.family] : [];
    const generic = DESIGN_FAMILIES[font.design] ?? DESIGN_FAMILIES.default;
    const list = [...named, ...generic.filter((family) => !named.includes(family))];
    return list.map(familyName).join(', ');
}

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

export function dimensionCss(dimension) {
    if (typeof dimension === 'number') return `${formatNumber(dimension, 4)}px`;
    if (typeof dimension === 'string') return dimension;
    if (Number.isFinite(dimension?.value)) return `${formatNumber(dimension.value, 4)}${dimension.unit ?? ''}`;
    return '0';
}

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

export function shadowCss(value) {
    return [value].flat().filter((layer) => layer && typeof layer === 'object').map((layer) => [
        layer.inset ? 'inset' : null, dimensionCss(layer.offsetX), dimensionCss(layer.offsetY),
        dimensionCss(layer.blur), dimensionCss(layer.spread), dtcgColor(layer.color),
    ].filter(Boolean).join(' ')).join(', ');
}

export function durationMs(duration) {
    if (!duration || !Number.isFinite(duration.value)) return null;
    return duration.unit === 's' ? duration.value * 1000 : duration.value;
}

export function dtcgWeight(weight) {
    if (Number.isFinite(weight)) return weight;
    return DTCG_WEIGHTS[String(weight).toLowerCase()] ?? 400;
}

export function familiesCss(families) {
    return [families].flat().map(familyName).join(', ');
}

export function isBezier(value) {
    return Array.isArray(value) && value.length === 4 && value.every(Number.isFinite);
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

// MARK: - Keys: order and selection

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
