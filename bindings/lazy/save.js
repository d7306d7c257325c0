// Saving a compiled graph: JSON plus .npy blobs (load.js reads them back).
import { WtError } from '../errors.js';
import { LazyTensor, LEAVES } from './node.js';

export function save(compiled) {
  const nodes = compiled._nodes,
    blobs = {},
    idOf = new Map(nodes.map((n, k) => [n, k]));
  const scalar = (v) => (Number.isFinite(v) ? v : String(v));
  const json = nodes.map((n) => {
    const j = { kind: n.kind, op: n.op, name: n.name, dtype: n.dtype, shape: [...n.shape] };
    j.inputs = n.inputs.map((v) => (v instanceof LazyTensor ? idOf.get(v) : { scalar: scalar(v) }));
    if (n.kind === 'variable') j.trainable = n.attrs.trainable;
    if (n.attrs.weak) j.weak = true; // a complex number or big bigint operand
    if (LEAVES.includes(n.kind) && n.kind !== 'placeholder') {
      j.blob = `${n.name}.npy`;
      blobs[j.blob] = n.attrs.storage.toNpy();
    }
    if (n.kind === 'cast') j.dtypeTo = n.attrs.dtype;
    if (n.kind === 'reduce') {
      Object.assign(j, { axis: n.attrs.axis, keepdims: n.attrs.keepdims });
      if (n.attrs.dtype) j.accumulate = n.attrs.dtype; // its dtype= (dtype is the node's own)
    }
    if (n.kind === 'view') j.args = n.attrs.args;
    if (n.kind === 'einsum') j.subscripts = n.attrs.subscripts;
    if (n.kind === 'fn') j.opts = n.attrs.opts;
    if (n.kind === 'assign') j.target = idOf.get(n.attrs.target);
    return j;
  });
  for (const n of nodes)
    if (n.kind === 'assign' && !idOf.has(n.attrs.target))
      throw new WtError('WT_EINVAL', 'save: internal: an assignment target is not part of the computation');
  const outputs = compiled._outputs.map(([k, o]) => [k, idOf.get(o)]);
  return {
    json: JSON.stringify({ format: 'wtensor-graph', version: 1, nodes: json, form: compiled._form, outputs }),
    blobs,
  };
}
