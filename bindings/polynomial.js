// wt.polynomial: numpy.polynomial's Polynomial, Chebyshev and Legendre
// (coefficients lowest degree first, real), each with NumPy's domain and
// window: the argument is mapped from domain to window before the series is
// evaluated.  One class per basis, made from its five pieces as NumPy's
// polyutils makes them: evaluation (Horner or Clenshaw), the pseudo-
// Vandermonde matrix fit solves with, derivative and integral coefficient
// recurrences, and the (scaled) companion matrix whose eigenvalues are the
// roots.  Coefficient arithmetic is on JS numbers; evaluation on tensors.
import { asTensor, options } from './args.js';
import { declareMethods, argumentsOf } from './params.js';
import { WtError } from './errors.js';
import { typeName } from './engine.js';
import { eigvals } from './linalg.js';
import { lstsq } from './linalg-more.js';

// ---- the bases ---------------------------------------------------------------
// val(wt, x, c): the series at tensor x; vander(wt, x, deg): its columns; der(c) and int(c) one step
const POWER = {
  val: (wt, x, c) =>
    c.slice(0, -1).reduceRight((acc, ci) => wt.add(wt.mul(acc, x), ci), wt.add(wt.mul(x, 0), c.at(-1))),
  vander: (wt, x, deg) => recur(wt, x, deg, (v, i) => wt.mul(v[i - 1], x)),
  der: (c) => c.slice(1).map((cj, j) => (j + 1) * cj),
  int: (c) => [0, ...c.map((cj, j) => cj / (j + 1))],
  companion(c) {
    const n = c.length - 1,
      m = square(n);
    for (let i = 1; i < n; i++) m[i][i - 1] = 1;
    for (let i = 0; i < n; i++) m[i][n - 1] -= c[i] / c[n];
    return m;
  },
};

const CHEBYSHEV = {
  val(wt, x, c) {
    if (c.length <= 2) return wt.add(wt.mul(x, c[1] ?? 0), c[0]);
    const x2 = wt.mul(x, 2);
    let c0 = wt.add(wt.mul(x, 0), c.at(-2)),
      c1 = wt.add(wt.mul(x, 0), c.at(-1));
    for (let i = 3; i <= c.length; i++) [c0, c1] = [wt.sub(c.at(-i), c1), wt.add(c0, wt.mul(c1, x2))];
    return wt.add(c0, wt.mul(c1, x));
  },
  vander: (wt, x, deg) => recur(wt, x, deg, (v, i) => wt.sub(wt.mul(wt.mul(v[i - 1], x), 2), v[i - 2])),
  der: (c) =>
    recurDer(
      c,
      (j) => 2 * j,
      (j, cj) => (j * cj) / (j - 2),
    ),
  int: (c) =>
    recurInt(
      c,
      4,
      (j) => 2 * (j + 1),
      (j) => 2 * (j - 1),
    ),
  companion(c) {
    const n = c.length - 1,
      m = square(n),
      scl = Array.from({ length: n }, (_, i) => (i ? Math.sqrt(0.5) : 1));
    for (let i = 0; i + 1 < n; i++) m[i][i + 1] = m[i + 1][i] = i ? 0.5 : Math.sqrt(0.5);
    for (let i = 0; i < n; i++) m[i][n - 1] -= (c[i] / c[n]) * (scl[i] / scl[n - 1]) * 0.5;
    return m;
  },
};

const LEGENDRE = {
  val(wt, x, c) {
    if (c.length <= 2) return wt.add(wt.mul(x, c[1] ?? 0), c[0]);
    let nd = c.length,
      c0 = wt.add(wt.mul(x, 0), c.at(-2)),
      c1 = wt.add(wt.mul(x, 0), c.at(-1));
    for (let i = 3; i <= c.length; i++) {
      nd -= 1;
      const t = c0;
      c0 = wt.sub(c.at(-i), wt.div(wt.mul(c1, nd - 1), nd));
      c1 = wt.add(t, wt.div(wt.mul(wt.mul(c1, x), 2 * nd - 1), nd));
    }
    return wt.add(c0, wt.mul(c1, x));
  },
  vander: (wt, x, deg) =>
    recur(wt, x, deg, (v, i) => wt.div(wt.sub(wt.mul(wt.mul(v[i - 1], x), 2 * i - 1), wt.mul(v[i - 2], i - 1)), i)),
  der: (c) =>
    recurDer(
      c,
      (j) => 2 * j - 1,
      (j, cj) => cj,
    ),
  int: (c) =>
    recurInt(
      c,
      3,
      (j) => 2 * j + 1,
      (j) => 2 * j + 1,
    ),
  companion(c) {
    const n = c.length - 1,
      m = square(n),
      scl = Array.from({ length: n }, (_, i) => 1 / Math.sqrt(2 * i + 1));
    for (let i = 0; i + 1 < n; i++) m[i][i + 1] = m[i + 1][i] = (i + 1) * scl[i] * scl[i + 1];
    for (let i = 0; i < n; i++) m[i][n - 1] -= (c[i] / c[n]) * (scl[i] / scl[n - 1]) * (n / (2 * n - 1));
    return m;
  },
};

