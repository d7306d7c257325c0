// bindings/ imports go one way: the core and the bottom helpers (args.js,
// params.js), then the topic modules, then the registry (bindings/registry/),
// then api.js, then index.js — no import cycle anywhere.  Read from the source
// text: every static `import … from './x.js'` and `export … from './x.js'`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../bindings/', import.meta.url));

function sources(dir, out = []) {
  for (const f of readdirSync(dir)) {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) sources(p, out);
    else if (p.endsWith('.js')) out.push(p);
  }
  return out;
}

// file (relative to bindings/) -> the files it imports
const graph = new Map();
for (const f of sources(root)) {
  const text = readFileSync(f, 'utf8');
  const deps = [...text.matchAll(/^(?:import|export)\s[^'"]*?from\s+'(\.[^']+)'/gm)].map((m) =>
    relative(root, resolve(dirname(f), m[1])),
  );
  graph.set(relative(root, f), deps);
}

// the strongly connected components of more than one file (Tarjan's), and files importing themselves
function cycles() {
  let next = 0;
  const index = new Map(),
    low = new Map(),
    stack = [],
    on = new Set(),
    found = [];
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const scc = [];
    let w;
    do {
      w = stack.pop();
      on.delete(w);
      scc.push(w);
    } while (w !== v);
    if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(scc.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

test('bindings/ has no import cycle', () => {
  assert.ok(graph.size > 60, `${graph.size} files read`);
  for (const [f, deps] of graph) for (const d of deps) assert.ok(graph.has(d), `${f} imports ${d}, which is not there`);
  assert.deepEqual(cycles(), [], 'import cycles');
});

test('the layers: only api.js imports the registry, only index.js imports api.js; args.js and params.js are the bottom', () => {
  for (const [f, deps] of graph) {
    for (const d of deps) {
      if (d.startsWith('registry/'))
        assert.ok(f === 'api.js' || f.startsWith('registry/'), `${f} imports ${d}: the registry is imported by api.js`);
      if (d === 'api.js') assert.equal(f, 'index.js', `${f} imports api.js`);
    }
  }
  const core = new Set(['errors.js', 'tensor.js', 'engine.js', 'params.js', 'print.js', 'dtypes.js', 'abi.js']);
  for (const bottom of ['args.js', 'params.js'])
    for (const d of graph.get(bottom)) assert.ok(core.has(d), `${bottom} imports ${d}, above the core`);
});
