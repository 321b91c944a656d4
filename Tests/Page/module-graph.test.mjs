// The page's modules import one another one way only: no module reaches itself through its imports, and every
// stylesheet in Page/ is linked by index.html (Sources/SnapStylePreview/Page).

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readdirSync, readFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';

const PAGE = fileURLToPath(new URL('../../Sources/SnapStylePreview/Page/', import.meta.url));

// The modules a module's text imports, by file name: static `import ... from './x.js'`, `export ... from`,
// bare `import './x.js'` and dynamic `import('./x.js')`.
export function importsOf(text) {
    const names = new Set();
    const patterns = [
        /\b(?:import|export)\s[^;]*?\bfrom\s*['"]\.\/([^'"]+)['"]/g,
        /\bimport\s*['"]\.\/([^'"]+)['"]/g,
        /\bimport\s*\(\s*['"]\.\/([^'"]+)['"]\s*\)/g,
    ];
    for (const pattern of patterns) for (const match of text.matchAll(pattern)) names.add(match[1]);
    return [...names];
}

// The first cycle found in a graph (module name to imported names), as a path that ends where it starts, or null.
export function findCycle(graph) {
    const state = new Map();
    const path = [];
    const visit = (name) => {
        state.set(name, 'open');
        path.push(name);
        for (const next of graph.get(name) ?? []) {
            if (state.get(next) === 'open') return [...path.slice(path.indexOf(next)), next];
            if (!state.has(next)) {
                const cycle = visit(next);
                if (cycle) return cycle;
            }
        }
        path.pop();
        state.set(name, 'done');
        return null;
    };
    for (const name of [...graph.keys()].sort()) {
        if (state.has(name)) continue;
        const cycle = visit(name);
        if (cycle) return cycle;
    }
    return null;
}

function pageGraph() {
    const graph = new Map();
    for (const file of readdirSync(PAGE).filter((name) => name.endsWith('.js')).sort()) {
        graph.set(file, importsOf(readFileSync(PAGE + file, 'utf8')));
    }
    return graph;
}

test('module graph: the import scanner reads every form of import', () => {
    const text = [
        "import {a, b} from './a.js';", "import {\n  c,\n  d,\n} from './b.js';", "import './c.js';",
        "export {e} from './d.js';", "const f = await import('./e.js');", "// import {x} from 'elsewhere';",
    ].join('\n');
    assert.deepEqual(importsOf(text).sort(), ['a.js', 'b.js', 'c.js', 'd.js', 'e.js']);
});

test('module graph: a cycle is found, also a long one, and a graph without one passes', () => {
    const graph = (edges) => new Map(Object.entries(edges));
    assert.deepEqual(findCycle(graph({'a.js': ['b.js'], 'b.js': ['a.js']})), ['a.js', 'b.js', 'a.js']);
    assert.deepEqual(findCycle(graph({'a.js': ['b.js'], 'b.js': ['c.js'], 'c.js': ['d.js'], 'd.js': ['b.js']})),
        ['b.js', 'c.js', 'd.js', 'b.js']);
    assert.equal(findCycle(graph({'a.js': ['b.js', 'c.js'], 'b.js': ['c.js'], 'c.js': []})), null);
});

test('module graph: the page\'s modules import one way, with no cycle', () => {
    const graph = pageGraph();
    assert.ok(graph.size > 20, `${graph.size} modules`);
    for (const [name, imports] of graph) {
        for (const imported of imports) assert.ok(graph.has(imported), `${name} imports ${imported}, not in Page/`);
    }
    const cycle = findCycle(graph);
    assert.equal(cycle, null, `import cycle: ${cycle?.join(' → ')}`);
});

// The names a module exports: `export function/const/let/class NAME` and `export {a, b as c}`.
function exportsOf(text) {
    const names = new Set();
    const declared = /\bexport\s+(?:async\s+)?(?:function\*?|const|let|class)\s+([A-Za-z_$][\w$]*)/g;
    for (const match of text.matchAll(declared)) names.add(match[1]);
    for (const match of text.matchAll(/\bexport\s*\{([^}]*)\}/g)) {
        for (const part of match[1].split(',')) {
            const name = part.trim().split(/\s+as\s+/).pop();
            if (name) names.add(name);
        }
    }
    return names;
}

test('module graph: every name a module imports is exported by the module it names', () => {
    const texts = new Map(readdirSync(PAGE).filter((name) => name.endsWith('.js'))
        .map((name) => [name, readFileSync(PAGE + name, 'utf8')]));
    for (const [name, text] of texts) {
        for (const match of text.matchAll(/\bimport\s*\{([^}]*)\}\s*from\s*['"]\.\/([^'"]+)['"]/g)) {
            const exported = exportsOf(texts.get(match[2]) ?? '');
            for (const part of match[1].split(',')) {
                const imported = part.trim().split(/\s+as\s+/)[0];
                if (imported) assert.ok(exported.has(imported), `${name} imports ${imported} from ${match[2]}`);
            }
        }
    }
});

test('module graph: preview.js reaches every module', () => {
    const graph = pageGraph();
    const reached = new Set();
    const walk = (name) => {
        if (reached.has(name)) return;
        reached.add(name);
        for (const next of graph.get(name) ?? []) walk(next);
    };
    walk('preview.js');
    assert.deepEqual([...graph.keys()].filter((name) => !reached.has(name)), []);
});

test('stylesheets: index.html links every stylesheet of Page/, preview.css first', () => {
    const html = readFileSync(PAGE + 'index.html', 'utf8');
    const linked = [...html.matchAll(/<link rel="stylesheet" href="\/([^"]+\.css)">/g)].map((match) => match[1]);
    const files = readdirSync(PAGE).filter((name) => name.endsWith('.css')).sort();
    assert.deepEqual([...linked].sort(), files);
    assert.equal(linked[0], 'preview.css');
});
