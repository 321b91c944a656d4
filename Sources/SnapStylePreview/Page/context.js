// The context the page previews in, as the URL's fragment and as the query of an /api route. No DOM (tested by
// Node).

import {DYNAMIC_TYPES, PLATFORMS, STACK_KINDS, STATES} from './constants.js';

// The context before anything is chosen: light, standard contrast, large Dynamic Type, no stack.
export function defaultContext() {
    return {
        theme: '', scheme: 'light', contrast: 'standard', dt: 3, platform: '', modifiers: {},
        stack: [], pick: null, state: 'normal',
    };
}

// The stack to preview in, root first: the pushed entries, then the bar's choice (`pick` in `state`) on top.
export function stackEntries(context) {
    return context.pick ? [...context.stack, {...context.pick, state: context.state}] : context.stack.slice();
}

// Whether the answer of /api/keys has the stack entry's component or container.
export function stackKnown(keys, entry) {
    return (keys?.[`${entry.kind}s`] ?? []).includes(entry.id);
}

// `KIND:ID:STATE`, or a component's `ID[:STATE]` (the older form).
export function parseStackEntry(text) {
    const parts = text.split(':');
    const kinded = STACK_KINDS.includes(parts[0]) && (parts.length > 2 || !STATES.includes(parts[1] ?? 'normal'));
    const kind = kinded ? parts.shift() : 'component';
    const state = parts.length > 1 ? parts.pop() : 'normal';
    const id = parts.join(':');
    return id ? {kind, id, state: STATES.includes(state) ? state : 'normal'} : null;
}

// The stack menu's value of a choice: a component's id, or `container:ID`; and back.
export function pickValue(pick) {
    return !pick ? '' : pick.kind === 'container' ? `container:${pick.id}` : pick.id;
}

export function pickFromValue(value) {
    if (!value) return null;
    return value.startsWith('container:') ? {kind: 'container', id: value.slice('container:'.length)}
        : {kind: 'component', id: value};
}

// The context a URL fragment (without its `#`) names; the defaults where it names nothing valid.
export function readHash(hash) {
    const context = defaultContext();
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

// The fragment of a context: what readHash reads back.
export function hashText(context) {
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

// The query parameters of a context in one scheme: the bar's choices, then extra stack entries and variables.
export function contextQuery(context, scheme, extra = {}) {
    const params = new URLSearchParams();
    params.set('theme', context.theme);
    params.set('colorScheme', scheme);
    params.set('contrast', context.contrast);
    params.set('dynamicType', DYNAMIC_TYPES[context.dt]);
    if (context.platform) params.set('platform', context.platform);
    for (const [name, value] of Object.entries(context.modifiers)) if (value) params.set(`vars.${name}`, value);
    for (const [name, value] of Object.entries(extra.vars ?? {})) params.set(`vars.${name}`, String(value));
    for (const entry of stackEntries(context)) params.append(entry.kind, `${entry.id}:${entry.state}`);
    for (const entry of extra.components ?? []) params.append('component', entry);
    for (const entry of extra.containers ?? []) params.append('container', entry);
    return params;
}
