// Loading a saved graph (save.js writes it): the JSON checked node by node, each
// node rebuilt through the graph's builders, so C checks it again.
import { WtError } from '../errors.js';
import { typeName } from '../engine.js';
import { LEAVES, fmtShape } from './node.js';
import { Graph } from './graph.js';

const bad = (msg) => new WtError('WT_EINVAL', `loadGraph: ${msg}`);

function parse(json, blobs) {
  let doc;
  try {
    doc = typeof json === 'string' ? JSON.parse(json) : json;
  } catch (err) {
    throw bad(`the JSON does not parse: ${err.message}`);
  }
  if (
    !doc ||
    doc.format !== 'wtensor-graph' ||
    doc.version !== 1 ||
    !Array.isArray(doc.nodes) ||
    !Array.isArray(doc.outputs)
  ) {
    throw bad('not a wtensor graph (expected {format: "wtensor-graph", version: 1, nodes, outputs})');
  }
  if (!blobs || typeof blobs !== 'object')
    throw bad(`blobs must be an object of file name -> bytes, got ${typeName(blobs)}`);
  return doc;
}

// a leaf with storage, from its blob
function storageLeaf(wt, g, j, blobs) {
  const b = blobs[j.blob];
  if (!(b instanceof Uint8Array)) throw bad(`node '${j.name}' needs blob '${j.blob}', which is missing`);
  const t = wt.fromNpy(b);
  try {
    if (j.kind === 'constant' && j.weak === true) return g._weakScalar(t.item(), j.name);
    if (j.kind === 'constant') return g.constant(t, { name: j.name });
    if (j.kind === 'variable') return g.variable(t, { name: j.name, trainable: !!j.trainable });
    return g.persistentTensor(t.shape, t.dtype, { name: j.name, init: t });
  } finally {
    t.dispose();
  }
}

// node k of the file, through the builder of its kind
const REBUILD = {
  placeholder: (c, j) => c.g.placeholder(j.shape, j.dtype, j.name),
  constant: (c, j) => storageLeaf(c.wt, c.g, j, c.blobs),
  variable: (c, j) => storageLeaf(c.wt, c.g, j, c.blobs),
  persistent: (c, j) => storageLeaf(c.wt, c.g, j, c.blobs),
  ewise: (c, j, ins) => c.g._ewise(String(j.op), ins),
  cast: (c, j, ins) => c.g._cast(String(j.op), ins[0], j.dtypeTo),
  reduce: (c, j, ins) =>
    c.g._reduce(String(j.op), ins[0], { axis: j.axis, keepdims: j.keepdims, dtype: j.accumulate ?? null }),
  view: (c, j, ins, k) => {
    // the view names come from the registry through the engine (api.js): no import climbs to it
    if (!c.g._e.viewNames.includes(j.op) || !Array.isArray(j.args)) throw bad(`node ${k}: unknown view '${j.op}'`);
    return c.g._view(j.op, ins[0], j.args);
  },
  matmul: (c, j, ins) => c.g._matmul(ins[0], ins[1]),
  einsum: (c, j, ins) => c.g._einsum(j.subscripts, ins),
  fn: (c, j, ins) => c.g._fn(String(j.op), ins[0], { axis: j.opts?.axis }),
  assign: (c, j, ins, k) => {
    if (!Number.isInteger(j.target) || !c.made[j.target])
      throw bad(`node ${k}: assignment target ${JSON.stringify(j.target)} is not an earlier node`);
    return c.g._assign(c.made[j.target], ins[0]);
  },
};

function rebuild(c, doc, j, k) {
  if (!j || typeof j !== 'object') throw bad(`node ${k} is not an object`);
  const input = (v, i) => {
    if (v && typeof v === 'object' && 'scalar' in v) return Number(v.scalar);
    if (!Number.isInteger(v) || v < 0 || v >= c.made.length)
      throw bad(`node ${k} input ${i} refers to ${JSON.stringify(v)}, not an earlier node`);
    return c.made[v];
  };
  const ins = (Array.isArray(j.inputs) ? j.inputs : []).map(input);
  if (!Object.hasOwn(REBUILD, j.kind)) throw bad(`node ${k} has unknown kind ${JSON.stringify(j.kind)}`);
  const n = REBUILD[j.kind](c, j, ins, k);
  if (n.name !== j.name && LEAVES.includes(j.kind)) throw bad(`node ${k}: name mismatch`);
  if (n.dtype !== j.dtype || n.shape.join() !== String(j.shape))
    throw bad(`node ${k} ('${j.name}') is ${n.dtype} ${fmtShape(n.shape)}, the file says ${j.dtype} (${j.shape})`);
  return n;
}

// a graph saved by Compiled.save(), rebuilt (every node checked again) and compiled
export function loadGraph(wt, engine, json, blobs = {}) {
  const doc = parse(json, blobs);
  const c = { wt, g: new Graph(wt, engine), blobs, made: [] };
  try {
    doc.nodes.forEach((j, k) => c.made.push(rebuild(c, doc, j, k)));
    const pick = ([key, id]) => {
      if (!Number.isInteger(id) || !c.made[id])
        throw bad(`output ${JSON.stringify(key)} refers to ${JSON.stringify(id)}, not a node`);
      return [key, c.made[id]];
    };
    const outs = doc.outputs.map(pick);
    const outputs =
      doc.form === 'single' ? outs[0]?.[1] : doc.form === 'object' ? Object.fromEntries(outs) : outs.map(([, n]) => n);
    return c.g.compile(outputs);
  } catch (err) {
    c.g.dispose();
    throw err;
  }
}
