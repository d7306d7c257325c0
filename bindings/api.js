// The API object an instance hands out: one loop over the registry installs
// every free function on `wt` (with its lazy form), and once per module load
// every method on Tensor and LazyTensor.
import { WtError } from './errors.js';
import { Tensor } from './tensor.js';
import { defineOp } from './marshal.js';
import { DTYPES } from './dtypes.js';
import { REGISTRY, VIEW_NAMES } from './registry/index.js';
import { eagerOf, withLazy, withKeywords, withFast, methodOf, methodName } from './kinds.js';
import { parseSignature, declare, SIGNATURE } from './params.js';
import { creation } from './creation.js';
import { Graph, LazyTensor, isLazy } from './lazy/index.js';
import { Labeled } from './names.js';
import { ufuncMethods } from './ufunc-methods.js';
import { buildRandom } from './random.js';

// a method finds its instance's functions through the tensor (or node)
const fnsOf = (t) => (t instanceof LazyTensor ? t.graph._e : t._e).fns;

// every function's declared parameters (registry/index.js's `sig`), parsed once
const PARAMS = new Map();
for (const entry of REGISTRY) {
  if (entry.namespace) continue;
  if (typeof entry.sig !== 'string') throw new Error(`registry: ${entry.name} declares no parameters (sig)`);
  PARAMS.set(entry, parseSignature(entry.sig, entry.name));
}
// the checker in front of the function (and so of its method and lazy form)
function declared(entry, fn) {
  if (!PARAMS.has(entry) || typeof fn !== 'function') return fn;
  const checked = declare(PARAMS.get(entry), fn);
  if (!entry.async) return checked;
  const rejecting = (...args) => {
    try {
      return checked(...args);
    } catch (e) {
      return Promise.reject(e);
    }
  };
  return Object.defineProperty(rejecting, SIGNATURE, { value: checked[SIGNATURE] });
}

for (const entry of REGISTRY) {
  if (!entry.method) continue;
  const method = methodOf(entry, fnsOf);
  Tensor.prototype[methodName(entry)] = method;
  if (entry.lazy && entry.lazyMethod !== false) LazyTensor.prototype[methodName(entry)] = method;
}

export function buildApi(engine) {
  // wt.float32 === 'float32', ...: NumPy's spelling of the dtypes, as the Array API asks
  const wt = { WtError, Tensor, LazyTensor, Labeled, dtypes: DTYPES, ...Object.fromEntries(DTYPES.map((d) => [d, d])) };
  const api = { e: engine, wt, c: {} };
  engine.viewNames = VIEW_NAMES; // what a loaded graph's view nodes may name (lazy/save.js)
  for (const entry of REGISTRY) {
    if (entry.kind === 'creation' && entry.args) api.c[entry.name] = defineOp(engine, entry.name, entry.c, entry.args);
  }
  Object.assign(api, creation(api.c));
  api.graph = new Graph(wt, engine);
  // the eager functions first (lazy graphs call them on stand-ins), then each with its lazy form
  engine.ops = {};
  engine.fns = {};
  for (const entry of REGISTRY) engine.ops[entry.id ?? entry.name] = eagerOf(api, entry);
  for (const entry of REGISTRY) {
    const id = entry.id ?? entry.name;
    const checked = declared(entry, withKeywords(api, entry, withLazy(entry, engine.ops[id], isLazy)));
    const fn = withFast(api, entry, checked);
    if (fn !== checked && checked[SIGNATURE]) Object.defineProperty(fn, SIGNATURE, { value: checked[SIGNATURE] });
    engine.fns[id] = fn;
    ufuncMethods(api, entry, fn);
    if (entry.free !== false) for (const name of [entry.name, ...(entry.aliases ?? [])]) wt[name] = fn;
  }
  wt.defaultGraph = api.graph;
  wt.random = buildRandom(api);
  engine.wt = wt;
  return wt;
}
