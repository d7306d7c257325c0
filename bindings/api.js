// The API object an instance hands out: one loop over the registry installs
// every free function on `wt` (with its lazy form), and once per module load
// every method on Tensor and LazyTensor.
import { WtError } from './errors.js';
import { Tensor } from './tensor.js';
import { defineOp } from './marshal.js';
import { DTYPES } from './dtypes.js';
import { REGISTRY } from './registry.js';
import { eagerOf, withLazy, withFast, methodOf, methodName } from './kinds.js';
import { creation } from './creation.js';
import { Graph, LazyTensor, isLazy } from './lazy/index.js';
import { Labeled } from './names.js';
import { ufuncMethods } from './ufunc-methods.js';
import { buildRandom } from './random.js';

// a method finds its instance's functions through the tensor (or node)
const fnsOf = (t) => (t instanceof LazyTensor ? t.graph._e : t._e).fns;

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
    const fn = withFast(api, entry, withLazy(entry, engine.ops[id], isLazy));
    engine.fns[id] = fn;
    ufuncMethods(api, entry, fn);
    if (entry.free !== false) for (const name of [entry.name, ...(entry.aliases ?? [])]) wt[name] = fn;
  }
  wt.defaultGraph = api.graph;
  wt.random = buildRandom(api);
  engine.wt = wt;
  return wt;
}
