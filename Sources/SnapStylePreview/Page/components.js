// Containers and components: each component as cards with its container's composition, padding and shape, in
// each state and nested, and its contrast in each state.

import {cssColor} from './colors.js';
import {columnsElement, emptyNote, sectionBody} from './columns.js';
import {contrastTable} from './contrast-view.js';
import {h, $} from './dom.js';
import {hasKey} from './key-lists.js';
import {entryOf} from './key-tiles.js';
import {applyFont, glyphSvg, paintForeground, paintSurface} from './paint.js';
import {store} from './state.js';

export function cardStageBackground(scheme) {
    const screen = entryOf(scheme, 'surface', 'screen').value;
    return screen?.kind === 'color' ? cssColor(screen) : '';
}

function paddingCss(padding) {
    if (!padding) return '';
    return ['top', 'trailing', 'bottom', 'leading']
        .map((edge) => `${Math.max(0, Number(padding[edge]?.value) || 0)}px`).join(' ');
}

export function shapeRadius(shape) {
    switch (shape?.shape) {
    case 'roundedRectangle': return `${Math.max(0, Number(shape.cornerRadius) || 0)}px`;
    case 'capsule': return '9999px';
    case 'circle': case 'ellipse': return '50%';
    case 'containerRelative': return '12px';
    default: return '0';
    }
}

// Draws a resolved container onto an element: background, overlay, foreground, shape, padding, border.
export function styleContainer(node, container, scheme) {
    const composition = container.composition?.value;
    const background = composition?.background?.value ?? container.surface?.value;
    paintSurface(node, background, scheme);
    if (composition?.backgroundOverlay?.value) {
        const overlay = h('div', {class: 'card-overlay'});
        paintSurface(overlay, composition.backgroundOverlay.value, scheme);
        node.append(overlay);
    }
    const foreground = composition?.foreground?.value;
    if (foreground?.kind === 'gradient') node.style.color = cssColor(foreground.colors?.[0]);
    else if (foreground) paintForeground(node, foreground, scheme);
    node.style.borderRadius = shapeRadius(container.shape?.value);
    node.style.padding = paddingCss(container.padding?.value);
    const width = Number(container.border?.value?.value);
    const borderColor = composition?.border?.value;
    if (width > 0 && borderColor?.kind === 'color') node.style.border = `${width}px solid ${cssColor(borderColor)}`;
    if (!composition && !container.surface?.value) node.classList.add('card-bare');
}

export function elementNode(answer, className, content, scheme) {
    const node = h('span', {class: className}, [content]);
    const element = answer?.value;
    if (element?.font?.value) applyFont(node, element.font.value);
    const foreground = element?.composition?.value?.foreground?.value;
    if (foreground) paintForeground(node, foreground, scheme);
    return node;
}

function cardElement(variant, scheme, inner = null) {
    const container = variant.container.value;
    if (!container) return h('div', {class: 'card card-error', text: variant.container.error ?? 'no value'});
    const card = h('div', {class: `card card-shape-${container.shape?.value?.shape ?? 'none'}`});
    styleContainer(card, container, scheme);
    const shape = container.shape?.value?.shape;
    const icon = elementNode(variant.elements.icon, 'card-icon', glyphSvg(), scheme);
    const title = elementNode(variant.elements.title, 'card-title', 'Title', scheme);
    const label = elementNode(variant.elements.label, 'card-label', 'Label text', scheme);
    if (shape === 'circle') card.append(icon);
    else if (shape === 'capsule') card.append(h('div', {class: 'card-row'}, [icon, title]));
    else card.append(h('div', {class: 'card-row'}, [icon, title]), label);
    if (inner) card.append(inner);
    return card;
}

function cardCaption(variant) {
    return variant.level > 1 ? `nested · level ${variant.level}` : variant.state;
}

function cardItem(id, variant, variants, scheme) {
    let content;
    if (variant.level > 1) {
        const outer = variants.find((v) => v.level === 1 && v.state === 'normal') ?? variant;
        content = cardElement(outer, scheme, h('div', {class: 'card-nested'}, [cardElement(variant, scheme)]));
    } else {
        content = cardElement(variant, scheme);
    }
    const stage = h('div', {class: 'stage'}, [content]);
    const composition = variant.container.value?.composition?.value;
    if ((composition?.background?.value ?? variant.container.value?.surface?.value)?.kind === 'material') {
        stage.classList.add('well-backdrop');
    } else {
        stage.style.backgroundColor = cardStageBackground(scheme);
    }
    const container = variant.container.value;
    const level = container ? `level ${container.level} · overall ${container.levelOverall}` : '';
    return h('figure', {
        class: 'card-item', tabindex: '0', role: 'button',
        dataset: {component: id, state: variant.state, level: String(variant.level), scheme},
        title: `${variant.components.join(' › ')}\n${level}\nClick to explain the composition`,
    }, [stage, h('figcaption', {text: cardCaption(variant)})]);
}

// A button that explains a key in a given stack.
export function keyref(attribute, key, scheme, extra = {}, text = key) {
    return h('button', {
        type: 'button', class: 'keyref', text,
        dataset: {
            attribute, key, scheme,
            components: JSON.stringify(extra.components ?? []), containers: JSON.stringify(extra.containers ?? []),
            vars: JSON.stringify(extra.vars ?? {}),
        },
        title: `Explain ${attribute} ${key}`,
    });
}

// A component's row of cards in one scheme: each state, then nested, with its container's keys to explain.
export function componentBlock(id, scheme) {
    const variants = store.state.data[scheme]?.cards?.get(id) ?? [];
    const normal = variants.find((v) => v.level === 1 && v.state === 'normal');
    const container = normal?.container.value;
    const extra = {components: [`${id}:normal`]};
    const refs = [];
    if (container) {
        const name = container.container ? `container ${container.container}` : 'no container';
        refs.push(h('span', {class: 'muted', text: name}));
        for (const attribute of ['composition', 'shape', 'padding']) {
            const key = container[attribute]?.key;
            if (!key || !hasKey(store.state.keys, attribute, key)) continue;
            refs.push(keyref(attribute, key, scheme, extra, `${attribute} ${key}`));
        }
        if (container.requiresSecondaryAccent) refs.push(h('span', {class: 'badge', text: 'secondary accent'}));
    }
    return h('div', {class: 'component-block', dataset: {component: id, scheme}}, [
        h('div', {class: 'component-head'}, [h('h3', {class: 'component-name', text: id}), ...refs]),
        h('div', {class: 'cards'}, variants.map((variant) => cardItem(id, variant, variants, scheme))),
        contrastTable(id, scheme),
    ]);
}

// Draws the components section: every component's cards in each column.
export function renderComponentsSection() {
    const body = sectionBody('components');
    const {keys, schemes, data} = store.state;
    const ids = schemes.some((scheme) => data[scheme]?.cards) ? keys?.components ?? [] : [];
    $('#components').classList.toggle('is-empty', ids.length === 0);
    if (!ids.length) {
        body.replaceChildren(emptyNote('No components in this theme.'));
        return;
    }
    body.replaceChildren(columnsElement((scheme) => h('div', {class: 'component-list'},
        ids.map((id) => componentBlock(id, scheme)))));
}
