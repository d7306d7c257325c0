// Type-checked (not run) by types.test.mjs: the public API as a user writes it.
import {
  init,
  WtError,
  type Tensor,
  type DType,
  type AnyTypedArray,
  type Wtensor,
  type EinsumPath,
  type Graph,
  type LazyTensor,
  type Compiled,
  type MemoryPlan,
  type SharedTensor,
  type SharedMemoryHandle,
  type ComplexLike,
} from 'wtensor';

async function main(): Promise<number> {
  const wt: Wtensor = await init({
    wasm: new URL('https://example.test/wtensor.wasm'),
    wasmThreads: new URL('https://example.test/wtensor-mt.wasm'),
    threads: 'auto',
  });
  const a: Tensor = wt.arange(12).reshape([3, 4]);
  const b = a.T.slice('::-1, 1:').contiguous().astype('float32');
  const d: DType = b.dtype;
  const shape: readonly number[] = b.shape;
  const data = b.data;
  const first: number | bigint = data[b.offset]; // bigints for int64 and uint64
  const nested = wt
    .tensor(
      [
        [1, 2],
        [3, 4],
      ],
      { dtype: 'int16' },
    )
    .toArray();
  const out = wt.tidy(() => ({ x: wt.zeros([2, 2]), y: [wt.ones(3, 'uint8')] }));
  wt.keep(out.x).assign(wt.eye(2)).assign(3);
  wt.dispose(out);
  const m = wt.memory();
  const info = wt.info();
  try {
    a.reshape([5]);
  } catch (e) {
    if (e instanceof WtError && e.code === 'WT_ESHAPE') return m.bytesInUse + info.threads;
  }
  const y = a
    .add(1)
    .mul(wt.exp(a.astype('float32')))
    .clip(0, 10, { out: wt.zeros([3, 4]) });
  const s: Tensor = y
    .sum({ axis: [0], keepdims: true })
    .mean(0)
    .argmax();
  const z = wt.binary('mul', a, y, { alpha: 2, reduce: 'sum', out: wt.zeros([4]) });
  const w = wt.where(a.greater(3), a, -1).relu().sigmoid();
  const mm: Tensor = a.astype('float32').matmul(wt.ones([4, 2], 'float32'));
  const e = wt.einsum('ij,jk->ik', a, wt.ones([4, 3]), { out: wt.zeros([3, 3]) });
  const plan: EinsumPath = wt.einsumPath('ij,jk,kl->il', [2, 3], a, [4, 5]);
  const archive: Uint8Array = await wt.toNpz({ a, b }, { compress: true });
  const loaded: Tensor | undefined = (await wt.fromNpz(archive)).a;
  const positional: Uint8Array = await wt.toNpz([a, b]);
  const kind: string = plan.steps[0].kind;
  // lazy mode
  const g: Graph = wt.graph();
  const x: LazyTensor = g.placeholder([3, 4], 'float32', 'x');
  const v = wt.variable(wt.zeros([4], 'float32'), { name: 'v', trainable: true });
  const loss: LazyTensor = wt.sum(wt.square(x.sub(v)), { axis: 1 }).mean();
  const step = v.assign(v.sub(x.mean(0).mul(0.1)));
  const f: Compiled<{ loss: Tensor; step: Tensor }> = g.compile({ loss, step });
  const results = f.run({ x: wt.zeros([3, 4], 'float32') });
  const plan2: MemoryPlan = f.memoryPlan();
  const saved = f.save();
  const again = wt.loadGraph(saved.json, saved.blobs);
  const single: Tensor = g.compile(wt.einsum('ij,j->i', x, v)).run({ x: [[1, 2, 3, 4]] });
  // named axes and Einstein labels
  const named: Tensor = a.astype('float32').named(['H', 'W']);
  const aligned: Tensor = named.sub(wt.ones([4], 'float32').named(['W'])).sum({ axis: 'W' });
  const axisNames: readonly string[] | null = aligned.names;
  const prod: Tensor = a.label('i', 'j').mul(a.T.label('j', 'k')).to('k', 'i').tensor;
  const bound: Tensor = wt.ein`ij,jk->ik`(a, a.T);
  const src = wt.zeros([8], 'float32');
  const adopted: Tensor = wt.wrap(src.data.subarray(2, 6), { shape: [2, 2], readOnly: true });
  const copied: Tensor = wt.fromArrayLike(new Float64Array(4).buffer, { dtype: 'float64', shape: [2, 2] });
  const ticket: SharedTensor = src.share();
  const mem: SharedMemoryHandle = wt.share();
  const other: Wtensor = await init({ share: mem });
  const attached: Tensor = other.attach(ticket);
  other.detach();
  void axisNames;
  void prod;
  void bound;
  void adopted;
  void copied;
  void attached;
  void d;
  void shape;
  void nested;
  void s;
  void z;
  void w;
  void mm;
  void e;
  void kind;
  void results.loss;
  void plan2.slabBytes;
  void again;
  void single;
  const big: Tensor = wt.tensor([1n, 2n ** 62n], { dtype: wt.int64 }).add(3n); // int64: bigints
  const bigData: BigInt64Array | AnyTypedArray = big.data;
  const one: number | bigint | boolean | ComplexLike = big.slice('0').item();
  const max: number | bigint = wt.iinfo('uint64').max;
  (void bigData, one, max, wt.full([2], 2n ** 63n - 1n, 'int64'));
  // complex: {re, im} values, wt.complex as a weak scalar, the parts as views
  const zc: Tensor = wt.tensor([{ re: 1, im: 2 }], { dtype: wt.complex64 }).mul(wt.complex(0, 1));
  const re: Tensor = zc.real,
    parts: Float32Array | AnyTypedArray = zc.data;
  (void re, parts, wt.conj(zc), zc.angle(), wt.imag(zc));
  // issue 24: ufunc methods, statistics, nested arrays as operands
  const cs: Tensor = wt.add.accumulate([1, 2, 3]).add(wt.subtract.reduce([[1, 2]], { axis: 1 }));
  const h: { hist: Tensor; binEdges: Tensor } = wt.histogram([1, 2, 2], { bins: 2 });
  const close: boolean = wt.allclose(wt.cumsum([1, 2]), [1, 3]);
  const q: Tensor = wt.quantile([1, 2, 3], [0.25, 0.5], { method: 'midpoint' }).add(a.mT.std({ ddof: 1 }));
  (void cs,
    h.binEdges,
    close,
    q,
    wt.add.at(a, [0, 0], 1),
    wt.average([1, 2], { weights: [1, 3], returned: true }).sumOfWeights);
  return Number(first) + wt.linspace(0, 1, 5, { endpoint: false }).size + wt.diagonal(a, 1).size;
}
void main;

