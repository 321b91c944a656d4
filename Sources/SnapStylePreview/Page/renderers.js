// The renderers of each attribute's values and of imported tokens: each returns the sample (an element with the
// class `sample`), the value as text, the well it sits in, and for a font whose family the browser lacks, the
// substitution (`{family, substitute}`). `meta` is the key's entry from /api/keys when it has a type (an imported
// design token): its lengths are shown as written (px, rem), not in points.

import {cssColor, gradientTitle, luminance, surfaceText} from './colors.js';
import {h} from './dom.js';
import {dimensionCss, dtcgColor, dtcgWeight, durationMs, familiesCss, isBezier, shadowCss} from './dtcg-values.js';
import {substitutionOf} from './font-check.js';
import {fontText} from './fonts.js';
import {compactJSON, formatNumber} from './format.js';
import {applyFont, bezierSvg, glyphSvg, paintForeground, paintSurface, strokeSvg} from './paint.js';

const SAMPLE_TEXT = 'The quick brown fox jumps over the lazy dog';

const CHIP_NAMES = {base: 'Aa', onAccent: 'onAccent', complementary: 'compl.', contrast: 'contrast'};

// The sample of a key without a value.
export function noValue(entry) {
    return h('div', {class: 'sample sample-none', text: entry.error ? 'error' : 'no value'});
}

export const RENDERERS = {
    surface(value, scheme) {
        const sample = h('div', {class: 'sample'});
        paintSurface(sample, value, scheme, 1.8);
        if (value?.kind === 'material') sample.append(h('span', {class: 'material-name', text: value.material}));
        const title = value?.kind === 'gradient' && value.gradient !== 'mesh' ? gradientTitle(value) : null;
        return {well: value?.kind === 'material' ? 'backdrop' : 'checker', sample, text: surfaceText(value), title};
    },

    accent(value) {
        const variants = [
            ['base', value.base, value.onAccent], ['onAccent', value.onAccent, value.base],
            ['complementary', value.complementary, null], ['contrast', value.contrast, null],
        ];
        const sample = h('div', {class: 'sample accent-sample'});
        sample.style.backgroundColor = cssColor(value.base);
        for (const [name, color, ink] of variants) {
            const chip = h('span', {class: 'chip', title: `${name} ${color?.hex ?? ''}`}, [
                h('span', {class: 'chip-name', text: CHIP_NAMES[name]}),
            ]);
            chip.style.backgroundColor = cssColor(color);
            chip.style.color = ink ? cssColor(ink) : luminance(color) > 0.4 ? '#000' : '#fff';
            sample.append(chip);
        }
        return {well: 'checker', sample, text: `${value.base?.hex ?? '?'} · ${value.brightness ?? ''}`};
    },

    number(value, scheme, meta = null) {
        const magnitude = Math.abs(Number(value.value) || 0);
        const sample = h('span', {class: `sample bar${value.value < 0 ? ' negative' : ''}`, vars: {'--v': magnitude}});
        return {sample, text: numberText(value, meta)};
    },

    font(value, scheme, meta = null) {
        const sample = h('div', {class: 'sample', text: SAMPLE_TEXT});
        applyFont(sample, value);
        const families = Array.isArray(value.families) && value.families.length ? value.families : value.family;
        const fallback = {serif: 'serif', monospaced: 'monospace'}[value.design] ?? 'system-ui';
        const substituted = substitutionOf(families, fallback);
        return {sample, text: fontText(value, meta?.type ? 'px' : 'pt'), substituted};
    },

    padding(value) {
        const edges = ['top', 'trailing', 'bottom', 'leading'].map((edge) => value[edge]);
        const numbers = edges.map((edge) => Math.max(0, Number(edge?.value) || 0));
        const scale = Math.min(1, 30 / Math.max(1, ...numbers));
        const sample = h('div', {class: 'sample pad-box'}, [h('div', {class: 'pad-content'})]);
        sample.style.padding = numbers.map((n) => `${formatNumber(n * scale)}px`).join(' ');
        const arrows = ['↑', '→', '↓', '←'];
        const text = edges.map((edge, i) => `${arrows[i]}${edge ? formatNumber(edge.value) : '–'}`).join(' ');
        const keys = edges.map((edge) => edge?.key).filter(Boolean);
        return {well: 'plain', sample, text, title: keys.length ? `keys: ${[...new Set(keys)].join(', ')}` : null};
    },

    shape(value) {
        const sample = h('div', {class: `sample shape shape-${value.shape}`});
        let text = value.shape;
        if (value.shape === 'roundedRectangle') {
            sample.style.borderRadius = `${Math.max(0, Number(value.cornerRadius) || 0)}px`;
            text = `rounded ${formatNumber(value.cornerRadius)}${value.radiusKey ? ` · ${value.radiusKey}` : ''}`;
        }
        if (value.shape === 'containerRelative') sample.append(h('span', {text: 'relative'}));
        return {well: 'plain', sample, text};
    },

    icon(value) {
        const sample = h('div', {class: 'sample icon-tile', title: value.name}, [glyphSvg()]);
        return {well: 'plain', sample, text: value.name ?? compactJSON(value)};
    },

    composition(value, scheme) {
        const sample = h('div', {class: 'sample comp-sample'});
        paintSurface(sample, value.background?.value, scheme, 1.8);
        if (value.backgroundOverlay?.value) {
            const overlay = h('div', {class: 'comp-overlay'});
            paintSurface(overlay, value.backgroundOverlay.value, scheme, 1.8);
            sample.append(overlay);
        }
        const text = h('span', {class: 'comp-text', text: 'Aa'});
        paintForeground(text, value.foreground?.value, scheme);
        sample.append(text);
        if (value.border?.value) {
            sample.style.borderColor = value.border.value.kind === 'color' ? cssColor(value.border.value) : '';
            sample.classList.add('has-border');
        }
        const layer = (name, l) => (l?.key ? `${name} ${l.key}` : null);
        const summary = [
            value.foreground?.key ?? '–', 'on', value.background?.key ?? '–',
        ].join(' ');
        const title = [
            layer('foreground', value.foreground), layer('background', value.background),
            layer('overlay', value.backgroundOverlay), layer('border', value.border),
        ].filter(Boolean).join('\n');
        const well = value.background?.value?.kind === 'material' ? 'backdrop' : 'checker';
        return {well, sample, text: summary, title};
    },

    token(value) {
        return renderToken(value?.type, value?.value);
    },
};

