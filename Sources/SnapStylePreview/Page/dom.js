// Small DOM helpers: elements and SVG from a description, queries, a key's selector, the flash of a changed value.

const FLASH_MS = 1500;

const SVG_NS = 'http://www.w3.org/2000/svg';

// An element: `attributes` may hold `class`, `text`, `dataset`, `style` and `vars` (custom properties).
export function h(tag, attributes = {}, children = []) {
    const node = document.createElement(tag);
    setAttributes(node, attributes);
    appendChildren(node, children);
    return node;
}

// An SVG element with plain attributes.
export function s(tag, attributes = {}, children = []) {
    const node = document.createElementNS(SVG_NS, tag);
    for (const [name, value] of Object.entries(attributes)) {
        if (value !== null && value !== undefined) node.setAttribute(name, String(value));
    }
    appendChildren(node, children);
    return node;
}

function setAttributes(node, attributes) {
    for (const [name, value] of Object.entries(attributes)) {
        if (value === null || value === undefined || value === false) continue;
        if (name === 'class') node.className = value;
        else if (name === 'text') node.textContent = value;
        else if (name === 'dataset') Object.assign(node.dataset, value);
        else if (name === 'style') Object.assign(node.style, value);
        else if (name === 'vars') for (const [v, x] of Object.entries(value)) node.style.setProperty(v, x);
        else node.setAttribute(name, value === true ? '' : String(value));
    }
}

function appendChildren(node, children) {
    for (const child of [children].flat(Infinity)) {
        if (child === null || child === undefined || child === false) continue;
        node.append(child instanceof Node ? child : String(child));
    }
}

export const $ = (selector, root = document) => root.querySelector(selector);

export const $$ = (selector, root = document) => Array.from(root.querySelectorAll(selector));

export function cssEscape(text) {
    return window.CSS && CSS.escape ? CSS.escape(text) : String(text).replace(/["\\]/g, '\\$&');
}

// The selector of a key's element in one scheme's column.
export function keySelector(attribute, key, scheme) {
    return `.key[data-attribute="${cssEscape(attribute)}"][data-key="${cssEscape(key)}"]` +
        `[data-scheme="${cssEscape(scheme)}"]`;
}

// Marks a changed element for a moment.
export function flash(node) {
    node.classList.remove('changed');
    // A reflow between removing and adding the class restarts the animation.
    void node.offsetWidth;
    node.classList.add('changed');
    clearTimeout(node._flashTimer);
    node._flashTimer = setTimeout(() => node.classList.remove('changed'), FLASH_MS);
}
