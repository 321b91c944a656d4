// Painting values onto elements: surfaces as backgrounds, foregrounds as text colors, fonts, and the SVG drawings
// (curves, strokes, the icon glyph).

import {cssColor, linearGradientCss, materialStyle, meshGradientCss} from './colors.js';
import {s} from './dom.js';
import {dimensionCss} from './dtcg-values.js';
import {fontStyle} from './fonts.js';
import {formatNumber} from './format.js';

// Paints a surface (a color, a gradient drawn for a box `aspect` wide and 1 high, or a material) as a background.
export function paintSurface(node, value, scheme, aspect = 1) {
    node.style.backgroundColor = '';
    node.style.backgroundImage = '';
    node.style.backdropFilter = '';
    if (!value || typeof value !== 'object') return;
    if (value.kind === 'color') {
        node.style.backgroundColor = cssColor(value);
    } else if (value.kind === 'gradient') {
        node.style.backgroundImage = value.gradient === 'mesh'
            ? meshGradientCss(value) : linearGradientCss(value, aspect);
    } else if (value.kind === 'material') {
        const style = materialStyle(value.material, scheme);
        node.style.backgroundColor = style.color;
        node.style.backdropFilter = style.filter;
    }
}

// A surface as a text color; gradients paint the glyphs themselves.
export function paintForeground(node, value, scheme) {
    if (!value) return;
    if (value.kind === 'color') {
        node.style.color = cssColor(value);
    } else if (value.kind === 'gradient') {
        node.style.backgroundImage = value.gradient === 'mesh' ? meshGradientCss(value) : linearGradientCss(value);
        node.style.backgroundClip = 'text';
        node.style.webkitBackgroundClip = 'text';
        node.style.color = 'transparent';
    } else if (value.kind === 'material') {
        node.style.color = materialStyle(value.material, scheme).color;
    }
}

// Sets a resolved font's size, weight, family, width, line height and letter spacing.
export function applyFont(node, font) {
    Object.assign(node.style, fontStyle(font));
}

// A cubic Bézier (an imported token) as its curve in the unit square, with its handles.
export function bezierSvg(curve) {
    const [x1, y1, x2, y2] = curve;
    const top = Math.max(1, y1, y2);
    const bottom = Math.min(0, y1, y2);
    const pad = 0.08;
    const y = (value) => formatNumber(top - value, 4);
    return s('svg', {
        class: 'bezier', viewBox: `${-pad} ${-pad} ${1 + 2 * pad} ${top - bottom + 2 * pad}`,
        preserveAspectRatio: 'xMidYMid meet', 'aria-hidden': 'true',
    }, [
        s('rect', {x: 0, y: y(1), width: 1, height: 1, class: 'bezier-frame'}),
        s('line', {x1: 0, y1: y(0), x2: x1, y2: y(y1), class: 'bezier-handle'}),
        s('line', {x1: 1, y1: y(1), x2: x2, y2: y(y2), class: 'bezier-handle'}),
        s('path', {d: `M0 ${y(0)} C${x1} ${y(y1)} ${x2} ${y(y2)} 1 ${y(1)}`, class: 'bezier-curve'}),
        s('circle', {cx: x1, cy: y(y1), r: 0.035, class: 'bezier-point'}),
        s('circle', {cx: x2, cy: y(y2), r: 0.035, class: 'bezier-point'}),
    ]);
}

// A DTCG stroke style (a keyword or dashes) as a line.
export function strokeSvg(value) {
    const attributes = {x1: 4, y1: 12, x2: 116, y2: 12, class: 'stroke-line'};
    if (typeof value === 'string') {
        if (value === 'dashed') attributes['stroke-dasharray'] = '10 6';
        if (value === 'dotted') attributes['stroke-dasharray'] = '0.1 8';
        if (value === 'dotted') attributes['stroke-linecap'] = 'round';
    } else if (value && typeof value === 'object') {
        const dashes = (value.dashArray ?? []).map((d) => parseFloat(dimensionCss(d)) * 2).filter(Number.isFinite);
        if (dashes.length) attributes['stroke-dasharray'] = dashes.join(' ');
        if (value.lineCap) attributes['stroke-linecap'] = value.lineCap;
    }
    return s('svg', {class: 'stroke', viewBox: '0 0 120 24', 'aria-hidden': 'true'}, [s('line', attributes)]);
}

// The stand-in icon: a checked box.
export function glyphSvg() {
    return s('svg', {class: 'glyph', viewBox: '0 0 24 24', 'aria-hidden': 'true'}, [
        s('rect', {x: 3, y: 3, width: 18, height: 18, rx: 5, class: 'glyph-frame'}),
        s('path', {d: 'M8 12.5l2.6 2.6L16 9.5', class: 'glyph-mark'}),
    ]);
}
