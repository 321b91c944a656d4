// The live preview of a snapstyled theme: fetches resolved values from the preview server's /api routes, draws
// them, and keeps them current from /events. An ES module; its pure parts (CSS text for values, the order and
// selection of keys) are in preview-pure.js, tested by Node.

import {
    compactJSON, cssColor, dimensionCss, dtcgColor, dtcgWeight, durationMs, familiesCss, fontStyle, fontText,
    formatNumber, gradientTitle, hasTypedKeys, isBezier, jsonText, linearGradientCss, luminance, materialStyle,
    meshGradientCss, same, shadowCss, sortEntries, surfaceText, visibleEntries,
} from './preview-pure.js';

const DYNAMIC_TYPES = [
    'xSmall', 'small', 'medium', 'large', 'xLarge', 'xxLarge', 'xxxLarge',
    'accessibility1', 'accessibility2', 'accessibility3', 'accessibility4', 'accessibility5',
];
const STATES = ['disabled', 'inactive', 'normal', 'highlighted', 'selected'];
const STACK_KINDS = ['component', 'container'];
const PLATFORMS = ['', 'ios', 'macos', 'watchos', 'tvos', 'visionos', 'web'];
const SCHEMES = ['light', 'dark'];
const ELEMENT_TYPES = ['title', 'label', 'icon'];
const ATTRIBUTE_SECTIONS = [
    ['surface', 'surfaces'], ['accent', 'accents'], ['number', 'numbers'], ['font', 'fonts'],
    ['padding', 'paddings'], ['shape', 'shapes'], ['icon', 'icons'], ['composition', 'compositions'],
    ['token', 'tokens'],
];
const ATTRIBUTES = ATTRIBUTE_SECTIONS.map(([attribute]) => attribute);
const SECTION_OF = Object.fromEntries(ATTRIBUTE_SECTIONS);
const PHONE = {width: 390, height: 844, bottomInset: 34, scale: 0.4};
const DETENTS = [
    ['sheetDetentCollapsed', 'Collapsed'], ['sheetDetentHalf', 'Half'], ['sheetDetentExpanded', 'Expanded'],
];
const SHEET_NUMBERS = ['sheetHandleWidth', 'sheetHandleHeight', 'sheetHandleTopPadding', 'sheetHandleBottomPadding'];
const SHEET_SURFACES = ['sheetHandle', 'screen', 'accent'];
const URL_BUDGET = 5600;
// A batch of card calls: the server takes URLs up to about 64 KB.
const BATCH_BUDGET = 24000;
const MAX_QUERIES = 1000;
const CONCURRENCY = 5;
const FLASH_MS = 1500;
const SAMPLE_TEXT = 'The quick brown fox jumps over the lazy dog';
const CHIP_NAMES = {base: 'Aa', onAccent: 'onAccent', complementary: 'compl.', contrast: 'contrast'};

// MARK: - DOM helpers

const SVG_NS = 'http://www.w3.org/2000/svg';

function h(tag, attributes = {}, children = []) {
    const node = document.createElement(tag);
    setAttributes(node, attributes);
    appendChildren(node, children);
    return node;
}

