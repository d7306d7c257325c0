// The select workloads (sorting, unique, topk, take, masks, concat) for each
// engine that has them: wtensor, tfjs-wasm, numpy-ts and jax-js (npm).  Each
// engine derives the same integer inputs (workloads.mjs selectData) outside
// the timing; results are read as plain numbers so the harness can compare.
import { selectData } from './workloads.mjs';

const numbers = (a) => Float64Array.from(a, Number);

// a fresh output per run (the engine's values), the previous disposed; note says how an engine ran it
export function fresh(op, read, free, cleanup, note) {
  let out = null;
  return {
    async run() {
      if (out) free(out);
      out = await op();
    },
    result: () => numbers(read(out)),
    dispose() {
      if (out) free(out);
      cleanup();
    },
    ...(note ? { note } : {}),
  };
}

// the inputs each workload uses: float32 data, int32 views, indices, a mask, a list
function prepared(w, inputs) {
  const f = inputs[0].data;
  return {
    f,
    i32: selectData.i32(f),
    repeats: selectData.repeats(f),
    indices: inputs[1] ? selectData.indices(inputs[1].data) : null,
    mask: selectData.mask(f),
    list: inputs.map((x) => x),
  };
}

export function wtSelect(wt, w, inputs) {
  const d = prepared(w, inputs);
  const t = {
    f: wt.tensor(d.f),
    i32: wt.tensor(d.i32),
    repeats: wt.tensor(d.repeats),
    indices: d.indices && wt.tensor(d.indices),
    mask: wt.tensor(d.mask, { dtype: 'bool' }),
    list: w.op === 'concat' ? d.list.map((x) => wt.tensor(x.data, { shape: x.shape })) : [],
    img: wt.tensor(inputs[0].data, { shape: inputs[0].shape }),
  };
  const ops = {
    sort: () => [wt.sort(t.f)],
    argsort: () => [wt.argsort(t.f)],
    sort_i32: () => [wt.sort(t.i32)],
    argsort_i32: () => [wt.argsort(t.i32)],
    unique: () => [wt.unique(t.repeats)],
    topk: () => Object.values(wt.topk(t.f, 10)),
    take: () => [wt.take(t.f, t.indices)],
    mask: () => [t.f.get(t.mask)],
    pad: () => [wt.pad(t.img, 8)],
    concat: () => [wt.concat(t.list)],
  };
  return fresh(
    ops[w.op],
    (out) => out[0].toTypedArray(),
    (out) => wt.dispose(out),
    () => wt.dispose(Object.values(t)),
  );
}

// tfjs-wasm: its ops where it has them (no sort or argsort: topk of all is a descending sort)
export function tfSelect(tf, w, inputs) {
  const d = prepared(w, inputs);
  const t = {
    f: tf.tensor(d.f),
    repeats: tf.tensor(d.repeats, undefined, 'int32'),
    indices: d.indices && tf.tensor(d.indices, undefined, 'int32'),
    mask: tf.tensor(d.mask, undefined, 'bool'),
    list: w.op === 'concat' ? d.list.map((x) => tf.tensor(x.data, x.shape)) : [],
    img: tf.tensor(inputs[0].data, inputs[0].shape),
  };
  const ops = {
    unique: () => Object.values(tf.unique(t.repeats)),
    topk: () => Object.values(tf.topk(t.f, 10)),
    take: () => [tf.gather(t.f, t.indices)],
    mask: async () => [await tf.booleanMaskAsync(t.f, t.mask)],
    concat: () => [tf.concat(t.list)],
    pad: () => [
      tf.pad(t.img, [
        [8, 8],
        [8, 8],
      ]),
    ],
  };
  const free = () => [t.f, t.repeats, t.indices, t.mask, t.img, ...t.list].forEach((x) => x?.dispose());
  if (!ops[w.op]) {
    free();
    throw { refused: 'no sort or argsort in tfjs (only topk)' };
  }
  const run = fresh(
    ops[w.op],
    // tfjs's unique keeps first-seen order: sorted here, outside the timing, to compare
    (out) => (w.op === 'unique' ? Int32Array.from(out[0].dataSync()).sort() : out[0].dataSync()),
    (out) => out.forEach((x) => x.dispose()),
    free,
  );
  return w.op === 'unique' ? { ...run, note: 'tf.unique: first-seen order (sorted after timing to compare)' } : run;
}