// The token types whose numbers are lengths (DTCG's and Tokens Studio's).
const LENGTH_TYPES = new Set([
    'dimension', 'spacing', 'sizing', 'borderRadius', 'borderWidth', 'fontSizes', 'paragraphSpacing',
    'paragraphIndent',
]);

// A number as text: a length as its token writes it (`1.5rem`, `24px`, with the pixels a rem makes), an imported
// length without a unit in px (Tokens Studio's bare numbers are pixels), a plain number as it is, a native one as
// the model's number (points, with its base size when Dynamic Type scaled it).
export function numberText(value, meta = null) {
    if (value.dimension) {
        const written = dimensionCss(value.dimension);
        const unit = value.dimension.unit ?? 'px';
        return unit === 'px' ? written : `${written} (${formatNumber(value.value)}px)`;
    }
    if (LENGTH_TYPES.has(meta?.type)) return `${formatNumber(value.value)}px`;
    if (meta?.type) return formatNumber(value.value, 4);
    let text = formatNumber(value.value);
    if (Number.isFinite(value.base) && value.base !== value.value) text += ` (base ${formatNumber(value.base)})`;
    return text;
}

// An imported token's sample by its DTCG type; a value of another type is shown as text or JSON.
function renderToken(type, value) {
    const plain = (sampleClass, text) => ({
        well: 'plain', sample: h('div', {class: `sample token-text ${sampleClass}`, text}), text,
    });
    if (type === 'shadow') {
        const css = shadowCss(value);
        const sample = h('div', {class: 'sample token-shadow'});
        sample.style.boxShadow = css;
        return {well: 'paper', sample, text: css};
    }
    if (type === 'border' && value && typeof value === 'object') {
        const css = `${dimensionCss(value.width)} ${typeof value.style === 'string' ? value.style : 'solid'} ` +
            dtcgColor(value.color);
        const sample = h('div', {class: 'sample token-border'});
        sample.style.border = css;
        return {well: 'paper', sample, text: css};
    }
    if (type === 'duration') {
        const ms = durationMs(value);
        const sample = h('span', {class: 'sample bar duration', vars: {'--v': Math.min(1000, ms ?? 0)}});
        return {well: 'track', sample, text: ms === null ? compactJSON(value) : dimensionCss(value)};
    }
    if (type === 'cubicBezier' && isBezier(value)) {
        const sample = h('div', {class: 'sample token-curve'}, [bezierSvg(value)]);
        return {well: 'plain', sample, text: `cubic-bezier(${value.map((n) => formatNumber(n, 3)).join(', ')})`};
    }
    if (type === 'transition' && value && typeof value === 'object') {
        const curve = isBezier(value.timingFunction) ? bezierSvg(value.timingFunction) : null;
        const sample = h('div', {class: 'sample token-curve'}, [curve]);
        const text = [
            value.duration && dimensionCss(value.duration), value.delay && `delay ${dimensionCss(value.delay)}`,
            isBezier(value.timingFunction) ? `cubic-bezier(${value.timingFunction.join(', ')})` : null,
        ].filter(Boolean).join(' · ');
        return {well: 'plain', sample, text};
    }
    if (type === 'fontFamily') {
        const sample = h('div', {class: 'sample token-text token-family', text: 'Aa Bb Cc 123'});
        sample.style.fontFamily = familiesCss(value);
        return {well: 'plain', sample, text: [value].flat().join(', '), substituted: substitutionOf(value, 'serif')};
    }
    if (type === 'fontWeight') {
        const sample = h('div', {class: 'sample token-text token-weight', text: 'Aa'});
        sample.style.fontWeight = String(dtcgWeight(value));
        return {well: 'plain', sample, text: `${value} (${dtcgWeight(value)})`};
    }
    if (type === 'strokeStyle') {
        const sample = h('div', {class: 'sample token-stroke'}, [strokeSvg(value)]);
        return {well: 'plain', sample, text: typeof value === 'string' ? value : compactJSON(value)};
    }
    if (type === 'typography' && value && typeof value === 'object') {
        const sample = h('div', {class: 'sample token-text token-type', text: 'Aa Bb Cc'});
        if (value.fontFamily) sample.style.fontFamily = familiesCss(value.fontFamily);
        if (value.fontSize) sample.style.fontSize = dimensionCss(value.fontSize);
        if (value.fontWeight !== undefined) sample.style.fontWeight = String(dtcgWeight(value.fontWeight));
        if (Number.isFinite(value.lineHeight)) sample.style.lineHeight = String(value.lineHeight);
        if (value.letterSpacing) sample.style.letterSpacing = dimensionCss(value.letterSpacing);
        const substituted = substitutionOf(value.fontFamily, 'serif');
        return {well: 'plain', sample, text: compactJSON(value), substituted};
    }
    if (type === 'composition' && value && typeof value === 'object' && !Array.isArray(value)) {
        return renderComposition(value);
    }
    if (type === 'dimension') return plain('token-big', dimensionCss(value));
    if (type === 'number' && Number.isFinite(value)) return plain('token-big', formatNumber(value, 4));
    if (typeof value === 'string') return plain('token-string', value);
    return plain('token-json', compactJSON(value, 400));
}

