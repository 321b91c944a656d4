// The explain panel: a key's or a card's resolution steps with layer, file and line, and the keys it depends on.

import {api, describeError} from './api.js';
import {DYNAMIC_TYPES} from './constants.js';
import {h, $} from './dom.js';
import {jsonText} from './format.js';
import {hasKey} from './key-lists.js';
import {RENDERERS} from './renderers.js';
import {contextParams, currentStack, store} from './state.js';
import {watch} from './store.js';

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

// Opens the explain panel for a key in a stack (the view below shows it and loads its steps).
function openExplain(request, opener = null) {
    store.dispatch('explainOpened', {...request, opener: opener ?? store.state.explain?.opener ?? null});
}

// The panel follows the state's request: shown with its steps, or closed with the focus back on what opened it.
function renderExplainPanel(state, last) {
    const request = state.explain;
    const panel = $('#explain');
    if (!request) {
        if (panel.hidden) return;
        panel.hidden = true;
        $('#scrim').hidden = true;
        $('#explain-body').replaceChildren();
        document.body.classList.remove('is-explaining');
        const opener = last?.opener;
        if (opener && document.contains(opener)) opener.focus({preventScroll: true});
        return;
    }
    const opening = panel.hidden;
    panel.hidden = false;
    $('#scrim').hidden = false;
    document.body.classList.add('is-explaining');
    $('#explain-title').textContent = `${request.attribute} · ${request.key}`;
    loadExplain(request);
    if (opening || request.opener !== last?.opener) $('#explain-title').focus({preventScroll: true});
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
        if (store.state.explain !== request) return;
        body.replaceChildren(h('p', {class: 'explain-error', text: describeError(error)}));
        body.removeAttribute('aria-busy');
        return;
    }
    if (store.state.explain !== request) return;
    renderExplain(answer, request);
    body.removeAttribute('aria-busy');
}

function contextSummary(request) {
    const {ctx} = store.state;
    const parts = [ctx.theme, request.scheme, ctx.contrast, DYNAMIC_TYPES[ctx.dt]];
    if (ctx.platform) parts.push(ctx.platform);
    for (const [name, value] of Object.entries(ctx.modifiers)) parts.push(`${name}=${value}`);
    for (const [name, value] of Object.entries(request.vars ?? {})) parts.push(`${name}=${value}`);
    const stack = [
        ...currentStack().map((entry) => `${entry.kind === 'container' ? 'container ' : ''}${entry.id}:${entry.state}`),
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

// Loads the open explanation again after an update, or closes it when its key is gone.
export function refreshExplain() {
    const {explain: request, keys, schemes} = store.state;
    if (!request) return;
    if (!keys || !hasKey(keys, request.attribute, request.key)) {
        closeExplain();
        return;
    }
    const scheme = schemes.includes(request.scheme) ? request.scheme : schemes[0];
    store.dispatch('explainOpened', {...request, scheme});
}

// Closes the panel and gives the focus back to what opened it.
export function closeExplain() {
    store.dispatch('explainClosed');
}

function cardExplainRequest(item) {
    const scheme = item.dataset.scheme;
    const variants = store.state.data[scheme]?.cards?.get(item.dataset.component) ?? [];
    const variant = variants.find((v) => v.state === item.dataset.state && String(v.level) === item.dataset.level);
    const key = variant?.container.value?.composition?.key;
    if (!variant || !key || !hasKey(store.state.keys, 'composition', key)) return null;
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

// A click, Enter or Space on a key, a key reference or a card explains it.
export function wireExplain() {
    let last = store.state.explain;
    watch(store, (state) => state.explain, (state) => {
        renderExplainPanel(state, last);
        last = state.explain;
    });
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