function s(tag, attributes = {}, children = []) {
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

const $ = (selector, root = document) => root.querySelector(selector);
const $$ = (selector, root = document) => Array.from(root.querySelectorAll(selector));

function cssEscape(text) {
    return window.CSS && CSS.escape ? CSS.escape(text) : String(text).replace(/["\\]/g, '\\$&');
}

function keySelector(attribute, key, scheme) {
    return `.key[data-attribute="${cssEscape(attribute)}"][data-key="${cssEscape(key)}"]` +
        `[data-scheme="${cssEscape(scheme)}"]`;
}

function flash(node) {
    node.classList.remove('changed');
    // A reflow between removing and adding the class restarts the animation.
    void node.offsetWidth;
    node.classList.add('changed');
    clearTimeout(node._flashTimer);
    node._flashTimer = setTimeout(() => node.classList.remove('changed'), FLASH_MS);
}

// MARK: - State

const ui = {
    themes: [],
    defaultTheme: 'snap',
    ctx: readHash(),
    keys: null,
    meta: new Map(),
    schemes: [],
    data: {},
    generation: 0,
    epoch: 0,
    abort: null,
    connection: 'connecting',
    explain: null,
    anchor: null,
    restoreScroll: null,
    fullPending: false,
    themesAskedAt: 0,
    bannerEventAt: -1,
    showInherited: false,
};

const SCROLL_KEY = 'snapstyle-preview-scroll';

function defaultContext() {
    return {
        theme: '', scheme: 'light', contrast: 'standard', dt: 3, platform: '', modifiers: {},
        stack: [], pick: null, state: 'normal',
    };
}

// The stack to preview in, root first: the pushed entries, then the bar's choice (`pick` in `state`) on top.
function stackEntries(context = ui.ctx) {
    return context.pick ? [...context.stack, {...context.pick, state: context.state}] : context.stack.slice();
}

function stackKnown(keys, entry) {
    return (keys?.[`${entry.kind}s`] ?? []).includes(entry.id);
}

// `KIND:ID:STATE`, or a component's `ID[:STATE]` (the older form).
function parseStackEntry(text) {
    const parts = text.split(':');
    const kinded = STACK_KINDS.includes(parts[0]) && (parts.length > 2 || !STATES.includes(parts[1] ?? 'normal'));
    const kind = kinded ? parts.shift() : 'component';
    const state = parts.length > 1 ? parts.pop() : 'normal';
    const id = parts.join(':');
    return id ? {kind, id, state: STATES.includes(state) ? state : 'normal'} : null;
}

function pickValue(pick) {
    return !pick ? '' : pick.kind === 'container' ? `container:${pick.id}` : pick.id;
}

function pickFromValue(value) {
    if (!value) return null;
    return value.startsWith('container:') ? {kind: 'container', id: value.slice('container:'.length)}
        : {kind: 'component', id: value};
}

function readHash() {
    const context = defaultContext();
    const hash = location.hash.slice(1);
    if (!hash.includes('=')) return context;
    const params = new URLSearchParams(hash);
    context.theme = params.get('theme') || '';
    if (['light', 'dark', 'both'].includes(params.get('scheme'))) context.scheme = params.get('scheme');
    if (['standard', 'high'].includes(params.get('contrast'))) context.contrast = params.get('contrast');
    const dt = DYNAMIC_TYPES.indexOf(params.get('dynamicType'));
    if (dt >= 0) context.dt = dt;
    if (PLATFORMS.includes(params.get('platform'))) context.platform = params.get('platform');
    for (const [name, value] of params) {
        if (name.startsWith('mod.') && value) context.modifiers[name.slice(4)] = value;
    }
    const stack = (params.get('stack') ?? '').split(',').map(parseStackEntry).filter(Boolean);
    const top = stack.pop();
    if (top) {
        context.stack = stack;
        context.pick = {kind: top.kind, id: top.id};
        context.state = top.state;
    }
    return context;
}

function hashText(context) {
    const params = new URLSearchParams();
    params.set('theme', context.theme);
    params.set('scheme', context.scheme);
    params.set('contrast', context.contrast);
    params.set('dynamicType', DYNAMIC_TYPES[context.dt]);
    if (context.platform) params.set('platform', context.platform);
    for (const [name, value] of Object.entries(context.modifiers)) if (value) params.set(`mod.${name}`, value);
    const stack = stackEntries(context).map((entry) => `${entry.kind}:${entry.id}:${entry.state}`);
    if (stack.length) params.set('stack', stack.join(','));
    // A fragment needs no escapes for these, and the stack stays readable.
    return params.toString().replace(/%3A/g, ':').replace(/%2C/g, ',');
}

function writeHash() {
    const text = hashText(ui.ctx);
    if (location.hash.slice(1) !== text) history.replaceState(null, '', `#${text}`);
}

function activeSchemes() {
    return ui.ctx.scheme === 'both' ? SCHEMES.slice() : [ui.ctx.scheme];
}

function themeInfo(name = ui.ctx.theme) {
    return ui.themes.find((theme) => theme.name === name) ?? null;
}

// The query parameters of a context: the bar's choices, then extra stack entries and variables.
function contextParams(scheme, extra = {}) {
    const params = new URLSearchParams();
    params.set('theme', ui.ctx.theme);
    params.set('colorScheme', scheme);
    params.set('contrast', ui.ctx.contrast);
    params.set('dynamicType', DYNAMIC_TYPES[ui.ctx.dt]);
    if (ui.ctx.platform) params.set('platform', ui.ctx.platform);
    for (const [name, value] of Object.entries(ui.ctx.modifiers)) if (value) params.set(`vars.${name}`, value);
    for (const [name, value] of Object.entries(extra.vars ?? {})) params.set(`vars.${name}`, String(value));
    for (const entry of stackEntries()) params.append(entry.kind, `${entry.id}:${entry.state}`);
    for (const entry of extra.components ?? []) params.append('component', entry);
    for (const entry of extra.containers ?? []) params.append('container', entry);
    return params;
}

// MARK: - Fetching

class ApiError extends Error {
    constructor(status, error) {
        super(error?.message ?? `HTTP ${status}`);
        this.name = 'ApiError';
        this.status = status;
        this.code = error?.code ?? null;
        this.field = error?.field ?? null;
    }
}

function isAbort(error) {
    return error?.name === 'AbortError';
}

function describeError(error) {
    if (error instanceof ApiError) return error.field ? `${error.message} (${error.field})` : error.message;
    if (error instanceof TypeError) return 'the preview server did not answer';
    return error?.message ?? String(error);
}

const limiter = {
    running: 0,
    waiting: [],
    run(task, urgent) {
        return new Promise((resolve, reject) => {
            const job = {task, resolve, reject, urgent};
            const after = urgent ? this.waiting.findIndex((waiting) => !waiting.urgent) : -1;
            if (after < 0) this.waiting.push(job);
            else this.waiting.splice(after, 0, job);
            this.next();
        });
    },
    next() {
        while (this.running < CONCURRENCY && this.waiting.length) {
            const {task, resolve, reject} = this.waiting.shift();
            this.running += 1;
            task().then(resolve, reject).finally(() => {
                this.running -= 1;
                this.next();
            });
        }
    },
};

// GETs an /api route; `urgent` requests (values, keys, explanations) go before waiting card requests.
function api(path, params, signal, urgent = true) {
    const url = params ? `${path}?${params}` : path;
    return limiter.run(async () => {
        if (signal?.aborted) throw new DOMException('Aborted', 'AbortError');
        const response = await fetch(url, {signal, cache: 'no-store', headers: {Accept: 'application/json'}});
        let body = null;
        try {
            body = await response.json();
        } catch (error) {
            if (isAbort(error)) throw error;
        }
        if (!response.ok) throw new ApiError(response.status, body?.error);
        if (body === null || typeof body !== 'object') throw new ApiError(response.status, {message: 'not JSON'});
        return body;
    }, urgent);
}

// Card calls made in one tick go out together through /api/batch: a few requests instead of hundreds.
const batcher = {
    pending: [],
    scheduled: false,
    call(method, params, signal) {
        return new Promise((resolve, reject) => {
            this.pending.push({method, query: params.toString(), signal, resolve, reject});
            if (!this.scheduled) {
                this.scheduled = true;
                setTimeout(() => this.flush(), 0);
            }
        });
    },
    flush() {
        this.scheduled = false;
        const bySignal = new Map();
        for (const call of this.pending) {
            if (!bySignal.has(call.signal)) bySignal.set(call.signal, []);
            bySignal.get(call.signal).push(call);
        }
        this.pending = [];
        for (const [signal, calls] of bySignal) {
            let chunk = [];
            let length = 0;
            for (const call of calls) {
                const size = encodeURIComponent(JSON.stringify({method: call.method, query: call.query})).length + 3;
                if (chunk.length && (length + size > BATCH_BUDGET || chunk.length >= MAX_QUERIES)) {
                    this.send(chunk, signal);
                    chunk = [];
                    length = 0;
                }
                chunk.push(call);
                length += size;
            }
            if (chunk.length) this.send(chunk, signal);
        }
    },
    send(chunk, signal) {
        const calls = JSON.stringify(chunk.map(({method, query}) => ({method, query})));
        api('/api/batch', new URLSearchParams({calls}), signal, false).then((body) => {
            chunk.forEach((call, index) => {
                const answer = body.results?.[index];
                if (answer && 'result' in answer) call.resolve(answer.result);
                else call.reject(new ApiError(0, answer?.error ?? {message: 'no answer'}));
            });
        }, (error) => chunk.forEach((call) => call.reject(error)));
    },
};

// Settles a request into `{value}` or `{error}`, letting an abort through.
function settle(promise) {
    return promise.then((value) => ({value}), (error) => {
        if (isAbort(error)) throw error;
        return {error: describeError(error)};
    });
}

let chain = Promise.resolve();

// Runs tasks one after another, so live updates never interleave with a full load.
function enqueue(task) {
    const run = chain.then(task).catch((error) => {
        if (!isAbort(error)) showNotice(`Update failed: ${describeError(error)}`);
    });
    chain = run;
    return run;
}

// Resolves queries in one context, split into requests that keep each URL short.
async function resolveQueries(scheme, queries, signal, extra = {}) {
    const base = contextParams(scheme, extra);
    const baseLength = `/api/resolve?${base}&queries=`.length + 6;
    const chunks = [];
    let current = [];
    let length = baseLength;
    for (const query of queries) {
        const size = new URLSearchParams({q: JSON.stringify(query)}).toString().length + 1;
        if (current.length && (length + size > URL_BUDGET || current.length >= MAX_QUERIES)) {
            chunks.push(current);
            current = [];
            length = baseLength;
        }
        current.push(query);
        length += size;
    }
    if (current.length) chunks.push(current);
    const answers = await Promise.all(chunks.map((chunk) => {
        const params = new URLSearchParams(base);
        params.set('queries', JSON.stringify(chunk));
        return settle(api('/api/resolve', params, signal));
    }));
    const values = new Map();
    let generation = 0;
    answers.forEach((answer, index) => {
        if (answer.error) {
            for (const query of chunks[index]) setEntry(values, query.attribute, query.key, {error: answer.error});
            return;
        }
        generation = Math.max(generation, answer.value.generation ?? 0);
        for (const result of answer.value.results ?? []) {
            const entry = result.error
                ? {error: result.error.message ?? compactJSON(result.error)}
                : {value: result.value ?? null};
            setEntry(values, result.attribute, result.key, entry);
        }
    });
    return {values, generation};
}

function setEntry(values, attribute, key, entry) {
    if (!values.has(attribute)) values.set(attribute, new Map());
    values.get(attribute).set(key, entry);
}

function keyQueries(keys, only = null) {
    const queries = [];
    for (const attribute of ATTRIBUTES) {
        for (const entry of keys.keys?.[attribute] ?? []) {
            if (!only || only.get(attribute)?.has(entry.key)) queries.push({attribute, key: entry.key});
        }
    }
    return queries;
}

async function loadScheme(scheme, keys, signal) {
    const [resolved, cards, sheet] = await Promise.all([
        resolveQueries(scheme, keyQueries(keys), signal),
        loadCards(scheme, keys, signal),
        loadSheet(scheme, keys, signal),
    ]);
    return {values: resolved.values, generation: resolved.generation, cards, sheet};
}

function cardVariants(id) {
    return [
        ...STATES.map((state) => ({state, level: 1, components: [`${id}:${state}`]})),
        {state: 'normal', level: 2, components: [`${id}:normal`, `${id}:normal`]},
    ];
}

// Loads the cards of every component, or only of `only` (the others keep `previous`'s).
async function loadCards(scheme, keys, signal, only = null, previous = new Map()) {
    const cards = new Map();
    await Promise.all((keys.components ?? []).map(async (id) => {
        if (only && !only.has(id) && previous.has(id)) {
            cards.set(id, previous.get(id));
            return;
        }
        cards.set(id, await Promise.all(cardVariants(id).map((variant) => loadVariant(scheme, variant, signal))));
    }));
    return cards;
}

// Adds the `attribute:key` names a resolved `{key, value}` read: its own key and the keys inside its value.
function addReferences(out, attribute, reference) {
    if (!reference) return;
    if (reference.key) out.add(`${attribute}:${reference.key}`);
    const value = reference.value;
    if (!value) return;
    if (attribute === 'composition') {
        for (const layer of ['foreground', 'background', 'backgroundOverlay', 'border']) {
            if (value[layer]?.key) out.add(`surface:${value[layer].key}`);
        }
    } else if (attribute === 'shape' && value.radiusKey) {
        out.add(`number:${value.radiusKey}`);
    } else if (attribute === 'padding') {
        for (const edge of ['leading', 'top', 'trailing', 'bottom']) {
            if (value[edge]?.key) out.add(`number:${value[edge].key}`);
        }
    }
}

function addContainerReferences(out, container) {
    if (!container) return;
    addReferences(out, 'surface', container.surface);
    addReferences(out, 'composition', container.composition);
    addReferences(out, 'shape', container.shape);
    addReferences(out, 'padding', container.padding);
    addReferences(out, 'number', container.border);
}

function addElementReferences(out, element) {
    if (!element) return;
    for (const attribute of ['font', 'composition', 'padding', 'shape']) {
        addReferences(out, attribute, element[attribute]);
    }
}

// Whether a live change may alter a component's cards: its definitions, its container's, or a key they read.
function cardsAffected(id, variants, event, changed) {
    if (!variants || (event.components ?? []).includes(id)) return true;
    const read = new Set();
    for (const variant of variants) {
        if (variant.container.error) return true;
        const container = variant.container.value;
        if (container?.container && (event.containers ?? []).includes(container.container)) return true;
        addContainerReferences(read, container);
        for (const element of Object.values(variant.elements)) addElementReferences(read, element.value);
    }
    return [...read].some((name) => changed.has(name));
}

function sheetAffected(sheet, event, changed) {
    if (!sheet || sheet.container?.error || sheet.title?.error) return true;
    if ((event.components ?? []).includes('sheet') || (event.containers ?? []).includes('sheet')) return true;
    const read = new Set(Object.keys(sheet.values));
    addContainerReferences(read, sheet.container?.value);
    addElementReferences(read, sheet.title?.value);
    return [...read].some((name) => changed.has(name));
}

async function loadVariant(scheme, variant, signal) {
    const params = contextParams(scheme, {components: variant.components});
    const [container, ...elements] = await Promise.all([
        settle(batcher.call('resolveContainer', params, signal)),
        ...ELEMENT_TYPES.map((type) => {
            const elementParams = new URLSearchParams(params);
            elementParams.set('element', type);
            return settle(batcher.call('resolveElement', elementParams, signal));
        }),
    ]);
    for (const answer of [container, ...elements]) if (answer.value) delete answer.value.generation;
    return {
        state: variant.state, level: variant.level, components: variant.components, container,
        elements: Object.fromEntries(ELEMENT_TYPES.map((type, index) => [type, elements[index]])),
    };
}

function hasKey(keys, attribute, key) {
    return (keys.keys?.[attribute] ?? []).some((entry) => entry.key === key);
}

async function loadSheet(scheme, keys, signal) {
    if (!DETENTS.some(([key]) => hasKey(keys, 'number', key))) return null;
    const queries = [
        ...[...DETENTS.map(([key]) => key), ...SHEET_NUMBERS].filter((key) => hasKey(keys, 'number', key))
            .map((key) => ({attribute: 'number', key})),
        ...SHEET_SURFACES.filter((key) => hasKey(keys, 'surface', key)).map((key) => ({attribute: 'surface', key})),
    ];
    const extra = sheetExtra(keys);
    const params = contextParams(scheme, extra);
    const titleParams = new URLSearchParams(params);
    titleParams.set('element', 'title');
    const [resolved, container, title] = await Promise.all([
        resolveQueries(scheme, queries, signal, extra),
        extra.components.length || extra.containers.length
            ? settle(api('/api/resolveContainer', params, signal)) : Promise.resolve(null),
        extra.components.length ? settle(api('/api/resolveElement', titleParams, signal)) : Promise.resolve(null),
    ]);
    for (const answer of [container, title]) if (answer?.value) delete answer.value.generation;
    const values = {};
    for (const [attribute, map] of resolved.values) {
        for (const [key, entry] of map) values[`${attribute}:${key}`] = entry.value ?? null;
    }
    return {values, container, title};
}

function sheetExtra(keys) {
    const vars = {containerHeight: PHONE.height, bottomInset: PHONE.bottomInset};
    if ((keys.components ?? []).includes('sheet')) return {vars, components: ['sheet'], containers: []};
    if ((keys.containers ?? []).includes('sheet')) return {vars, components: [], containers: ['sheet']};
    return {vars, components: [], containers: []};
}

// MARK: - Colors, gradients and fonts

function paintSurface(node, value, scheme, aspect = 1) {
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
function paintForeground(node, value, scheme) {
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

function applyFont(node, font) {
    Object.assign(node.style, fontStyle(font));
}

// DTCG values (imported tokens).

function bezierSvg(curve) {
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

function strokeSvg(value) {
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

// MARK: - Renderers: each returns the sample (with a `.sample` inside) and the value's text

function glyphSvg() {
    return s('svg', {class: 'glyph', viewBox: '0 0 24 24', 'aria-hidden': 'true'}, [
        s('rect', {x: 3, y: 3, width: 18, height: 18, rx: 5, class: 'glyph-frame'}),
        s('path', {d: 'M8 12.5l2.6 2.6L16 9.5', class: 'glyph-mark'}),
    ]);
}

function noValue(entry) {
    return h('div', {class: 'sample sample-none', text: entry.error ? 'error' : 'no value'});
}

const RENDERERS = {
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

    number(value) {
        const magnitude = Math.abs(Number(value.value) || 0);
        const sample = h('span', {class: `sample bar${value.value < 0 ? ' negative' : ''}`, vars: {'--v': magnitude}});
        let text = formatNumber(value.value);
        if (Number.isFinite(value.base) && value.base !== value.value) text += ` (base ${formatNumber(value.base)})`;
        if (value.dimension) text += ` · ${dimensionCss(value.dimension)}`;
        return {sample, text};
    },

    font(value) {
        const sample = h('div', {class: 'sample', text: SAMPLE_TEXT});
        applyFont(sample, value);
        return {sample, text: fontText(value)};
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
        return {well: 'plain', sample, text: [value].flat().join(', ')};
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
        return {well: 'plain', sample, text: compactJSON(value)};
    }
    if (type === 'dimension') return plain('token-big', dimensionCss(value));
    if (type === 'number' && Number.isFinite(value)) return plain('token-big', formatNumber(value, 4));
    if (typeof value === 'string') return plain('token-string', value);
    return plain('token-json', compactJSON(value, 400));
}

// MARK: - Keys: tiles and rows

const LAYOUT = {
    number: 'rows number-rows', font: 'rows font-rows',
};

function metaOf(attribute, key) {
    return ui.meta.get(`${attribute}\u0000${key}`) ?? null;
}

function entryOf(scheme, attribute, key) {
    return ui.data[scheme]?.values.get(attribute)?.get(key) ?? {value: null};
}

function badges(meta) {
    if (!meta) return [];
    const list = [];
    if (meta.type) list.push(h('span', {class: 'badge badge-type', text: meta.type, title: `DTCG $type ${meta.type}`}));
    if (meta.deprecated) {
        const reason = typeof meta.deprecated === 'string' ? meta.deprecated : 'deprecated';
        list.push(h('span', {class: 'badge badge-deprecated', text: 'deprecated', title: reason}));
    }
    return list;
}

function makeKey(attribute, key, scheme) {
    const node = h('div', {
        class: 'key', tabindex: '0', role: 'button',
        dataset: {attribute, key, scheme},
    });
    fillKey(node);
    return node;
}

// Draws a key's current value into its element, replacing what was there.
function fillKey(node) {
    const {attribute, key, scheme} = node.dataset;
    const entry = entryOf(scheme, attribute, key);
    const meta = metaOf(attribute, key);
    const value = entry.value;
    let rendered;
    if (entry.error || value === null || value === undefined) {
        const sample = attribute === 'number' ? h('span', {class: 'sample'})
            : attribute === 'font' ? h('div', {class: 'sample sample-none', text: '—'}) : noValue(entry);
        rendered = {well: 'plain', sample, text: entry.error ?? 'no value'};
    } else {
        try {
            rendered = RENDERERS[attribute](value, scheme);
        } catch {
            rendered = {well: 'plain', sample: h('div', {class: 'sample token-json'}), text: compactJSON(value)};
        }
    }
    const label = h('span', {class: 'name', text: key, title: key});
    const valueText = h('span', {class: 'value', text: rendered.text, title: rendered.title ?? rendered.text});
    node.className = `key ${attribute === 'number' || attribute === 'font' ? 'row' : 'tile'}`;
    node.classList.toggle('has-error', Boolean(entry.error));
    node.classList.toggle('is-empty', !entry.error && (value === null || value === undefined));
    node.classList.toggle('is-deprecated', Boolean(meta?.deprecated));
    node.title = meta?.description ? `${key}\n${meta.description}` : '';
    node.setAttribute('aria-label', `${attribute} ${key}: ${rendered.text}`);
    if (attribute === 'number') {
        node.replaceChildren(
            h('span', {class: 'label-row'}, [label, badges(meta)]), valueText,
            h('span', {class: 'track'}, [rendered.sample]));
    } else if (attribute === 'font') {
        node.replaceChildren(rendered.sample, h('div', {class: 'label-row'}, [label, badges(meta), valueText]));
    } else {
        const marks = badges(meta);
        node.replaceChildren(
            h('div', {class: `well well-${rendered.well ?? 'plain'}`}, [
                rendered.sample, marks.length ? h('div', {class: 'badges'}, marks) : null,
            ]),
            h('div', {class: 'meta'}, [h('div', {class: 'label-row'}, [label]), valueText]));
    }
}

// Whether the page lists only the theme's own keys: an imported theme (one with design tokens) unless the
// "inherited keys" toggle is on.
function ownKeysOnly() {
    return hasTypedKeys(ui.keys) && !ui.showInherited;
}

// The entries of an attribute the page lists, in natural order (`gray.50` before `gray.100`).
function listedEntries(attribute) {
    const entries = ui.keys?.keys?.[attribute] ?? [];
    return sortEntries(visibleEntries(entries, ui.ctx.theme, ownKeysOnly()));
}

// The listed keys of each attribute, one string each, to tell whether a section's list changed.
function listedKeys() {
    return new Map(ATTRIBUTES.map((attribute) => [attribute, listedEntries(attribute).map((e) => e.key).join('\n')]));
}

function orderedEntries(attribute, scheme) {
    const entries = listedEntries(attribute);
    if (attribute !== 'font') return entries;
    const size = (entry) => entryOf(scheme, 'font', entry.key).value?.size ?? -1;
    return entries.sort((a, b) => size(b) - size(a));
}

function columnsElement(render) {
    const columns = ui.schemes.map((scheme) => h('div', {class: 'column', dataset: {scheme}}, [
        ui.schemes.length > 1 ? h('h3', {class: 'column-title', text: scheme === 'dark' ? 'Dark' : 'Light'}) : null,
        render(scheme),
    ]));
    return h('div', {class: `columns columns-${columns.length}`}, columns);
}

function emptyNote(text) {
    return h('p', {class: 'empty-note', text});
}

function sectionBody(id) {
    return $(`#${id} .section-body`);
}

function renderAttributeSection(attribute) {
    const id = SECTION_OF[attribute];
    const body = sectionBody(id);
    const entries = listedEntries(attribute);
    $(`#${id}`).classList.toggle('is-empty', entries.length === 0);
    if (!entries.length) {
        body.replaceChildren(emptyNote(attribute === 'token'
            ? 'No imported tokens in this theme.' : `No ${attribute} keys in this theme.`));
        return;
    }
    body.replaceChildren(columnsElement((scheme) => h('div', {class: LAYOUT[attribute] ?? 'tiles'},
        orderedEntries(attribute, scheme).map((entry) => makeKey(attribute, entry.key, scheme)))));
    if (attribute === 'number') updateNumberScale();
}

function updateNumberScale() {
    let max = 1;
    for (const scheme of ui.schemes) {
        for (const entry of ui.data[scheme]?.values.get('number')?.values() ?? []) {
            const value = Math.abs(Number(entry.value?.value));
            if (Number.isFinite(value)) max = Math.max(max, value);
        }
    }
    $('#numbers').style.setProperty('--max', String(max));
}

// MARK: - Containers and components

function cardStageBackground(scheme) {
    const screen = entryOf(scheme, 'surface', 'screen').value;
    return screen?.kind === 'color' ? cssColor(screen) : '';
}

function paddingCss(padding) {
    if (!padding) return '';
    return ['top', 'trailing', 'bottom', 'leading']
        .map((edge) => `${Math.max(0, Number(padding[edge]?.value) || 0)}px`).join(' ');
}

function shapeRadius(shape) {
    switch (shape?.shape) {
    case 'roundedRectangle': return `${Math.max(0, Number(shape.cornerRadius) || 0)}px`;
    case 'capsule': return '9999px';
    case 'circle': case 'ellipse': return '50%';
    case 'containerRelative': return '12px';
    default: return '0';
    }
}

function styleContainer(node, container, scheme) {
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

function elementNode(answer, className, content, scheme) {
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

function keyref(attribute, key, scheme, extra = {}, text = key) {
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

function componentBlock(id, scheme) {
    const variants = ui.data[scheme]?.cards.get(id) ?? [];
    const normal = variants.find((v) => v.level === 1 && v.state === 'normal');
    const container = normal?.container.value;
    const extra = {components: [`${id}:normal`]};
    const refs = [];
    if (container) {
        const name = container.container ? `container ${container.container}` : 'no container';
        refs.push(h('span', {class: 'muted', text: name}));
        for (const attribute of ['composition', 'shape', 'padding']) {
            const key = container[attribute]?.key;
            if (!key || !hasKey(ui.keys, attribute, key)) continue;
            refs.push(keyref(attribute, key, scheme, extra, `${attribute} ${key}`));
        }
        if (container.requiresSecondaryAccent) refs.push(h('span', {class: 'badge', text: 'secondary accent'}));
    }
    return h('div', {class: 'component-block', dataset: {component: id, scheme}}, [
        h('div', {class: 'component-head'}, [h('h3', {class: 'component-name', text: id}), ...refs]),
        h('div', {class: 'cards'}, variants.map((variant) => cardItem(id, variant, variants, scheme))),
    ]);
}

function renderComponentsSection() {
    const body = sectionBody('components');
    const ids = ui.keys?.components ?? [];
    $('#components').classList.toggle('is-empty', ids.length === 0);
    if (!ids.length) {
        body.replaceChildren(emptyNote('No components in this theme.'));
        return;
    }
    body.replaceChildren(columnsElement((scheme) => h('div', {class: 'component-list'},
        ids.map((id) => componentBlock(id, scheme)))));
}

// MARK: - Sheet

function sheetValue(sheet, attribute, key) {
    return sheet.values[`${attribute}:${key}`] ?? null;
}

function phoneItem(sheet, scheme, [key, name]) {
    const detent = sheetValue(sheet, 'number', key);
    const container = sheet.container?.value;
    const phone = h('div', {class: 'phone'});
    const screen = h('div', {class: 'phone-screen'}, [
        h('div', {class: 'phone-status'}, [h('span', {text: '9:41'}), h('span', {class: 'phone-island'})]),
        h('div', {class: 'phone-largetitle', text: 'Library'}),
        h('div', {class: 'phone-hero'}),
        ...Array.from({length: 6}, (_, i) => h('div', {class: `phone-row phone-row-${i % 3}`})),
    ]);
    paintSurface(screen, sheetValue(sheet, 'surface', 'screen'), scheme);
    paintSurface(screen.querySelector('.phone-hero'), sheetValue(sheet, 'surface', 'accent'), scheme);
    phone.append(screen);
    const top = Number(detent?.value);
    if (Number.isFinite(top)) {
        const panel = h('div', {class: 'phone-sheet'});
        if (container) styleContainer(panel, container, scheme);
        else panel.classList.add('card-bare');
        const radius = Math.max(0, parseFloat(shapeRadius(container?.shape?.value)) || 0);
        panel.style.top = `${top}px`;
        panel.style.height = `${PHONE.height - top + radius + 2}px`;
        panel.style.paddingTop = '0';
        const handle = h('div', {class: 'phone-handle'});
        const width = sheetValue(sheet, 'number', 'sheetHandleWidth')?.value ?? 36;
        const height = sheetValue(sheet, 'number', 'sheetHandleHeight')?.value ?? 5;
        handle.style.width = `${width}px`;
        handle.style.height = `${height}px`;
        paintSurface(handle, sheetValue(sheet, 'surface', 'sheetHandle'), scheme);
        const handleArea = h('div', {class: 'phone-handle-area'}, [handle]);
        handleArea.style.paddingTop = `${sheetValue(sheet, 'number', 'sheetHandleTopPadding')?.value ?? 10}px`;
        handleArea.style.paddingBottom = `${sheetValue(sheet, 'number', 'sheetHandleBottomPadding')?.value ?? 6}px`;
        const title = elementNode(sheet.title, 'phone-sheet-title', 'Sheet title', scheme);
        panel.append(handleArea, title,
            ...Array.from({length: 8}, (_, i) => h('div', {class: `phone-line phone-line-${i % 3}`})));
        phone.append(panel);
    }
    phone.append(h('div', {class: 'phone-home'}));
    const viewport = h('div', {class: 'phone-viewport'}, [phone]);
    const extra = sheetExtra(ui.keys);
    const caption = h('figcaption', {}, [
        keyref('number', key, scheme, extra, name),
        h('span', {class: 'value', text: Number.isFinite(top) ? `${formatNumber(top, 1)} pt from top` : 'no value'}),
    ]);
    return h('figure', {class: 'phone-item', dataset: {detent: key, scheme}}, [viewport, caption]);
}

function renderSheetSection() {
    const body = sectionBody('sheet');
    const present = ui.schemes.some((scheme) => ui.data[scheme]?.sheet);
    $('#sheet').classList.toggle('is-empty', !present);
    if (!present) {
        body.replaceChildren(emptyNote('This theme has no bottom sheet (no sheetDetent numbers).'));
        return;
    }
    body.replaceChildren(columnsElement((scheme) => {
        const sheet = ui.data[scheme]?.sheet;
        if (!sheet) return emptyNote('No sheet.');
        const note = sheet.container?.error ? emptyNote(`sheet container: ${sheet.container.error}`) : null;
        return h('div', {class: 'sheet-block'}, [
            note,
            h('div', {class: 'phones'}, DETENTS.map((detent) => phoneItem(sheet, scheme, detent))),
            h('p', {class: 'muted small', text: `${PHONE.width} × ${PHONE.height} pt, bottom inset ` +
                `${PHONE.bottomInset}, drawn at ${PHONE.scale * 100} %`}),
        ]);
    }));
}

// MARK: - Rendering everything

function buildMeta(keys) {
    const meta = new Map();
    for (const attribute of ATTRIBUTES) {
        for (const entry of keys.keys?.[attribute] ?? []) {
            if (entry.type || entry.description || entry.deprecated) meta.set(`${attribute}\u0000${entry.key}`, entry);
        }
    }
    return meta;
}

// The "inherited keys" toggle shows for an imported theme only (one with design tokens).
function renderInheritedToggle() {
    $('#inherited-toggle').hidden = !hasTypedKeys(ui.keys);
    $('#inherited').checked = ui.showInherited;
}

function renderAll() {
    renderInheritedToggle();
    for (const attribute of ATTRIBUTES) renderAttributeSection(attribute);
    renderComponentsSection();
    renderSheetSection();
    updateCounts();
}

function renderUnavailable(message) {
    for (const section of $$('main .section')) {
        section.classList.add('is-empty');
        $('.section-body', section).replaceChildren();
    }
    sectionBody('surfaces').replaceChildren(emptyNote(message));
    updateCounts();
}

function updateCounts() {
    const counts = {};
    let total = 0;
    for (const [attribute, id] of ATTRIBUTE_SECTIONS) {
        counts[id] = listedEntries(attribute).length;
        total += counts[id];
    }
    counts.components = ui.keys?.components?.length ?? 0;
    counts.sheet = ui.schemes.some((scheme) => ui.data[scheme]?.sheet) ? DETENTS.length : 0;
    for (const [id, count] of Object.entries(counts)) {
        for (const node of $$(`#${id} .section-title .count, .toc a[data-section="${id}"] .count`)) {
            node.textContent = String(count);
        }
        $(`.toc a[data-section="${id}"]`)?.classList.toggle('is-empty', count === 0);
    }
    $('#key-count').textContent = `${total} ${total === 1 ? 'key' : 'keys'}`;
}

function setGeneration(generation) {
    ui.generation = generation;
    document.body.dataset.generation = String(generation);
    $('#generation').textContent = generation ? String(generation) : '–';
}

// MARK: - Full loads

function requestFullLoad() {
    ui.epoch += 1;
    ui.abort?.abort();
    cancelCardRefresh();
    ui.abort = new AbortController();
    document.body.dataset.ready = 'false';
    document.body.classList.add('is-loading');
    ui.fullPending = true;
    const epoch = ui.epoch;
    const signal = ui.abort.signal;
    return enqueue(() => fullLoad(epoch, signal));
}

async function loadThemes(signal) {
    const askedAt = performance.now();
    const answer = await api('/api/themes', null, signal);
    ui.themes = Array.isArray(answer.themes) ? answer.themes : [];
    ui.themesAskedAt = askedAt;
    ui.defaultTheme = answer.default ?? ui.themes[0]?.name ?? '';
}

// Makes the context valid for the themes known now: a theme that exists, its own modifiers' contexts only.
function settleContext() {
    const initial = $('meta[name="snapstyle-theme"]')?.content;
    if (!themeInfo()) {
        const candidates = [initial, ui.defaultTheme, ui.themes[0]?.name];
        ui.ctx.theme = candidates.find((name) => name && themeInfo(name)) ?? ui.ctx.theme;
    }
    const modifiers = themeInfo()?.modifiers ?? [];
    for (const name of Object.keys(ui.ctx.modifiers)) {
        const modifier = modifiers.find((m) => m.name === name);
        if (!modifier || !(modifier.contexts ?? []).includes(ui.ctx.modifiers[name])) delete ui.ctx.modifiers[name];
    }
}

async function fullLoad(epoch, signal) {
    const stale = () => epoch !== ui.epoch;
    if (stale()) return;
    ui.fullPending = false;
    try {
        await loadThemes(signal);
        if (stale()) return;
        settleContext();
        renderThemeControls();
        renderContextControls();
        const info = themeInfo();
        syncBanner(info);
        if (!info || !info.generation) {
            ui.keys = null;
            ui.schemes = activeSchemes();
            ui.data = {};
            ui.meta = new Map();
            renderStackOptions();
            renderUnavailable(info ? `Theme “${info.name}” has not loaded yet${info.errors?.length
                ? ': fix the errors above.' : '.'}` : 'No themes.');
            setGeneration(0);
            writeHash();
            return;
        }
        const keys = await api('/api/keys', new URLSearchParams({theme: info.name}), signal);
        if (stale()) return;
        ui.ctx.stack = ui.ctx.stack.filter((entry) => stackKnown(keys, entry));
        if (ui.ctx.pick && !stackKnown(keys, ui.ctx.pick)) ui.ctx.pick = null;
        renderStackOptions(keys);
        writeHash();
        const schemes = activeSchemes();
        const loaded = await Promise.all(schemes.map((scheme) => loadScheme(scheme, keys, signal)));
        if (stale()) return;
        commitFull(keys, schemes, loaded);
        hideNotice();
    } catch (error) {
        if (isAbort(error) || stale()) return;
        showNotice(`Could not load the preview: ${describeError(error)}`);
    } finally {
        if (!stale()) {
            document.body.classList.remove('is-loading');
            document.body.dataset.ready = 'true';
            performance.mark('snapstyle-ready');
        }
    }
}

function commitFull(keys, schemes, loaded) {
    const scrollY = window.scrollY;
    const focused = document.activeElement?.closest?.('.key');
    const focusSelector = focused ? keySelector(focused.dataset.attribute, focused.dataset.key,
        schemes.includes(focused.dataset.scheme) ? focused.dataset.scheme : schemes[0]) : null;
    ui.keys = keys;
    ui.meta = buildMeta(keys);
    ui.schemes = schemes;
    ui.data = Object.fromEntries(schemes.map((scheme, index) => [scheme, loaded[index]]));
    renderAll();
    applyFilter();
    renderFooterInfo();
    setGeneration(Math.max(keys.generation ?? 0, ...loaded.map((data) => data.generation)));
    if (focusSelector) $(focusSelector)?.focus({preventScroll: true});
    if (ui.anchor) {
        document.getElementById(ui.anchor)?.scrollIntoView();
        ui.anchor = null;
    } else if (ui.restoreScroll !== null) {
        window.scrollTo(0, ui.restoreScroll);
    } else {
        window.scrollTo(window.scrollX, scrollY);
    }
    ui.restoreScroll = null;
    refreshExplain();
}

// MARK: - Live updates

function keySets(keys) {
    const sets = new Map();
    for (const attribute of ATTRIBUTES) sets.set(attribute, new Set((keys.keys?.[attribute] ?? []).map((e) => e.key)));
    return sets;
}

let pendingChange = null;

// Queues a themeChanged; changes that arrive while one waits join it, so a burst of saves is one update.
function queueLiveUpdate(event) {
    if (pendingChange && pendingChange.theme === event.theme) {
        pendingChange = mergeChanges(pendingChange, event);
        return;
    }
    pendingChange = mergeChanges({theme: event.theme, generation: 0, changed: {}}, event);
    enqueue(() => {
        const change = pendingChange;
        pendingChange = null;
        return change ? liveUpdate(change) : undefined;
    });
}

function mergeChanges(into, event) {
    const union = (a, b) => [...new Set([...(Array.isArray(a) ? a : []), ...(Array.isArray(b) ? b : [])])];
    const changed = {...into.changed};
    for (const [attribute, keys] of Object.entries(event.changed ?? {})) {
        changed[attribute] = union(changed[attribute], keys);
    }
    return {
        theme: into.theme, generation: Math.max(into.generation ?? 0, event.generation ?? 0), changed,
        containers: union(into.containers, event.containers), components: union(into.components, event.components),
    };
}

// Applies a themeChanged: the changed keys first, then the cards and sheets that read them.
async function liveUpdate(event) {
    if (event.theme !== ui.ctx.theme || !ui.keys || ui.fullPending) return;
    const epoch = ui.epoch;
    const signal = ui.abort.signal;
    const stale = () => epoch !== ui.epoch;
    const askedAt = performance.now();
    const [themes, keys] = await Promise.all([
        settle(api('/api/themes', null, signal)),
        api('/api/keys', new URLSearchParams({theme: ui.ctx.theme}), signal),
    ]);
    if (stale()) return;
    if (themes.value) {
        const before = JSON.stringify(themeInfo()?.modifiers ?? []);
        ui.themes = themes.value.themes ?? ui.themes;
        ui.themesAskedAt = askedAt;
        renderThemeControls();
        syncBanner(themeInfo());
        if (JSON.stringify(themeInfo()?.modifiers ?? []) !== before) {
            requestFullLoad();
            return;
        }
    }
    if (!stackEntries().every((entry) => stackKnown(keys, entry))) {
        requestFullLoad();
        return;
    }
    const {wanted, structural} = keyChanges(ui.keys, keys, event);
    const queries = keyQueries(keys, wanted);
    const resolved = await Promise.all(ui.schemes.map((scheme) => (queries.length
        ? resolveQueries(scheme, queries, signal) : {values: new Map(), generation: 0})));
    if (stale()) return;
    const componentsChanged = !same(ui.keys.components ?? [], keys.components ?? []);
    const metaBefore = ui.meta;
    const listedBefore = listedKeys();
    ui.keys = keys;
    ui.meta = buildMeta(keys);
    renderInheritedToggle();
    const listedAfter = listedKeys();
    for (const attribute of ATTRIBUTES) {
        if (listedBefore.get(attribute) !== listedAfter.get(attribute)) structural.add(attribute);
    }
    let generation = Math.max(ui.generation, event.generation ?? 0, keys.generation ?? 0);
    const updated = ui.schemes.flatMap((scheme, index) => {
        generation = Math.max(generation, resolved[index].generation);
        return storeValues(scheme, resolved[index].values, metaBefore);
    });
    for (const attribute of structural) renderAttributeSection(attribute);
    for (const [attribute, key, scheme] of updated) {
        const node = $(keySelector(attribute, key, scheme));
        if (!node) continue;
        if (!structural.has(attribute)) fillKey(node);
        flash(node);
    }
    if (wanted.has('number')) updateNumberScale();
    if (wanted.get('surface')?.has('screen')) {
        for (const stage of $$('#components .stage:not(.well-backdrop)')) {
            stage.style.backgroundColor = cardStageBackground(stage.closest('.column')?.dataset.scheme);
        }
    }
    updateCounts();
    renderStackOptions(keys);
    renderFooterInfo();
    applyFilter();
    setGeneration(generation);
    refreshExplain();

    scheduleCardRefresh(event, componentsChanged);
}

let cardChange = null;
let cardRun = null;

// Refreshes the cards and sheets a change may alter, off the update queue: a later change cancels a refresh
// still running and refreshes what both touched.
function scheduleCardRefresh(event, componentsChanged) {
    const change = mergeChanges(cardChange ?? {theme: event.theme, generation: 0, changed: {}}, event);
    change.componentsChanged = Boolean(cardChange?.componentsChanged || componentsChanged);
    cardChange = change;
    cardRun?.abort();
    const controller = new AbortController();
    cardRun = controller;
    refreshCards(change, controller).catch((error) => {
        if (!isAbort(error)) showNotice(`Update failed: ${describeError(error)}`);
    });
}

function cancelCardRefresh() {
    cardRun?.abort();
    cardRun = null;
    cardChange = null;
}

async function refreshCards(change, controller) {
    const epoch = ui.epoch;
    const signal = controller.signal;
    const keys = ui.keys;
    const changed = new Set();
    for (const [attribute, list] of Object.entries(change.changed ?? {})) {
        for (const key of Array.isArray(list) ? list : []) changed.add(`${attribute}:${key}`);
    }
    const everything = change.componentsChanged ||
        stackEntries().some((entry) => (change[`${entry.kind}s`] ?? []).includes(entry.id));
    const loaded = await Promise.all(ui.schemes.map(async (scheme) => {
        const data = ui.data[scheme];
        const only = everything ? null : new Set((keys.components ?? []).filter((id) =>
            cardsAffected(id, data.cards.get(id), change, changed)));
        return Promise.all([
            only?.size === 0 ? data.cards : loadCards(scheme, keys, signal, only, data.cards),
            everything || sheetAffected(data.sheet, change, changed) ? loadSheet(scheme, keys, signal) : data.sheet,
        ]);
    }));
    if (controller !== cardRun || epoch !== ui.epoch) return;
    cardRun = null;
    cardChange = null;
    let sheetChanged = false;
    ui.schemes.forEach((scheme, index) => {
        const [cards, sheet] = loaded[index];
        const data = ui.data[scheme];
        updateCards(scheme, data, cards, change.componentsChanged);
        if (!same(data.sheet, sheet)) {
            data.sheet = sheet;
            sheetChanged = true;
        }
    });
    if (change.componentsChanged) renderComponentsSection();
    if (sheetChanged) {
        renderSheetSection();
        for (const node of $$('#sheet .phone-item')) flash(node);
    }
    updateCounts();
    applyFilter();
}

// The keys to fetch (the changed ones that still exist, and new ones) and the attributes whose key list changed.
function keyChanges(oldKeys, newKeys, event) {
    const oldSets = keySets(oldKeys);
    const newSets = keySets(newKeys);
    const wanted = new Map();
    const structural = new Set();
    for (const attribute of ATTRIBUTES) {
        const before = oldSets.get(attribute);
        const after = newSets.get(attribute);
        const listed = Array.isArray(event.changed?.[attribute]) ? event.changed[attribute] : [];
        const set = new Set(listed.filter((key) => after.has(key)));
        for (const key of after) if (!before.has(key)) set.add(key);
        if (before.size !== after.size || [...after].some((key) => !before.has(key))) structural.add(attribute);
        if (set.size) wanted.set(attribute, set);
    }
    return {wanted, structural};
}

// Stores fresh values of one column; answers the `[attribute, key, scheme]` whose value or metadata differ.
function storeValues(scheme, values, metaBefore) {
    const data = ui.data[scheme];
    const updated = [];
    for (const attribute of ATTRIBUTES) {
        const map = data.values.get(attribute) ?? new Map();
        data.values.set(attribute, map);
        const present = new Set((ui.keys.keys?.[attribute] ?? []).map((entry) => entry.key));
        for (const key of map.keys()) if (!present.has(key)) map.delete(key);
        for (const [key, entry] of values.get(attribute) ?? []) {
            const name = `${attribute}\u0000${key}`;
            if (!same(map.get(key), entry) || !same(metaBefore.get(name), ui.meta.get(name))) {
                updated.push([attribute, key, scheme]);
            }
            map.set(key, entry);
        }
    }
    return updated;
}

function updateCards(scheme, data, cards, rerenderAll) {
    const old = data.cards;
    data.cards = cards;
    if (rerenderAll || old === cards) return;
    for (const [id, variants] of cards) {
        const before = old.get(id);
        if (same(before, variants)) continue;
        const block = $(`#components .component-block[data-component="${cssEscape(id)}"][data-scheme="${scheme}"]`);
        if (!block) continue;
        const fresh = componentBlock(id, scheme);
        block.replaceWith(fresh);
        variants.forEach((variant, index) => {
            if (!before || !same(before[index], variant)) {
                const item = fresh.querySelectorAll('.card-item')[index];
                if (item) flash(item);
            }
        });
    }
}

// MARK: - Banner, notice, status, footer

// Shows the banner as a theme list says, unless an event about the theme came after the list was asked for.
function syncBanner(info) {
    if (ui.bannerEventAt > ui.themesAskedAt) return;
    if (info && info.errors?.length) showBanner(info.name, info.errors);
    else hideBanner();
}

function errorLine(error) {
    return `${error.file}:${error.line}:${error.column}: ${error.message}`;
}

function showBanner(theme, errors) {
    const banner = $('#banner');
    banner.dataset.title = themeInfo(theme)?.generation
        ? `Theme “${theme}” has errors: showing its last good values.`
        : `Theme “${theme}” has errors and has never loaded.`;
    banner.replaceChildren(...errors.map((error) => h('li', {text: errorLine(error)})));
    banner.hidden = false;
}

function hideBanner() {
    const banner = $('#banner');
    banner.hidden = true;
    banner.replaceChildren();
}

function showNotice(text) {
    const notice = $('#notice');
    notice.textContent = text;
    notice.hidden = false;
}

function hideNotice() {
    $('#notice').hidden = true;
}

function setConnection(state) {
    ui.connection = state;
    const status = $('#status');
    status.dataset.state = state;
    status.textContent = state === 'live' ? 'live' : state === 'reconnecting' ? 'reconnecting…' : 'connecting…';
}

function renderFooterInfo() {
    const info = themeInfo();
    const parts = [];
    if (info) {
        parts.push(info.format === 'dtcg' ? `DTCG · ${info.tokens ?? 0} tokens` : 'native');
        if (info.extends) parts.push(`extends ${info.extends}`);
    }
    const links = info ? ['css', 'json', 'tokens.json'].map((format) => {
        const params = contextParams(activeSchemes()[0]);
        params.delete('theme');
        return h('a', {href: `/theme/${encodeURIComponent(info.name)}.${format}?${params}`, target: '_blank',
            rel: 'noopener', text: format === 'tokens.json' ? 'DTCG' : format.toUpperCase()});
    }) : [];
    $('#theme-info').replaceChildren(parts.join(' · '), links.length ? h('span', {class: 'exports'},
        ['export ', ...links.flatMap((link, i) => (i ? [' ', link] : [link]))]) : null);
    const warnings = info?.warnings ?? [];
    const details = $('#warnings');
    details.hidden = warnings.length === 0;
    $('summary', details).textContent = `${warnings.length} ${warnings.length === 1 ? 'warning' : 'warnings'} ` +
        'while importing design tokens';
    $('ul', details).replaceChildren(...warnings.map((warning) => h('li', {text: errorLine(warning)})));
}

// MARK: - Controls

function renderThemeControls() {
    const select = $('#theme');
    const names = ui.themes.map((theme) => theme.name);
    if (ui.ctx.theme && !names.includes(ui.ctx.theme)) names.push(ui.ctx.theme);
    const options = names.map((name) => {
        const info = themeInfo(name);
        const suffix = !info ? ' (removed)' : info.state === 'error' ? ' (errors)' : info.format === 'dtcg'
            ? ' · DTCG' : '';
        return h('option', {value: name, text: `${name}${suffix}`});
    });
    if (!same($$('option', select).map((o) => o.textContent), options.map((o) => o.textContent))) {
        select.replaceChildren(...options);
    }
    select.value = ui.ctx.theme;
    const state = themeInfo()?.state ?? 'removed';
    const dot = $('#theme-state');
    dot.dataset.state = state;
    dot.setAttribute('aria-label', `theme ${state}`);
    dot.title = `Theme ${state}`;
}

/** The page's own look follows the chosen scheme; with both side by side, the system's appearance. */
function applyChrome() {
    const system = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    document.documentElement.dataset.chrome = ui.ctx.scheme === 'both' ? system : ui.ctx.scheme;
}

function renderContextControls() {
    applyChrome();
    $('#scheme').value = ui.ctx.scheme;
    $('#contrast').value = ui.ctx.contrast;
    $('#dynamic-type').value = String(ui.ctx.dt);
    renderDynamicTypeName();
    $('#platform').value = ui.ctx.platform;
    renderStack();
    const modifiers = themeInfo()?.modifiers ?? [];
    const group = $('#modifiers');
    group.hidden = modifiers.length === 0;
    const signature = JSON.stringify(modifiers.map((m) => [m.name, m.contexts, m.default]));
    if (group.dataset.signature !== signature) {
        group.dataset.signature = signature;
        group.replaceChildren(...modifiers.map((modifier) => {
            const id = `modifier-${modifier.name.replace(/[^A-Za-z0-9_-]/g, '_')}`;
            const auto = modifier.mappedTo ? 'auto (mapped)' : modifier.default ? `auto (${modifier.default})` : 'auto';
            return h('div', {class: 'control'}, [
                h('label', {for: id, text: modifier.name}),
                h('select', {id, dataset: {modifier: modifier.name}}, [
                    h('option', {value: '', text: auto}),
                    ...(modifier.contexts ?? []).map((name) => h('option', {value: name, text: name})),
                ]),
            ]);
        }));
    }
    for (const select of $$('select[data-modifier]', group)) {
        select.value = ui.ctx.modifiers[select.dataset.modifier] ?? '';
    }
}

function renderDynamicTypeName() {
    const name = DYNAMIC_TYPES[ui.ctx.dt];
    $('#dynamic-type-name').textContent = name;
    $('#dynamic-type').setAttribute('aria-valuetext', name);
}

function renderStackOptions(keys = null) {
    const select = $('#stack-component');
    const components = keys?.components ?? [];
    const containers = keys?.containers ?? [];
    const values = ['', ...components, ...containers.map((id) => pickValue({kind: 'container', id}))];
    if (!same($$('option', select).map((o) => o.value), values)) {
        select.replaceChildren(h('option', {value: '', text: 'no component'}),
            ...components.map((id) => h('option', {value: id, text: id})),
            ...(containers.length ? [h('optgroup', {label: 'Containers'}, containers.map((id) =>
                h('option', {value: pickValue({kind: 'container', id}), text: `${id} (container)`})))] : []));
    }
    renderStack();
}

function stackEntryLabel(entry) {
    return `${entry.id} · ${entry.state}`;
}

function renderStack() {
    const picked = Boolean(ui.ctx.pick);
    $('#stack-component').value = pickValue(ui.ctx.pick);
    $('#stack-state').value = ui.ctx.state;
    $('#stack-state').disabled = !picked;
    $('#stack-push').disabled = !picked;
    $('#stack-clear').disabled = !picked && ui.ctx.stack.length === 0;
    $('.control-stack').classList.toggle('is-active', picked);
    const list = $('#stack');
    list.hidden = ui.ctx.stack.length === 0;
    const signature = JSON.stringify(ui.ctx.stack);
    if (list.dataset.signature === signature) return;
    list.dataset.signature = signature;
    list.replaceChildren(...ui.ctx.stack.map((entry) => h('li', {
        class: 'stack-entry', dataset: {kind: entry.kind, id: entry.id, state: entry.state},
        title: `${entry.kind} ${entry.id}, ${entry.state}`,
    }, [
        h('span', {class: 'stack-label', text: stackEntryLabel(entry)}),
        h('button', {type: 'button', class: 'stack-remove', text: '✕',
            'aria-label': `Remove ${entry.kind} ${stackEntryLabel(entry)} from the stack`}),
    ])));
}

let dynamicTypeTimer = 0;

function contextChanged() {
    clearTimeout(dynamicTypeTimer);
    dynamicTypeTimer = 0;
    writeHash();
    requestFullLoad();
}

function wireControls() {
    $('#controls').addEventListener('submit', (event) => event.preventDefault());
    $('#inherited').addEventListener('change', (event) => {
        ui.showInherited = event.target.checked;
        renderAll();
        applyFilter();
    });
    $('#theme').addEventListener('change', (event) => {
        ui.ctx.theme = event.target.value;
        contextChanged();
    });
    $('#scheme').addEventListener('change', (event) => {
        ui.ctx.scheme = event.target.value;
        applyChrome();
        contextChanged();
    });
    window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', applyChrome);
    $('#contrast').addEventListener('change', (event) => {
        ui.ctx.contrast = event.target.value;
        contextChanged();
    });
    $('#platform').addEventListener('change', (event) => {
        ui.ctx.platform = event.target.value;
        contextChanged();
    });
    const range = $('#dynamic-type');
    const readRange = () => {
        const value = Math.min(11, Math.max(0, Math.round(Number(range.value)) || 0));
        const changed = value !== ui.ctx.dt;
        ui.ctx.dt = value;
        renderDynamicTypeName();
        return changed;
    };
    range.addEventListener('input', () => {
        if (!readRange() && !dynamicTypeTimer) return;
        document.body.dataset.ready = 'false';
        clearTimeout(dynamicTypeTimer);
        dynamicTypeTimer = setTimeout(contextChanged, 160);
    });
    range.addEventListener('change', () => {
        if (readRange() || dynamicTypeTimer) contextChanged();
    });
    $('#modifiers').addEventListener('change', (event) => {
        const name = event.target.dataset?.modifier;
        if (!name) return;
        if (event.target.value) ui.ctx.modifiers[name] = event.target.value;
        else delete ui.ctx.modifiers[name];
        contextChanged();
    });
    $('#stack-component').addEventListener('change', (event) => {
        ui.ctx.pick = pickFromValue(event.target.value);
        renderStack();
        contextChanged();
    });
    $('#stack-state').addEventListener('change', (event) => {
        ui.ctx.state = STATES.includes(event.target.value) ? event.target.value : 'normal';
        if (ui.ctx.pick) contextChanged();
        else writeHash();
    });
    // The stack stays the same: the choice becomes an entry, and the next choice goes inside it.
    $('#stack-push').addEventListener('click', () => {
        if (!ui.ctx.pick) return;
        ui.ctx.stack = stackEntries();
        ui.ctx.pick = null;
        ui.ctx.state = 'normal';
        renderStack();
        $('#stack-component').focus();
        writeHash();
    });
    $('#stack').addEventListener('click', (event) => {
        const entry = event.target.closest('.stack-remove')?.closest('.stack-entry');
        if (!entry) return;
        const index = $$('.stack-entry', $('#stack')).indexOf(entry);
        ui.ctx.stack.splice(index, 1);
        renderStack();
        const buttons = $$('.stack-remove', $('#stack'));
        (buttons[Math.min(index, buttons.length - 1)] ?? $('#stack-component')).focus();
        contextChanged();
    });
    $('#stack-clear').addEventListener('click', () => {
        if (!stackEntries().length) return;
        ui.ctx.stack = [];
        ui.ctx.pick = null;
        ui.ctx.state = 'normal';
        renderStack();
        $('#stack-component').focus();
        contextChanged();
    });
    $('#search').addEventListener('input', applyFilter);
    $('#search').addEventListener('search', applyFilter);
    window.addEventListener('hashchange', () => {
        const hash = location.hash.slice(1);
        if (!hash.includes('=')) {
            const target = document.getElementById(decodeURIComponent(hash));
            writeHash();
            target?.scrollIntoView();
            return;
        }
        if (hash === hashText(ui.ctx)) return;
        ui.ctx = readHash();
        renderContextControls();
        requestFullLoad();
    });
}

// MARK: - Search

function applyFilter() {
    const query = $('#search').value.trim().toLowerCase();
    document.body.classList.toggle('is-filtering', Boolean(query));
    const matches = (text) => !query || text.toLowerCase().includes(query);
    for (const section of $$('main .section')) {
        let visible = 0;
        for (const node of $$('.key', section)) {
            const hit = matches(node.dataset.key) || matches($('.value', node)?.textContent ?? '');
            node.hidden = !hit;
            if (hit) visible += 1;
        }
        for (const block of $$('.component-block', section)) {
            const hit = matches(block.dataset.component);
            block.hidden = !hit;
            if (hit) visible += 1;
        }
        for (const item of $$('.phone-item', section)) {
            const hit = matches(`sheet ${item.dataset.detent} ${$('figcaption', item)?.textContent ?? ''}`);
            item.hidden = !hit;
            if (hit) visible += 1;
        }
        const total = $$('.key, .component-block, .phone-item', section).length;
        const collapsed = Boolean(query) && visible === 0;
        const columns = Math.max(1, ui.schemes.length);
        const count = $('.section-title .count', section);
        if (count && total) {
            count.textContent = query ? `${visible / columns} of ${total / columns}` : `${total / columns}`;
        }
        section.classList.toggle('no-match', collapsed);
        $(`.toc a[data-section="${section.id}"]`)?.classList.toggle('no-match', collapsed);
        section.dataset.visible = String(query ? visible : total);
    }
}

// MARK: - Explain

function explainRequestFrom(node) {
    const parse = (text, fallback) => {
        try {
            return text ? JSON.parse(text) : fallback;
        } catch {
            return fallback;
        }
    };
    return {
        attribute: node.dataset.attribute, key: node.dataset.key, scheme: node.dataset.scheme,
        components: parse(node.dataset.components, []), containers: parse(node.dataset.containers, []),
        vars: parse(node.dataset.vars, {}),
    };
}

function openExplain(request, opener = null) {
    const panel = $('#explain');
    ui.explain = {...request, opener: opener ?? ui.explain?.opener ?? null};
    panel.hidden = false;
    $('#scrim').hidden = false;
    document.body.classList.add('is-explaining');
    $('#explain-title').textContent = `${request.attribute} · ${request.key}`;
    loadExplain(ui.explain);
    $('#explain-title').focus({preventScroll: true});
}

async function loadExplain(request) {
    const body = $('#explain-body');
    body.setAttribute('aria-busy', 'true');
    if (!body.firstChild) body.append(h('p', {class: 'muted', text: 'Loading…'}));
    const params = contextParams(request.scheme, request);
    params.set('attribute', request.attribute);
    params.set('key', request.key);
    let answer;
    try {
        answer = await api('/api/explain', params);
    } catch (error) {
        if (ui.explain !== request) return;
        body.replaceChildren(h('p', {class: 'explain-error', text: describeError(error)}));
        body.removeAttribute('aria-busy');
        return;
    }
    if (ui.explain !== request) return;
    renderExplain(answer, request);
    body.removeAttribute('aria-busy');
}

function contextSummary(request) {
    const parts = [request.scheme, ui.ctx.contrast, DYNAMIC_TYPES[ui.ctx.dt]];
    if (ui.ctx.platform) parts.push(ui.ctx.platform);
    for (const [name, value] of Object.entries(ui.ctx.modifiers)) parts.push(`${name}=${value}`);
    for (const [name, value] of Object.entries(request.vars ?? {})) parts.push(`${name}=${value}`);
    const stack = [
        ...stackEntries().map((entry) => `${entry.kind === 'container' ? 'container ' : ''}${entry.id}:${entry.state}`),
        ...(request.components ?? []), ...(request.containers ?? []),
    ];
    if (stack.length) parts.push(`in ${stack.join(' › ')}`);
    return parts.join(' · ');
}

function explainSample(attribute, value, scheme) {
    if (value === null || value === undefined) return null;
    let rendered;
    try {
        rendered = RENDERERS[attribute]?.(value, scheme);
    } catch {
        return null;
    }
    if (!rendered) return null;
    rendered.sample.classList.remove('sample');
    rendered.sample.classList.add('explain-sample-inner');
    const wrapper = h('div', {class: `explain-sample explain-${attribute} well well-${rendered.well ?? 'plain'}`,
        dataset: {scheme}}, [rendered.sample]);
    if (attribute === 'number') {
        wrapper.classList.add('track');
        wrapper.style.setProperty('--max', String(Math.max(1, Math.abs(Number(value.value) || 0))));
    }
    return wrapper;
}

function renderExplain(answer, request) {
    const steps = Array.isArray(answer.steps) ? answer.steps : [];
    const depends = Array.isArray(answer.dependsOn) ? answer.dependsOn : [];
    const value = answer.value ?? null;
    const token = answer.token;
    const children = [
        h('p', {class: 'explain-context', text: contextSummary(request)}),
        h('div', {class: 'explain-value'}, [
            explainSample(request.attribute, value, request.scheme),
            h('code', {class: 'explain-json', text: jsonText(value)}),
        ]),
    ];
    if (token) {
        children.push(h('dl', {class: 'explain-token'}, [
            h('dt', {text: 'DTCG type'}), h('dd', {text: token.type ?? '–'}),
            token.description ? [h('dt', {text: 'description'}), h('dd', {text: token.description})] : null,
            token.deprecated ? [h('dt', {text: 'deprecated'}),
                h('dd', {text: typeof token.deprecated === 'string' ? token.deprecated : 'yes'})] : null,
        ]));
    }
    children.push(h('h3', {text: `Steps (${steps.length})`}));
    children.push(steps.length ? h('ol', {class: 'steps'}, steps.map((step) => h('li', {
        class: `step step-${step.kind ?? 'value'}`,
    }, [
        h('div', {class: 'step-head'}, [
            step.key ? h('span', {class: 'step-key', text: `${step.attribute ?? request.attribute} ${step.key}`})
                : null,
            h('span', {class: 'step-kind', text: step.case === null || step.case === undefined
                ? step.kind : `${step.kind} · case ${step.case}`}),
        ]),
        step.definition ? definitionElement(step) : null,
        h('div', {class: 'step-where'}, [
            h('span', {text: `layer ${step.layer ?? '–'}`}),
            h('span', {class: 'step-file', text: `${step.file ?? '?'}:${step.line ?? '?'}`}),
            step.modifier ? h('span', {text: `modifier ${step.modifier} = ${step.context ?? 'set'}`}) : null,
        ]),
        h('div', {class: 'step-result', text: `→ ${step.result ?? '–'}`}),
    ]))) : h('p', {class: 'muted', text: 'No definition consulted.'}));
    children.push(h('h3', {text: `Depends on (${depends.length})`}));
    children.push(depends.length ? h('ul', {class: 'depends'}, depends.map((dep) => h('li', {}, [
        h('button', {
            type: 'button', class: 'keyref dep', text: `${dep.attribute} ${dep.key}`,
            dataset: {
                attribute: dep.attribute, key: dep.key, scheme: request.scheme,
                components: JSON.stringify(request.components ?? []),
                containers: JSON.stringify(request.containers ?? []), vars: JSON.stringify(request.vars ?? {}),
            },
        }),
    ]))) : h('p', {class: 'muted', text: 'No other keys.'}));
    children.push(h('p', {class: 'muted small', text: `generation ${answer.generation ?? '–'}`}));
    $('#explain-body').replaceChildren(...children);
}

// A definition as written, one `when` case a line, with the case that decided marked.
function definitionElement(step) {
    const lines = String(step.definition).split(/; (?=when |else )/);
    const decided = step.kind !== 'when' ? -1 : Number.isInteger(step.case) ? step.case
        : lines.findIndex((line) => line.startsWith('else '));
    return h('code', {class: 'step-definition'}, lines.map((line, index) => h('span', {
        class: index === decided ? 'case decided' : 'case', text: line,
    })));
}

function refreshExplain() {
    const request = ui.explain;
    if (!request || $('#explain').hidden) return;
    if (!ui.keys || !hasKey(ui.keys, request.attribute, request.key)) {
        closeExplain();
        return;
    }
    const scheme = ui.schemes.includes(request.scheme) ? request.scheme : ui.schemes[0];
    ui.explain = {...request, scheme};
    loadExplain(ui.explain);
}

function closeExplain() {
    const opener = ui.explain?.opener;
    ui.explain = null;
    $('#explain').hidden = true;
    $('#scrim').hidden = true;
    $('#explain-body').replaceChildren();
    document.body.classList.remove('is-explaining');
    if (opener && document.contains(opener)) opener.focus({preventScroll: true});
}

function cardExplainRequest(item) {
    const scheme = item.dataset.scheme;
    const variants = ui.data[scheme]?.cards.get(item.dataset.component) ?? [];
    const variant = variants.find((v) => v.state === item.dataset.state && String(v.level) === item.dataset.level);
    const key = variant?.container.value?.composition?.key;
    if (!variant || !key || !hasKey(ui.keys, 'composition', key)) return null;
    return {attribute: 'composition', key, scheme, components: variant.components, containers: [], vars: {}};
}

function activate(target) {
    const key = target.closest('.key, .keyref');
    if (key) {
        openExplain(explainRequestFrom(key), key.classList.contains('dep') ? null : key);
        return true;
    }
    const card = target.closest('.card-item');
    if (card) {
        const request = cardExplainRequest(card);
        if (request) openExplain(request, card);
        return true;
    }
    return false;
}

function wireExplain() {
    document.addEventListener('click', (event) => {
        if (event.target.closest('#explain-close') || event.target.closest('#scrim')) {
            closeExplain();
            return;
        }
        if (event.target.closest('main, #explain')) activate(event.target);
    });
    document.addEventListener('keydown', (event) => {
        const target = event.target;
        if ((event.key === 'Enter' || event.key === ' ') && target.matches?.('.key, .card-item')) {
            event.preventDefault();
            activate(target);
        }
    });
}

// MARK: - Keyboard shortcuts and navigation

function isTyping(target) {
    return target instanceof HTMLElement &&
        (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) &&
        !(target instanceof HTMLInputElement && ['range', 'checkbox', 'radio', 'button'].includes(target.type));
}

function wireKeyboard() {
    document.addEventListener('keydown', (event) => {
        const search = $('#search');
        if (event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTyping(event.target)) {
            event.preventDefault();
            search.focus();
            search.select();
        } else if (event.key === 'Escape') {
            if (!$('#explain').hidden) {
                event.preventDefault();
                closeExplain();
            } else if (event.target === search || search.value) {
                event.preventDefault();
                search.value = '';
                applyFilter();
            }
        }
    });
    document.addEventListener('click', (event) => {
        const link = event.target.closest('a[href^="#"]');
        if (!link) return;
        const target = document.getElementById(decodeURIComponent(link.getAttribute('href').slice(1)));
        if (!target) return;
        event.preventDefault();
        target.scrollIntoView({behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth'});
        const focusable = target.matches('main') ? target : $('.section-title', target);
        if (focusable) {
            focusable.setAttribute('tabindex', '-1');
            focusable.focus({preventScroll: true});
        }
    });
    const topbar = $('#topbar');
    const measure = () => {
        const style = document.documentElement.style;
        style.setProperty('--topbar-height', `${topbar.offsetHeight}px`);
        style.setProperty('--controls-height', `${$('#controls').offsetHeight}px`);
    };
    measure();
    if ('ResizeObserver' in window) new ResizeObserver(measure).observe(topbar);
    else window.addEventListener('resize', measure);
}

// MARK: - Events

function eventData(event) {
    try {
        const data = JSON.parse(event.data);
        return data && typeof data === 'object' ? data : null;
    } catch {
        return null;
    }
}

function updateThemeInfo(name, changes) {
    const info = themeInfo(name);
    if (!info) return;
    Object.assign(info, changes);
    renderThemeControls();
}

async function refreshThemeList() {
    try {
        await loadThemes();
    } catch (error) {
        return;
    }
    renderThemeControls();
    renderFooterInfo();
    if (themeInfo()) syncBanner(themeInfo());
}

let eventSource = null;

// A page the browser keeps for back and forward must not keep its stream: open streams would use up the six
// connections a browser allows per server and stall the next page. It reconnects, and refetches, when shown again.
function keepEventsToVisiblePage() {
    window.addEventListener('pagehide', () => {
        eventSource?.close();
        eventSource = null;
    });
    window.addEventListener('pageshow', (event) => {
        if (!event.persisted || eventSource) return;
        connectEvents();
        requestFullLoad();
    });
}

function connectEvents() {
    if (!('EventSource' in window)) return;
    const source = new EventSource('/events');
    eventSource = source;
    source.addEventListener('open', () => setConnection('live'));
    source.addEventListener('error', () => {
        setConnection('reconnecting');
        if (source.readyState === EventSource.CLOSED && eventSource === source) {
            source.close();
            eventSource = null;
            setTimeout(() => {
                if (!eventSource) connectEvents();
            }, 3000);
        }
    });
    source.addEventListener('themeChanged', (event) => {
        const data = eventData(event);
        if (!data) return;
        updateThemeInfo(data.theme, {state: 'loaded', errors: [], generation: data.generation});
        if (data.theme !== ui.ctx.theme) return;
        ui.bannerEventAt = performance.now();
        hideBanner();
        if (!ui.keys) requestFullLoad();
        else queueLiveUpdate(data);
    });
    source.addEventListener('themeError', (event) => {
        const data = eventData(event);
        if (!data) return;
        const errors = Array.isArray(data.errors) ? data.errors : [];
        updateThemeInfo(data.theme, {state: 'error', errors});
        if (data.theme !== ui.ctx.theme) return;
        ui.bannerEventAt = performance.now();
        showBanner(data.theme, errors);
    });
    source.addEventListener('themeRecovered', (event) => {
        const data = eventData(event);
        if (!data) return;
        updateThemeInfo(data.theme, {state: 'loaded', errors: []});
        if (data.theme !== ui.ctx.theme) return;
        ui.bannerEventAt = performance.now();
        hideBanner();
        if (!ui.keys) requestFullLoad();
    });
    source.addEventListener('themeAdded', (event) => {
        const data = eventData(event);
        if (data?.theme === ui.ctx.theme) requestFullLoad();
        else enqueue(refreshThemeList);
    });
    source.addEventListener('themeRemoved', (event) => {
        const data = eventData(event);
        enqueue(refreshThemeList);
        if (data?.theme === ui.ctx.theme) {
            showNotice(`Theme “${data.theme}” was removed; its last values stay here.`);
        }
    });
    source.addEventListener('missed', () => requestFullLoad());
}

// MARK: - Start

// A reload comes back to where the page was scrolled (the browser's own restoration runs before the values).
function keepScrollAcrossReloads() {
    try {
        history.scrollRestoration = 'manual';
        const saved = Number(sessionStorage.getItem(SCROLL_KEY));
        if (saved > 0) ui.restoreScroll = saved;
        window.addEventListener('pagehide', () => sessionStorage.setItem(SCROLL_KEY, String(window.scrollY)));
    } catch {
        ui.restoreScroll = null;
    }
}

function start() {
    const hash = location.hash.slice(1);
    if (hash && !hash.includes('=')) ui.anchor = decodeURIComponent(hash);
    keepScrollAcrossReloads();
    keepEventsToVisiblePage();
    wireControls();
    wireExplain();
    wireKeyboard();
    renderContextControls();
    setConnection('connecting');
    connectEvents();
    requestFullLoad();
}

start();
