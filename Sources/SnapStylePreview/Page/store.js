// A small store: the state, changed only by named actions, and the listeners told after each change. No DOM
// (tested by Node).

// A store over `actions` (name to `(state, payload) => state`): an action answering the same state changes nothing
// and tells no one. Listeners get `(state, previous, name)`; one may dispatch in turn.
export function createStore(actions, initial) {
    let state = initial;
    const listeners = new Set();
    return {
        get state() {
            return state;
        },
        dispatch(name, payload) {
            const action = actions[name];
            if (typeof action !== 'function') throw new Error(`unknown action ${name}`);
            const previous = state;
            const next = action(previous, payload);
            if (next === previous) return state;
            state = next;
            for (const listener of [...listeners]) listener(state, previous, name);
            return state;
        },
        subscribe(listener) {
            listeners.add(listener);
            return () => listeners.delete(listener);
        },
    };
}

// A listener that runs `render(state)` only when `select(state)` changed (by identity, or element by element for
// an array), and once at subscription.
export function watch(store, select, render) {
    let last = select(store.state);
    render(store.state);
    return store.subscribe((state) => {
        const next = select(state);
        const changed = Array.isArray(next) && Array.isArray(last)
            ? next.length !== last.length || next.some((value, index) => value !== last[index]) : next !== last;
        if (!changed) return;
        last = next;
        render(state);
    });
}