// wt.random: NumPy's Generator and the legacy RandomState
export async function randomUsage(wt: Wtensor): Promise<number> {
  const rng = wt.random.defaultRng(12345);
  const x = rng.random([3, 3]) as Tensor;
  const z = rng.standardNormal(5, { dtype: 'float32' });
  const n = rng.normal(0, 2, { size: [2, 2] });
  const k = rng.integers(0, 10, { size: 4, dtype: 'int32' });
  const pick = rng.choice([1, 2, 3], { size: 2, replace: false, p: [0.2, 0.3, 0.5] });
  rng.shuffle(x, { axis: 1 });
  const bytes: Uint8Array = rng.bytes(8);
  const kids = rng.spawn(2);
  const saved = rng.bitGenerator.state;
  rng.bitGenerator.state = saved;
  const mt = new wt.random.Generator(new wt.random.MT19937(1).jumped());
  wt.random.seed(5);
  const legacy = wt.random.randn(2, 3);
  const rs = new wt.random.RandomState([1, 2, 3]);
  const s = rs.getState();
  return (
    [z, n, k, pick, legacy].length + bytes.length + kids.length + s.gauss + Number(mt.bitGenerator.toString().length)
  );
}

// wt.linalg: decompositions, norms, least squares
export function linalgUsage(wt: Wtensor): number {
  const a = wt.tensor([
    [4, 1],
    [2, 3],
  ]);
  const x: Tensor = wt.linalg.solve(a, [1, 2]);
  const { Q, R } = wt.linalg.qr(a, { mode: 'complete' });
  const r: Tensor = wt.linalg.qr(a, 'r');
  const { U, S, Vh } = wt.linalg.svd(a, { fullMatrices: false });
  const s: Tensor = wt.linalg.svd(a, { computeUv: false });
  const { eigenvalues, eigenvectors } = wt.linalg.eigh(a, { UPLO: 'U' });
  const { sign, logabsdet } = wt.linalg.slogdet(a);
  const fit = wt.linalg.lstsq(
    [
      [1, 0],
      [1, 1],
      [1, 2],
    ],
    [1, 2, 2.9],
  );
  const n = wt.linalg.norm(a, { ord: 'nuc' }).item() as number;
  const c = wt.linalg.cond(a, Infinity);
  const p = wt.linalg.pinv(a, { rtol: null, hermitian: false });
  const m = wt.linalg.multiDot([[1, 2], a, [3, 4]]);
  return (
    [x, Q, R, r, U, S, Vh, s, eigenvalues, eigenvectors, sign, logabsdet, fit.x, c, p, m].length +
    fit.rank +
    n +
    wt.linalg.matrixRank(a, { rtol: 1e-6 }).size +
    wt.linalg.vectorNorm(a, { ord: 1, axis: [0, 1] }).size
  );
}

