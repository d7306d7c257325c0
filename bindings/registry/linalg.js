// The registry's entries for linear algebra beyond matmul and einsum (the
// fields are registry/index.js's): the wt.linalg namespace (linalg.js,
// linalg-more.js; C: src/linalg.c's wt_linalg), NumPy's polynomial functions
// (poly.js) and the wt.polynomial classes (polynomial.js).
import { via } from '../kinds.js';
import { buildLinalg } from '../linalg-more.js';
import { buildPolynomial } from '../polynomial.js';
import * as po from '../poly.js';

const fn = (name, sig, impl) => ({ name, sig, impl: via(impl) });
export const LINALG = [
  { name: 'linalg', namespace: true, impl: (api) => buildLinalg(api) },
  fn('polyval', 'p, x', po.polyval),
  fn('polyfit', 'x, y, deg:int, {rcond:num, full:bool, w, cov}', po.polyfit),
  fn('roots', 'p', po.roots),
  fn('poly', 'seqOfZeros', po.poly),
  fn('polyder', 'p, m?:int', po.polyder),
  fn('polyint', 'p, m?:int, k?', po.polyint),
  fn('polyadd', 'a1, a2', po.polyadd),
  fn('polysub', 'a1, a2', po.polysub),
  fn('polymul', 'a1, a2', po.polymul),
  fn('polydiv', 'u, v', po.polydiv),
  { name: 'poly1d', sig: 'cOrR, {r:bool, variable:str}', impl: (api) => (c, opts) => new po.Poly1d(api, c, opts) },
  { name: 'polynomial', namespace: true, impl: (api) => buildPolynomial(api) },
].map((e) => ({ kind: 'linalg', c: 'wt_linalg', method: false, ...e }));