const square = (n) => Array.from({ length: n }, () => new Array(n).fill(0));
// the derivative and integral of a three-term-recurrence series, as NumPy's chebder/legder and
// chebint/legint compute them: d[j-1] = up(j) c[j] with c[j-2] += down(j, c[j]); an integral's
// t[j+1] = c[j] / up(j), t[j-1] -= c[j] / down(j), t[2] = c[1] / first
function recurDer(c, up, down) {
  c = [...c];
  const n = c.length - 1,
    d = new Array(n).fill(0);
  for (let j = n; j > 2; j--) ((d[j - 1] = up(j) * c[j]), (c[j - 2] += down(j, c[j])));
  if (n > 1) d[1] = up(2) * c[2];
  if (n > 0) d[0] = c[1];
  return d;
}
function recurInt(c, first, up, down) {
  const n = c.length,
    t = new Array(n + 1).fill(0);
  t[1] = c[0];
  if (n > 1) t[2] = c[1] / first;
  for (let j = 2; j < n; j++) ((t[j + 1] = c[j] / up(j)), (t[j - 1] -= c[j] / down(j)));
  return t;
}
// columns 0..deg of a three-term recurrence (1, x, next(v, i)), stacked last
function recur(wt, x, deg, next) {
  const v = [wt.onesLike(x)];
  if (deg > 0) v.push(x);
  for (let i = 2; i <= deg; i++) v.push(next(v, i));
  return wt.stack(v, { axis: -1 });
}

// ---- the classes ----------------------------------------------------------------

const BASES = { Polynomial: POWER, Chebyshev: CHEBYSHEV, Legendre: LEGENDRE };
const pair = (v, name, what) => {
  const a = v instanceof Object && typeof v.toArray === 'function' ? v.toArray() : v;
  if (!Array.isArray(a) || a.length !== 2 || !a.every((x) => typeof x === 'number' && Number.isFinite(x)))
    throw new WtError('WT_EINVAL', `${name}: ${what} must be two finite numbers, got ${typeName(v)}`);
  return [...a];
};
// as NumPy's as_series: real coefficients, trailing zeros (highest degrees) trimmed to one
function series(c, name) {
  const a = c instanceof Object && typeof c.toArray === 'function' ? [c.toArray()].flat(Infinity) : [c].flat(Infinity);
  if (!a.length || !a.every((x) => typeof x === 'number'))
    throw new WtError(
      'WT_EINVAL',
      `${name}: coefficients must be a non-empty list of real numbers, got ${typeName(c)}`,
    );
  let n = a.length;
  while (n > 1 && a[n - 1] === 0) n--;
  return a.slice(0, n);
}
// window = off + scl * domain, NumPy's mapparms
const mapparms = ([d0, d1], [w0, w1]) => [(d1 * w0 - d0 * w1) / (d1 - d0), (w1 - w0) / (d1 - d0)];

// the series at x (a tensor, or a number's 0-d tensor), in float64 or wider as NumPy's float64 coefficients make it
function evaluate(api, B, c, x) {
  const wt = api.wt;
  return wt.tidy(() => {
    const t = asTensor(api, x);
    return B.val(wt, t.astype(wt.resultType(t.dtype, 'float64')), c);
  });
}

/** A series of one basis: instances keep real coefficients as numbers and evaluate on tensors.  Each
 * wtensor instance's wt.polynomial holds subclasses with _api, _B (the basis) and _name on the prototype. */
