// wt.linalg: the Array API's linalg extension and numpy.linalg.  The
// decompositions are C's (src/linalg.c: wt_linalg, one entry point, the ops
// of the header's WT_LINALG_LIST); norms, ranks, pseudo-inverses, least
// squares, chains and powers are composed here of C calls (linalg-more.js).
import { asTensor, options, outs } from './args.js';
import { tuple } from './tuple.js';
import { WtError } from './errors.js';
import { typeName } from './engine.js';
import { LINALG, LINALG_UPPER, LINALG_VECTORS, LINALG_COMPLETE, LINALG_R_ONLY } from './abi.js';

const OP = Object.fromEntries(LINALG.map((n, i) => [n, i]));

// C's wt_linalg: its three results (null where it makes fewer)
export function linalgCall(api, op, x, b, flags = 0) {
  return api.wt.tidy(() => {
    const e = api.e,
      hx = e.handle(asTensor(api, x), `${op}: x`),
      hb = b === undefined ? 0 : e.handle(asTensor(api, b), `${op}: b`);
    return outs(api, 3, (p0, p1, p2) => e.ex.wt_linalg(OP[op], hx, hb, flags, p0, p1, p2));
  });
}

const first = (api, op, x, b, flags) => linalgCall(api, op, x, b, flags)[0];
export const solve = (api, a, b) => first(api, 'solve', a, b);
export const inv = (api, x) => first(api, 'inv', x);
export const det = (api, x) => first(api, 'det', x);

export function slogdet(api, x) {
  const [sign, logabsdet] = linalgCall(api, 'slogdet', x);
  return tuple({ sign, logabsdet });
}

export function cholesky(api, x, opts) {
  opts = options(opts, 'cholesky');
  return first(api, 'cholesky', x, undefined, opts.upper ? LINALG_UPPER : 0);
}

// NumPy's qr: {Q, R} ('reduced', 'complete'), R alone for 'r'
export function qr(api, x, opts) {
  opts = options(typeof opts === 'string' ? { mode: opts } : opts, 'qr');
  const mode = opts.mode ?? 'reduced',
    flags = { reduced: 0, complete: LINALG_COMPLETE, r: LINALG_R_ONLY }[mode];
  if (flags === undefined)
    throw new WtError('WT_EINVAL', `qr: mode must be 'reduced', 'complete' or 'r', got ${typeName(mode)}`);
  const [Q, R] = linalgCall(api, 'qr', x, undefined, flags);
  return mode === 'r' ? R : tuple({ Q, R });
}

// eigh's UPLO: 'L' (the default) or 'U', either case
function uplo(opts, name) {
  opts = options(typeof opts === 'string' ? { UPLO: opts } : opts, name);
  const u = opts.UPLO ?? opts.uplo ?? 'L';
  if (typeof u !== 'string' || !['L', 'U'].includes(u.toUpperCase()))
    throw new WtError('WT_EINVAL', `${name}: UPLO argument must be 'L' or 'U', got ${typeName(u)}`);
  return u.toUpperCase() === 'U' ? LINALG_UPPER : 0;
}

export function eigh(api, x, opts) {
  const [eigenvalues, eigenvectors] = linalgCall(api, 'eigh', x, undefined, LINALG_VECTORS | uplo(opts, 'eigh'));
  return tuple({ eigenvalues, eigenvectors });
}
export const eigvalsh = (api, x, opts) => first(api, 'eigh', x, undefined, uplo(opts, 'eigvalsh'));

export function eig(api, x) {
  const [eigenvalues, eigenvectors] = linalgCall(api, 'eig', x, undefined, LINALG_VECTORS);
  return tuple({ eigenvalues, eigenvectors });
}
export const eigvals = (api, x) => first(api, 'eig', x);

export const svdvals = (api, x) => linalgCall(api, 'svd', x)[1];

// NumPy's svd: {U, S, Vh}, S alone without computeUv; hermitian through eigh as NumPy's
export function svd(api, x, opts) {
  opts = options(opts, 'svd');
  const full = opts.fullMatrices ?? opts.full_matrices ?? true,
    uv = opts.computeUv ?? opts.compute_uv ?? true;
  if (opts.hermitian) return hermitianSvd(api, x, uv);
  if (!uv) return svdvals(api, x);
  const [U, S, Vh] = linalgCall(api, 'svd', x, undefined, LINALG_VECTORS | (full ? LINALG_COMPLETE : 0));
  return tuple({ U, S, Vh });
}

// the SVD of a Hermitian matrix from its eigendecomposition: |w| descending,
// U its vectors in that order, Vh = (U sign(w))^H
function hermitianSvd(api, x, uv) {
  const wt = api.wt;
  return wt.tidy(() => {
    if (!uv) return wt.flip(wt.sort(wt.abs(eigvalsh(api, x))), -1);
    const { eigenvalues: w, eigenvectors: v } = eigh(api, x);
    const idx = wt.flip(wt.argsort(wt.abs(w), { axis: -1 }), -1);
    const sgn = wt.takeAlongAxis(wt.sign(w), idx, -1),
      U = wt.takeAlongAxis(v, wt.expandDims(idx, -2), -1);
    const Vh = wt.conj(wt.matrixTranspose(wt.mul(U, wt.expandDims(sgn, -2)))).copy();
    return tuple({ U, S: wt.takeAlongAxis(wt.abs(w), idx, -1), Vh });
  });
}
