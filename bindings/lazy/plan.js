// Compiling a graph: which nodes run, in which passes, into which memory.
// Pure: it reads nodes and the codes of abi.js, never wasm, so it is tested on
// its own (tests/js/lazy_plan.test.mjs).
//
// Elementwise nodes (and the reduction ending them) are grouped into fused
// passes (wt_fuse: one strided loop, no intermediate buffers) consumers first;
// views stay descriptors and GEMM/einsum library calls; a value more than one
// pass needs is materialized once; materialized values live in slabs reused
// as soon as their last reader has run.
import { WtError } from '../errors.js';
import { CODE, itemsizeOf } from '../dtypes.js';
import { OPS, REDUCTIONS, FUSE_MAXLEAVES, FUSE_MAXCODE } from '../abi.js';
import { opCodeOf } from '../ufuncs.js';
import { LazyTensor, LEAVES } from './node.js';

const FUSED_REDUCTIONS = ['sum', 'prod', 'max', 'min', 'mean', 'any', 'all'];

export const base = (n) => (n.kind === 'view' ? base(n.inputs[0]) : n);
// an integer power runs as its own eager call: NumPy refuses a negative exponent,
// which that call checks before writing (a fused pass could not take it back)
const intPower = (n) => opCodeOf(n.op) === opCodeOf('power') && /int/.test(n.dtype);
const isFusible = (n) => (n.kind === 'ewise' && !intPower(n)) || n.kind === 'cast';
const isNode = (v) => v instanceof LazyTensor;
const size = (n) => n.shape.reduce((a, b) => a * b, 1);

// a node's op code (a JS or C ufunc name, or a cast: WT_FUSE_CAST(dtype))
export function opCode(n) {
  if (n.kind === 'cast') return OPS.length + CODE[n.attrs.dtype];
  const code = opCodeOf(n.op);
  if (code === undefined) throw new WtError('WT_EINVAL', `compile: node '${n.name}' has no op code for '${n.op}'`);
  return code;
}

// the nodes the outputs need, in creation (= topological) order, each with its consumers
function collect(outs) {
  const need = new Set(),
    stack = [...outs];
  while (stack.length) {
    const n = stack.pop();
    if (need.has(n)) continue;
    need.add(n);
    for (const v of n.inputs) if (isNode(v)) stack.push(v);
  }
  const nodes = [...need].sort((a, b) => a.id - b.id);
  const consumers = new Map(nodes.map((n) => [n, new Set()]));
  for (const n of nodes) for (const v of n.inputs) if (isNode(v)) consumers.get(v).add(n);
  const assigned = new Map();
  for (const n of nodes) {
    if (n.kind !== 'assign') continue;
    const t = n.attrs.target;
    if (assigned.has(t))
      throw new WtError(
        'WT_EINVAL',
        `compile: variable '${t.name}' is assigned twice ('${assigned.get(t).name}' and '${n.name}'); one run applies one update per variable`,
      );
    assigned.set(t, n);
  }
  for (const n of nodes)
    if (LEAVES.includes(n.kind) && n.attrs.storage?.isDisposed)
      throw new WtError('WT_EDISPOSED', `compile: the storage of '${n.name}' has been disposed`);
  return { nodes, consumers };
}

// one grouping, consumers first: a fusible node joins the pass of its consumers
// when they all belong to one pass and it is as large as they are; otherwise
// it is materialized (a pass root)
function groupOnce(nodes, consumers, isOut, forced) {
  const groupOf = new Map(),
    groups = [];
  const start = (n) => {
    const g = { root: n, members: [n] };
    groups.push(g);
    groupOf.set(n, g);
  };
  for (let i = nodes.length - 1; i >= 0; i--) {
    const n = nodes[i];
    // a reduction with its own dtype= runs as one eager call
    const root = (n.kind === 'reduce' && FUSED_REDUCTIONS.includes(n.op) && !n.attrs.dtype) || n.kind === 'assign';
    if (root || (isFusible(n) && (isOut.has(n) || forced.has(n)))) start(n);
    if (root || !isFusible(n) || groupOf.has(n)) continue;
    const gs = new Set([...consumers.get(n)].map((c) => groupOf.get(c)));
    const g = gs.size === 1 ? [...gs][0] : undefined;
    // a value smaller than a consumer it broadcasts into (a per-row statistic)
    // is computed once as its own pass, not once per element it reaches
    const spread = [...consumers.get(n)].some((c) => c.kind !== 'reduce' && size(c) > size(n));
    if (g && !spread && [...consumers.get(n)].every((c) => isFusible(c) || c === g.root)) {
      g.members.push(n);
      groupOf.set(n, g);
    } else start(n);
  }
  return groups;
}