const seriesArgs = argumentsOf('coef, {domain, window, symbol:str}', 'polynomial');
class Series {
  constructor(...args) {
    const name = this._name;
    let [coef, opts] = seriesArgs(...args);
    opts = options(opts, name);
    this.coef = series(coef, name);
    this.domain = pair(opts.domain ?? [-1, 1], name, 'domain');
    this.window = pair(opts.window ?? [-1, 1], name, 'window');
    this.symbol = opts.symbol ?? 'x';
  }
  static fit(x, y, deg, opts) {
    const P = this.prototype;
    return fitSeries(P._api, this, P._B, x, y, deg, options(opts, `${P._name}.fit`));
  }
  static fromRoots(roots, opts) {
    const P = this.prototype;
    let c = [1];
    for (const z of [roots].flat(Infinity)) c = c.map((v, i) => -z * v + (c[i - 1] ?? 0)).concat(c.at(-1));
    return new this(P._B === POWER ? c : toBasis(P._api, P._B, c), opts);
  }
  degree() {
    return this.coef.length - 1;
  }
  mapparms() {
    return mapparms(this.domain, this.window);
  }
  /** p(x): NumPy's __call__ — x mapped from domain to window, then the series (a number for a number) */
  call(x) {
    const [off, scl] = this.mapparms(),
      wt = this._api.wt;
    if (typeof x === 'number') return evaluate(this._api, this._B, this.coef, off + scl * x).item();
    return wt.tidy(() => evaluate(this._api, this._B, this.coef, wt.add(wt.mul(asTensor(this._api, x), scl), off)));
  }
  deriv(m = 1) {
    count(m, this._name, 'deriv');
    const scl = this.mapparms()[1];
    let c = this.coef;
    for (let i = 0; i < m; i++) c = c.length === 1 ? [0] : this._B.der(c.map((v) => v * scl));
    return this._like(c);
  }
  integ(m = 1, k = [], lbnd = 0) {
    count(m, this._name, 'integ');
    const [off, scl] = this.mapparms(),
      ks = [k].flat(Infinity),
      lb = off + scl * lbnd;
    if (ks.length > m) throw new WtError('WT_EINVAL', `${this._name}.integ: Too many integration constants`);
    let c = this.coef;
    for (let i = 0; i < m; i++) {
      c = c.map((v) => v / scl);
      if (c.length === 1 && c[0] === 0) c = [ks[i] ?? 0];
      else ((c = this._B.int(c)), (c[0] += (ks[i] ?? 0) - evaluate(this._api, this._B, c, lb).item()));
    }
    return this._like(c);
  }
  roots() {
    const c = this.coef,
      wt = this._api.wt,
      [off, scl] = this.mapparms();
    return wt.tidy(() => {
      let r;
      if (c.length < 2) r = wt.zeros([0]);
      else if (c.length === 2) r = wt.tensor([-c[0] / c[1]]);
      else r = wt.sort(eigvals(this._api, wt.tensor(this._B.companion(c)).get('::-1', '::-1')));
      return wt.div(wt.sub(r, off), scl); // window back to domain
    });
  }
  linspace(n = 100, domain = null) {
    const [a, b] = domain === null ? this.domain : pair(domain, this._name, 'domain'),
      x = this._api.wt.linspace(a, b, n);
    return [x, this.call(x)];
  }
  // NumPy's convert(domain, kind, window): the same function as a series of kind (this class by
  // default) over domain and window (kind's defaults, [-1, 1]): interpolated at the degree's
  // Chebyshev points, exact up to rounding as NumPy's composition with kind's identity is
  convert(opts = {}) {
    const K = opts.kind ?? this.constructor;
    if (typeof K !== 'function' || !K.prototype?._B || K.prototype._api !== this._api)
      throw new WtError('WT_EINVAL', `${this._name}.convert: kind must be one of wt.polynomial's classes`);
    const domain = pair(opts.domain ?? [-1, 1], this._name, 'domain'),
      window = pair(opts.window ?? [-1, 1], this._name, 'window');
    const wt = this._api.wt,
      n = this.coef.length,
      [off, scl] = mapparms(domain, window);
    const c = wt.tidy(() => {
      const w = wt.cos(wt.mul(wt.add(wt.arange(n), 0.5), Math.PI / n)); // points in the new window
      const y = this.call(wt.div(wt.sub(w, off), scl)); // ... at the domain's points they map from
      return [wt.linalg.solve(K.prototype._B.vander(wt, w, n - 1), y).toArray()].flat();
    });
    return new K(c, { domain, window, symbol: this.symbol });
  }
  add(o) {
    return this._like(zip(this.coef, this._other(o), (a, b) => a + b));
  }
  sub(o) {
    return this._like(zip(this.coef, this._other(o), (a, b) => a - b));
  }
  toString() {
    const { coef, domain, window, symbol } = this;
    return `${this._name}([${coef.join(', ')}], domain=[${domain}], window=[${window}], symbol='${symbol}')`;
  }
  _like(c) {
    return new this.constructor(c, { domain: this.domain, window: this.window, symbol: this.symbol });
  }
  _other(o) {
    if (typeof o === 'number') return [o];
    if (
      !(o instanceof this.constructor) ||
      String(o.domain) !== String(this.domain) ||
      String(o.window) !== String(this.window)
    )
      throw new WtError('WT_EINVAL', `${this._name}: Domains and windows differ, or the other is not a ${this._name}`);
    return o.coef;
  }
}