// The CSS property a Tokens Studio composition member sets on its sample, by member name.
const COMPOSITION_CSS = {
    fill: 'backgroundColor', background: 'backgroundColor', backgroundColor: 'backgroundColor',
    borderRadius: 'borderRadius', padding: 'padding', borderWidth: 'borderWidth', borderColor: 'borderColor',
    color: 'color', opacity: 'opacity', boxShadow: 'boxShadow', width: 'width', height: 'height',
};

// A member of a composition as CSS text: a color as its hex, a length as written, a shadow as box-shadow.
function memberCss(name, member) {
    if (member && typeof member === 'object' && 'colorSpace' in member) return member.hex ?? dtcgColor(member);
    if (name === 'boxShadow') return shadowCss(member);
    if (member && typeof member === 'object' && 'unit' in member) return dimensionCss(member);
    if (typeof member === 'number') return formatNumber(member, 4);
    return typeof member === 'string' ? member : compactJSON(member, 60);
}

// A Tokens Studio composition (a card's fill, radius, padding, ...) as a box with those properties, and its
// members as text.
function renderComposition(value) {
    const content = h('span', {class: 'token-composition-content', text: 'Aa'});
    const sample = h('div', {class: 'sample token-composition'}, [content]);
    const parts = [];
    for (const [name, member] of Object.entries(value)) {
        const css = memberCss(name, member);
        parts.push(`${name} ${css}`);
        const property = COMPOSITION_CSS[name];
        if (!property) continue;
        if (property === 'padding') content.style.margin = `min(${css}, 24px)`;
        else sample.style[property] = property === 'backgroundColor' || property === 'borderColor' ||
            property === 'color' ? dtcgColor(member) : css;
    }
    if (value.borderWidth !== undefined) sample.style.borderStyle = 'solid';
    return {well: 'paper', sample, text: parts.join(' · ')};
}