// groups whose programs fit C's limits: else materialize the middle of one too large and regroup
function group(nodes, consumers, outs) {
  const isOut = new Set(outs),
    forced = new Set();
  for (;;) {
    const groups = groupOnce(nodes, consumers, isOut, forced);
    let over = null;
    for (const g of groups) {
      program(g);
      if (g.tensorLeaves > FUSE_MAXLEAVES || g.code.length / 4 > FUSE_MAXCODE) over = g;
    }
    if (!over) return groups;
    const inner = over.members.filter((m) => m !== over.root).sort((a, b) => a.id - b.id);
    forced.add(inner[Math.floor(inner.length / 2)]);
  }
}

// The fused program of group g: g.leaves (tensor nodes or weak scalars), g.code
// (instructions {op, a, b, c} over value ids: leaves first, then results) and g.reduce.
export function program(g) {
  const members = new Set(g.members),
    leaves = [],
    code = [],
    value = new Map();
  const leaf = (v) => {
    const k = leaves.indexOf(v);
    return k >= 0 ? k : leaves.push(v) - 1;
  };
  const emit = (n) => {
    if (value.has(n)) return value.get(n);
    const ins = n.inputs.map((v) => (isNode(v) && members.has(v) ? emit(v) : { leaf: leaf(v) }));
    code.push(opCode(n), ...[0, 1, 2].map((k) => ins[k] ?? 0));
    const id = { instr: code.length / 4 - 1 };
    value.set(n, id);
    return id;
  };
  const r = g.root;
  g.reduce = 0;
  if (r.kind === 'reduce' || r.kind === 'assign') {
    const src = r.inputs[0];
    if (r.kind === 'reduce') g.reduce = REDUCTIONS.indexOf(r.op);
    if (isNode(src) && members.has(src)) {
      // an assignment casts as assign does (unsafely); the pass itself writes under same_kind
      const v = emit(src);
      if (r.kind === 'assign' && src.dtype !== r.dtype) code.push(OPS.length + CODE[r.dtype], v, 0, 0);
    } else if (r.kind === 'reduce') code.push(OPS.length + CODE[src.dtype], { leaf: leaf(src) }, 0, 0); // a copy pass
  } else {
    emit(r);
  }
  g.code = code.map((c) => (typeof c === 'number' ? c : c.leaf !== undefined ? c.leaf : leaves.length + c.instr));
  g.leaves = leaves;
  g.tensorLeaves = leaves.filter(isNode).length;
}

// assignment m reads variable v's storage (directly, through views, or in its pass)
function readsLeaf(m, v, groupByRoot) {
  const g = groupByRoot.get(m);
  const seen = new Set(),
    stack = g.code.length ? g.leaves.filter(isNode) : [m.inputs[0]];
  while (stack.length) {
    const n = stack.pop();
    if (n === v) return true;
    if (seen.has(n) || !isNode(n)) continue;
    seen.add(n);
    if (n.kind === 'view') stack.push(n.inputs[0]);
  }
  return false;
}

// everything but assignments in creation order; outputs aliasing a leaf copied; then assignments
function order(nodes, groups, outs) {
  const groupByRoot = new Map(groups.map((g) => [g.root, g]));
  const steps = [];
  for (const n of nodes) {
    if (n.kind === 'assign') continue;
    if (groupByRoot.has(n)) steps.push({ type: 'fuse', node: n, group: groupByRoot.get(n) });
    else if (n.kind === 'view') steps.push({ type: 'view', node: n });
    else if (['matmul', 'einsum', 'reduce', 'fn'].includes(n.kind) || (n.kind === 'ewise' && !isFusible(n)))
      steps.push({ type: 'call', node: n });
  }
  for (const o of new Set(outs))
    if (o.kind !== 'assign' && LEAVES.includes(base(o).kind)) steps.push({ type: 'copy', node: o });
  const assigns = nodes.filter((n) => n.kind === 'assign');
  assigns.forEach((n, k) => {
    const g = groupByRoot.get(n);
    // the new value goes straight into the storage unless a later assignment still reads the old one
    const laterReads = assigns.slice(k + 1).some((m) => readsLeaf(m, n.attrs.target, groupByRoot));
    steps.push({ type: g.code.length ? 'fuse' : 'assign', node: n, group: g, stage: laterReads });
  });
  return steps;
}

