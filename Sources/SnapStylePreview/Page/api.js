// Fetching: GETs of the /api routes (a few at once, urgent ones first), card calls batched through /api/batch,
// and the queue that keeps live updates and full loads apart.

import {store} from './state.js';

export const URL_BUDGET = 5600;

// A batch of card calls: the server takes URLs up to about 64 KB.
const BATCH_BUDGET = 24000;

export const MAX_QUERIES = 1000;

const CONCURRENCY = 5;

class ApiError extends Error {
    constructor(status, error) {
        super(error?.message ?? `HTTP ${status}`);
        this.name = 'ApiError';
        this.status = status;
        this.code = error?.code ?? null;
        this.field = error?.field ?? null;
    }
}

export function isAbort(error) {
    return error?.name === 'AbortError';
}

// An error as one line for the notice or the explain panel.
export function describeError(error) {
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
export function api(path, params, signal, urgent = true) {
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
export const batcher = {
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
export function settle(promise) {
    return promise.then((value) => ({value}), (error) => {
        if (isAbort(error)) throw error;
        return {error: describeError(error)};
    });
}

let chain = Promise.resolve();

// Runs tasks one after another, so live updates never interleave with a full load.
export function enqueue(task) {
    const run = chain.then(task).catch((error) => {
        if (!isAbort(error)) store.dispatch('noticeShown', `Update failed: ${describeError(error)}`);
    });
    chain = run;
    return run;
}