// wt.fft: one-axis, n-dimensional and real transforms, frequencies and shifts
export function fftUsage(wt: Wtensor): number {
  const x = wt.tensor([1, 2, 3, 4, 5, 6]);
  const X: Tensor = wt.fft.fft(x, 8);
  const back: Tensor = wt.fft.ifft(X, { norm: 'ortho', axis: -1 });
  const half: Tensor = wt.fft.rfft(x, { n: 6, out: wt.zeros([4], 'complex128') });
  const real: Tensor = wt.fft.irfft(half, { n: 6 });
  const h: Tensor = wt.fft.hfft(half);
  const img = wt.ones([4, 5]);
  const F2: Tensor = wt.fft.fft2(img, { s: [4, 8], norm: 'forward' });
  const Fn: Tensor = wt.fft.rfftn(img, { axes: [1, 0] });
  const inv: Tensor = wt.fft.irfftn(Fn, [4, 5]);
  const f: Tensor = wt.fft.fftshift(wt.fft.fftfreq(8, { d: 0.1 }));
  const rf: Tensor = wt.fft.rfftfreq(8, 0.5);
  return [X, back, half, real, h, F2, Fn, inv, f, rf, wt.fft.ifftshift(img, { axes: [0] })].length;
}

// polynomials: NumPy's functions, poly1d and numpy.polynomial's classes
export function polyUsage(wt: Wtensor): number {
  const coef: Tensor = wt.polyfit([0, 1, 2, 3], [1, 3, 7, 13], 2);
  const full = wt.polyfit([0, 1, 2, 3], [1, 3, 7, 13], 1, { full: true });
  const { cov } = wt.polyfit([0, 1, 2, 3, 4], [1, 3, 7, 13, 21], 1, { cov: 'unscaled' });
  const [q, r] = wt.polydiv([1, 0, -1], [1, 1]);
  const p = wt.poly1d([1, -3, 2]);
  const y: Tensor = p.call([0, 1, 2]);
  const c = wt.polynomial.Chebyshev.fit([0, 1, 2, 3], [1, 3, 7, 13], 2, { window: [-1, 1] });
  const v: number = c.call(1.5);
  const [xs, ys] = c.linspace(20);
  const l = new wt.polynomial.Legendre([1, 2, 3], { domain: [0, 4] });
  p.dispose();
  return (
    [coef, full.coef, cov, q, r, y, xs, ys, wt.roots([1, -3, 2]), wt.polyval([1, 2], 3), l.roots()].length +
    v +
    full.rank +
    c.deriv().degree() +
    l.integ(1, [2]).coef.length
  );
}

// issue 45: keywords, one-element tensors as numbers, tuples, positional NumPy parameters
export function strictUsage(wt: Wtensor): number {
  const x = wt.tensor([1, 2, 3]);
  const m = wt.tensor([true, false, true]);
  const a: Tensor = wt.add(x, 1, { where: m, out: x, dtype: 'float64' });
  const s: Tensor = wt.sum(x, { where: m, initial: 10 });
  const open: Tensor = wt.clip(x, 2, null);
  const [U, S, Vh] = wt.linalg.svd(wt.eye(2));
  const [samples, step] = wt.linspace(0, 1, 5, { retstep: true });
  const noEnd: Tensor = wt.linspace(0, 1, 11, false);
  // TypeScript types relational operators on objects as errors: Number(s) or +s (JS itself needs neither)
  const n: number = +s + Number(x.item(1)) + (step as number);
  return [a, open, U, S, Vh, samples, noEnd].length + n + (Number(s) > 3 ? 1 : 0);
}