// the last step reading each value (a view keeps its base alive)
function liveness(steps) {
  const lastUse = new Map();
  const touch = (n, i) => {
    for (let b = n; ; b = b.inputs[0]) {
      lastUse.set(b, Math.max(lastUse.get(b) ?? -1, i));
      if (b.kind !== 'view') break;
    }
  };
  steps.forEach((s, i) => {
    const reads =
      s.type === 'fuse' ? s.group.leaves.filter(isNode) : s.type === 'copy' ? [s.node] : s.node.inputs.filter(isNode);
    for (const v of reads) touch(v, i);
  });
  return lastUse;
}

// outputs (and what they view) stay fresh; other pass results take the
// smallest free slab that holds them (best fit), else a new one
function placeSlabs(steps, outs, lastUse) {
  const fresh = new Set(outs.filter((o) => o.kind !== 'assign').map(base));
  const slabs = [],
    values = [],
    free = [];
  steps.forEach((s, i) => {
    const slabbed = s.type === 'fuse' && (s.node.kind === 'assign' ? s.stage : !fresh.has(s.node));
    if (slabbed) {
      const n = s.node,
        bytes = n.size * itemsizeOf(n.dtype); // a complex element is two parts
      const fits = free.filter((k) => slabs[k].bytes >= bytes).sort((a, b) => slabs[a].bytes - slabs[b].bytes);
      s.slab = fits.length ? free.splice(free.indexOf(fits[0]), 1)[0] : slabs.push({ bytes }) - 1;
      // a staged assignment is read when the run commits, after every step
      values.push({
        node: n.name,
        bytes,
        slab: s.slab,
        from: i,
        to: n.kind === 'assign' ? steps.length : (lastUse.get(n) ?? i),
      });
    }
    for (const v of values) if (v.to === i) free.push(v.slab);
  });
  return { slabs, values };
}

// the whole plan for these outputs: { nodes, steps, memPlan }; each step's
// `dying` lists the values read for the last time there (outputs never die)
export function plan(outs) {
  const { nodes, consumers } = collect(outs);
  const steps = order(nodes, group(nodes, consumers, outs), outs);
  const lastUse = liveness(steps);
  const memPlan = placeSlabs(steps, outs, lastUse);
  const outSet = new Set(outs);
  steps.forEach((s) => {
    s.dying = [];
  });
  for (const [v, last] of lastUse) if (!outSet.has(v)) steps[last].dying.push(v);
  return { nodes, steps, memPlan };
}

// the passes and the memory they use, as memoryPlan() reports them
export function describe(steps, { slabs, values }) {
  const stepName = (s) =>
    s.type === 'fuse'
      ? `fused ${s.node.kind === 'assign' ? `assign to '${s.node.attrs.target.name}'` : `'${s.node.name}'`}`
      : `${s.type} '${s.node.name}'`;
  const fused = (s) => ({
    instructions: s.group.code.length / 4,
    leaves: s.group.leaves.map((v) => (isNode(v) ? v.name : v)),
    fused: s.group.members.map((m) => m.name).reverse(),
  });
  return {
    steps: steps.map((s, i) => ({
      step: i,
      kind: s.type,
      node: s.node.name,
      description: stepName(s),
      ...(s.type === 'fuse' ? fused(s) : {}),
      ...(s.slab !== undefined ? { slab: s.slab } : {}),
    })),
    slabs: slabs.map((s, k) => ({ slab: k, bytes: s.bytes })),
    values: values.map(({ node, bytes, slab, from, to }) => ({ node, bytes, slab, from, to })),
    slabBytes: slabs.reduce((a, s) => a + s.bytes, 0),
    unsharedBytes: values.reduce((a, v) => a + v.bytes, 0),
  };
}