// numpy-ts: NumPy's API in JS (Zig kernels compiled to wasm)
export function numpyTsSelect(np, w, inputs) {
  const d = prepared(w, inputs);
  const f = np.array(d.f, 'float32');
  const i32 = np.array(d.i32, 'int32'),
    repeats = np.array(d.repeats, 'int32');
  const indices = d.indices && np.array(d.indices, 'int32');
  const mask = np.array(Array.from(d.mask, Boolean), 'bool');
  const list = w.op === 'concat' ? d.list.map((x) => np.array(x.data, 'float32').reshape(x.shape)) : [];
  const img = np.array(inputs[0].data, 'float32').reshape(inputs[0].shape);
  const ops = {
    pad: () => [np.pad(img, 8)],
    sort: () => [np.sort(f)],
    argsort: () => [np.argsort(f)],
    sort_i32: () => [np.sort(i32)],
    argsort_i32: () => [np.argsort(i32)],
    unique: () => [np.unique(repeats)],
    // NumPy's idiom: argpartition, then the k sorted (intermediates freed: numpy-ts's heap is wasm memory)
    topk: () => {
      const neg = np.negative(f),
        part = np.argpartition(neg, 9),
        head = part.slice('0:10'),
        idx = head.astype('int32'),
        v = np.take(f, idx),
        nv = np.negative(v),
        order = np.argsort(nv),
        o32 = order.astype('int32');
      const r = np.take(v, o32);
      [neg, part, head, idx, v, nv, order, o32].forEach((x) => x.dispose?.());
      return [r];
    },
    take: () => [np.take(f, indices)],
    mask: () => [np.compress(mask, f)],
    concat: () => [np.concatenate(list)],
  };
  const run = fresh(
    ops[w.op],
    (out) => out[0].toArray().flat(Infinity),
    (out) => out.forEach((x) => x.dispose?.()),
    () => [f, i32, repeats, indices, mask, img, ...list].forEach((x) => x?.dispose?.()),
  );
  const notes = { topk: 'argpartition(−x, 9)[:10], then argsort of the 10', mask: 'np.compress(mask, x)' };
  return notes[w.op] ? { ...run, note: notes[w.op] } : run;
}

// jax-js on its wasm device: results awaited (its ops are dispatched asynchronously)
export function jaxSelect(jax, w, inputs) {
  const np = jax.numpy;
  const d = prepared(w, inputs);
  const f = np.array(d.f),
    i32 = np.array(d.i32),
    indices = d.indices && np.array(d.indices);
  const list = w.op === 'concat' ? d.list.map((x) => np.array(x.data).reshape(x.shape)) : [];
  const img = np.array(inputs[0].data).reshape(inputs[0].shape);
  const ops = {
    pad: () => [np.pad(img.ref, 8)],
    sort: () => [np.sort(f.ref)],
    argsort: () => [np.argsort(f.ref)],
    sort_i32: () => [np.sort(i32.ref)],
    argsort_i32: () => [np.argsort(i32.ref)],
    topk: () => jax.lax.topK(f.ref, 10),
    take: () => [np.take(f.ref, indices.ref)],
    concat: () => [np.concatenate(list.map((x) => x.ref))],
  };
  const free = () => [f, i32, indices, img, ...list].forEach((x) => x?.dispose());
  if (!ops[w.op]) {
    free();
    throw { refused: w.op === 'mask' ? 'no boolean masks (shapes must be static)' : `no ${w.op}` };
  }
  let values = null;
  return fresh(
    async () => {
      const out = ops[w.op]();
      values = await out[0].ref.data();
      return out;
    },
    () => values,
    (out) => out.forEach((x) => x.dispose()),
    free,
  );
}