// the parameters of the series' methods and static constructors (params.js)
declareMethods('polynomial.', Series.prototype, {
  degree: '',
  mapparms: '',
  call: 'x',
  deriv: 'm?:int',
  integ: 'm?:int, k?, lbnd?:num',
  roots: '',
  linspace: 'n?:int, domain?',
  convert: '{domain, kind, window}',
  add: 'other',
  sub: 'other',
  toString: '',
});
declareMethods('polynomial.', Series, {
  fit: 'x, y, deg, {domain, rcond, full:bool, w, window, symbol:str}',
  fromRoots: 'roots, {domain, window, symbol:str}',
});

function makeClass(api, name, B) {
  const C = class extends Series {};
  Object.assign(C.prototype, { _api: api, _B: B, _name: name });
  Object.defineProperty(C, 'name', { value: name });
  return C;
}

const count = (m, name, what) => {
  if (!Number.isInteger(m) || m < 0)
    throw new WtError('WT_EINVAL', `${name}.${what}: The order must be a non-negative integer`);
};
const zip = (a, b, f) => Array.from({ length: Math.max(a.length, b.length) }, (_, i) => f(a[i] ?? 0, b[i] ?? 0));

// power-series coefficients c in basis B: solve with B's Vandermonde at Chebyshev points (exact in degree)
function toBasis(api, B, c) {
  const wt = api.wt,
    n = c.length;
  return wt.tidy(() => {
    const x = wt.cos(wt.mul(wt.add(wt.arange(n), 0.5), Math.PI / n));
    const y = POWER.val(wt, x, c);
    return [wt.linalg.solve(B.vander(wt, x, n - 1), y).toArray()].flat();
  });
}

// numpy.polynomial's fit: x mapped to the window, the column-scaled least squares of polyutils._fit
function fitSeries(api, Series, B, x, y, deg, opts) {
  const wt = api.wt;
  if (!Number.isInteger(deg) || deg < 0) throw new WtError('WT_EINVAL', `fit: expected deg >= 0, got ${typeName(deg)}`);
  return wt.tidy(() => {
    const X = asTensor(api, x).astype('float64'),
      Y = asTensor(api, y).astype('float64');
    if (X.ndim !== 1 || X.size === 0) throw new WtError('WT_ESHAPE', 'fit: expected a non-empty 1D vector for x');
    if (Y.ndim !== 1 || Y.shape[0] !== X.shape[0]) throw new WtError('WT_ESHAPE', 'fit: expected y of the length of x');
    const domain =
        opts.domain === undefined || opts.domain === null
          ? [wt.min(X).item(), wt.max(X).item()]
          : Array.isArray(opts.domain) && !opts.domain.length
            ? [-1, 1]
            : opts.domain,
      window = opts.window ?? [-1, 1];
    const [off, scl] = mapparms(pair(domain, 'fit', 'domain'), pair(window, 'fit', 'window'));
    let lhs = B.vander(wt, wt.add(wt.mul(X, scl), off), deg),
      rhs = Y;
    if (opts.w !== undefined && opts.w !== null) {
      const w = asTensor(api, opts.w).astype('float64');
      ((lhs = wt.mul(lhs, wt.expandDims(w, -1))), (rhs = wt.mul(rhs, w)));
    }
    let colScale = wt.sqrt(wt.sum(wt.square(lhs), { axis: 0 }));
    colScale = wt.where(wt.equal(colScale, 0), 1, colScale);
    const rcond = opts.rcond ?? X.shape[0] * wt.finfo('float64').eps; // NumPy's: len(x) eps
    const fit = lstsq(api, wt.div(lhs, colScale), rhs, { rcond });
    const coef = [wt.div(fit.x, colScale).toArray()].flat();
    const p = new Series(coef, { domain, window, symbol: opts.symbol });
    return opts.full ? [p, [fit.residuals.toArray(), fit.rank, fit.s.toArray(), rcond]] : p;
  });
}

/** The wt.polynomial namespace: one class per basis, bound to this instance. */
export function buildPolynomial(api) {
  return Object.freeze(Object.fromEntries(Object.entries(BASES).map(([name, B]) => [name, makeClass(api, name, B)])));
}
