// The registry's entries for linear algebra beyond matmul and einsum (the
// fields are registry.js's): the wt.linalg namespace (linalg.js,
// linalg-more.js; C: src/linalg.c's wt_linalg), NumPy's polynomial functions
// (poly.js) and the wt.polynomial classes (polynomial.js).
import { via } from './kinds.js';
import { buildLinalg } from './linalg-more.js';
import { buildPolynomial } from './polynomial.js';
import * as po from './poly.js';

const fn = (name, impl) => ({ name, impl: via(impl) });
export const LINALG = [
  { name: 'linalg', namespace: true, impl: (api) => buildLinalg(api) },
  fn('polyval', po.polyval),
  fn('polyfit', po.polyfit),
  fn('roots', po.roots),
  fn('poly', po.poly),
  fn('polyder', po.polyder),
  fn('polyint', po.polyint),
  fn('polyadd', po.polyadd),
  fn('polysub', po.polysub),
  fn('polymul', po.polymul),
  fn('polydiv', po.polydiv),
  { name: 'poly1d', impl: (api) => (c, opts) => new po.Poly1d(api, c, opts) },
  { name: 'polynomial', namespace: true, impl: (api) => buildPolynomial(api) },
].map((e) => ({ kind: 'linalg', c: 'wt_linalg', method: false, ...e }));
