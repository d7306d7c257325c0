// NumPy's array repr for tensors: t.toString(), `${t}` and console.log give
// np.array_repr's text with `tensor(` for `array(` — the same summarizing
// (threshold, edgeitems), line wrapping (linewidth), float modes (maxprec
// with unique shortest digits, scientific where NumPy switches to it), and
// shape=/dtype= extras.  wt.setPrintOptions sets NumPy's print options.

import { WtError } from './errors.js';

const DEFAULTS = { precision: 8, threshold: 1000, edgeitems: 3, linewidth: 75, suppress: false };
const options = { ...DEFAULTS };

export function setPrintOptions(opts = {}) {
  if (opts === null || typeof opts !== 'object' || Object.getPrototypeOf(opts) !== Object.prototype)
    throw new WtError('WT_EINVAL', 'setPrintOptions: options must be a plain object');
  for (const [k, v] of Object.entries(opts)) {
    if (!(k in DEFAULTS)) throw new WtError('WT_EINVAL', `setPrintOptions: unknown option '${k}'`);
    // threshold: Infinity never summarizes (NumPy's docs use sys.maxsize)
    const count = Number.isInteger(v) || (k === 'threshold' && v === Infinity);
    if (k === 'suppress' ? typeof v !== 'boolean' : !count || v < 0)
      throw new WtError(
        'WT_EINVAL',
        `setPrintOptions: ${k} must be ${k === 'suppress' ? 'a boolean' : 'a non-negative integer'}`,
      );
  }
  Object.assign(options, opts);
}
export const getPrintOptions = () => ({ ...options });

// ---- numbers: Dragon4's unique shortest digits, cut at a precision with ties to even

// a number rounded to float16 (ties to even), as a number
function toHalf(v) {
  const a = Math.abs(v);
  if (!Number.isFinite(v) || a === 0) return v;
  if (a >= 65520) return Math.sign(v) * Infinity;
  let e = Math.max(Math.floor(Math.log2(a)), -14); // subnormals share the least exponent
  if (e > -14 && 2 ** e > a) e--;
  const q = 2 ** (e - 10),
    m = a / q,
    f = Math.floor(m);
  return Math.sign(v) * (m - f > 0.5 || (m - f === 0.5 && f % 2 === 1) ? f + 1 : f) * q;
}
// the dtype's own rounding of a number (float32 and float16 values are doubles exactly)
const ROUND = { float64: (v) => v, float32: Math.fround, float16: toHalf };

// the shortest decimal digits that round back to v in its dtype: { digits, exp } with v = 0.digits * 10^exp
function shortest(v, dtype) {
  const round = ROUND[dtype] ?? ROUND.float64;
  let s = Math.abs(v).toExponential();
  if (dtype !== 'float64')
    for (let p = 1; p <= 17; p++) {
      const t = Math.abs(v).toExponential(p - 1);
      if (round(Number(t)) === Math.abs(v)) {
        s = t;
        break;
      }
    }
  const [m, e] = s.split('e');
  return { digits: m.replace('.', '').replace(/0+$/, '') || '0', exp: Number(e) + 1 };
}

// the decimal digits of |v| to 100 significant ones: a double's whole expansion wherever a tie
// can decide a rounding (a tie at digit n < 18 means the expansion ends there)
function exactDigits(v) {
  const [m, e] = Math.abs(v).toExponential(99).split('e');
  return { digits: m.replace('.', '').replace(/0+$/, '') || '0', exp: Number(e) + 1 };
}

// digits rounded to n of them, ties to even (Dragon4's cutoff): { digits, exp }
function roundDigits({ digits, exp }, n) {
  if (digits.length <= n) return { digits, exp };
  if (n < 0) return { digits: '0', exp: 1 };
  const head = n > 0 ? BigInt(digits.slice(0, n)) : 0n,
    next = digits[n],
    rest = digits.slice(n + 1);
  const up = next > '5' || (next === '5' && (/[1-9]/.test(rest) || head % 2n === 1n));
  const r = (head + (up ? 1n : 0n)).toString();
  if (r === '0') return { digits: '0', exp: 1 };
  return { digits: r.replace(/0+$/, ''), exp: exp + (r.length - n) }; // a carry adds a digit
}

// the digits of v for a format: the unique shortest, unless more than `limit` places (then cut at them)
function digitsFor(v, dtype, places) {
  const s = shortest(v, dtype);
  return s.digits.length > places(s.exp) ? roundDigits(exactDigits(v), places(exactDigits(v).exp)) : s;
}

// dragon4_positional: at most precision fractional digits; '1.' keeps its point
function positional(v, dtype, precision, minDigits, padLeft, padRight, sign) {
  const neg = v < 0 || Object.is(v, -0);
  const { digits, exp } = v === 0 ? { digits: '0', exp: 1 } : digitsFor(v, dtype, (e) => e + precision);
  const int = exp > 0 ? digits.slice(0, exp).padEnd(exp, '0') : '0';
  let frac = exp >= 0 ? digits.slice(exp) : '0'.repeat(-exp) + digits;
  if (digits === '0') frac = '';
  frac = frac.padEnd(minDigits, '0');
  const head = (neg ? '-' : sign ? '+' : '') + int;
  return head.padStart(padLeft, ' ') + '.' + frac.padEnd(padRight, ' ');
}

// dragon4_scientific: at most precision digits after the first; the exponent of at least expDigits (2)
function scientific(v, dtype, precision, minDigits, padLeft, expDigits, sign) {
  const neg = v < 0 || Object.is(v, -0);
  let { digits, exp } = v === 0 ? { digits: '0', exp: 1 } : digitsFor(v, dtype, () => precision + 1);
  // Dragon4's min_digits: digits past the unique ones continue the exact value (rounded), not zeros
  if (v !== 0 && digits.length - 1 < minDigits) ({ digits, exp } = roundDigits(exactDigits(v), minDigits + 1));
  const frac = digits.slice(1).padEnd(minDigits, '0');
  const e = exp - 1;
  const head = (neg ? '-' : sign ? '+' : '') + digits[0];
  return `${head.padStart(padLeft, ' ')}.${frac}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(Math.max(expDigits, 2), '0')}`;
}

// NumPy's FloatingFormat over the values shown: { format(v) }
function floatFormat(values, dtype, sign) {
  const { precision, suppress } = options;
  const finite = values.filter(Number.isFinite);
  const nz = finite.filter((v) => v !== 0).map(Math.abs);
  let expFormat = false;
  if (nz.length) {
    const max = Math.max(...nz),
      min = Math.min(...nz);
    expFormat = max >= 1e8 || (!suppress && (min < 1e-4 || max / min > 1000));
  }
  let fmt;
  if (!finite.length) fmt = { padLeft: 0, padRight: 0, call: null };
  else if (expFormat) {
    const strs = finite.map((v) => scientific(v, dtype, precision, 0, 0, 2, sign));
    const fracLen = Math.max(...strs.map((s) => s.split('e')[0].split('.')[1].length));
    const expSize = Math.max(...strs.map((s) => s.split('e')[1].length)) - 1;
    const padLeft = Math.max(...strs.map((s) => s.split('.')[0].length));
    fmt = { padLeft, padRight: expSize + 2 + fracLen };
    fmt.call = (v) => scientific(v, dtype, fracLen, fracLen, fmt.padLeft, expSize, sign);
  } else {
    const strs = finite.map((v) => positional(v, dtype, precision, 0, 0, 0, sign));
    const padLeft = Math.max(...strs.map((s) => s.split('.')[0].length));
    const padRight = Math.max(...strs.map((s) => s.split('.')[1].length));
    fmt = { padLeft, padRight };
    fmt.call = (v) => positional(v, dtype, precision, 0, fmt.padLeft, fmt.padRight, sign);
  }
  if (finite.length !== values.length) {
    const neginf = sign || values.some((v) => v === -Infinity);
    fmt.padLeft = Math.max(fmt.padLeft, 3 - (fmt.padRight + 1), 3 + (neginf ? 1 : 0) - (fmt.padRight + 1));
  }
  return (v) => {
    if (Number.isFinite(v)) return fmt.call(v);
    const s = Number.isNaN(v) ? `${sign ? '+' : ''}nan` : `${v < 0 ? '-' : sign ? '+' : ''}inf`;
    return s.padStart(fmt.padLeft + fmt.padRight + 1, ' ');
  };
}

// a formatter for the values shown (NumPy's _get_format_function)
function formatter(values, dtype, zeroD) {
  if (dtype === 'bool') return (v) => (v ? (zeroD ? 'True' : ' True') : 'False');
  if (dtype.startsWith('complex')) {
    const part = dtype === 'complex64' ? 'float32' : 'float64';
    const re = floatFormat(
        values.map((z) => z.re),
        part,
        false,
      ),
      im = floatFormat(
        values.map((z) => z.im),
        part,
        true,
      );
    return (z) => {
      const i = im(z.im),
        sp = i.trimEnd().length;
      return re(z.re) + i.slice(0, sp) + 'j' + i.slice(sp);
    };
  }
  if (dtype.startsWith('float')) return floatFormat(values, dtype, false);
  const strs = values.map(String);
  const width = strs.length ? Math.max(...strs.map((s) => s.length)) : 0;
  return (v) => String(v).padStart(width, ' ');
}

// ---- layout: NumPy's _formatArray

// the nested values with every long axis cut to its edge items (null marks the '...')
function shown(t, summarize) {
  const e = options.edgeitems;
  const rec = (v, depth) => {
    if (depth === t.ndim) return v;
    const n = v.length,
      cut = summarize && n > 2 * e;
    const items = cut ? [...v.slice(0, e), null, ...v.slice(n - e)] : v;
    return items.map((x) => (x === null ? null : rec(x, depth + 1)));
  };
  return rec(t.toArray(), 0);
}

const leaves = (v, ndim) => (ndim === 0 ? [v] : v.filter((x) => x !== null).flatMap((x) => leaves(x, ndim - 1)));

function extendLine(s, line, word, width, prefix) {
  if (line.length + word.length > width && line.length > prefix.length) {
    s += line.trimEnd() + '\n';
    line = prefix;
  }
  return [s, line + word];
}

function formatArray(nested, ndim, fmt, linewidth, prefix) {
  const sep = ', ';
  const rec = (v, depth, indent, width) => {
    if (depth === ndim) return fmt(v);
    const next = indent + ' ',
      nextWidth = width - 1;
    let s = '';
    if (depth === ndim - 1) {
      const elemWidth = width - Math.max(sep.trimEnd().length, 1);
      let line = indent;
      v.forEach((x, i) => {
        const word = x === null ? '...' : rec(x, depth + 1, next, nextWidth);
        [s, line] = extendLine(s, line, word, elemWidth, indent);
        if (i < v.length - 1) line += sep;
      });
      s += line;
    } else {
      const lineSep = sep.trimEnd() + '\n'.repeat(ndim - depth - 1);
      v.forEach((x, i) => {
        s += indent + (x === null ? '...' : rec(x, depth + 1, next, nextWidth)) + (i < v.length - 1 ? lineSep : '');
      });
    }
    return '[' + s.slice(indent.length) + ']';
  };
  return rec(nested, 0, prefix, linewidth);
}

// NumPy's str of a 0-d array: its value as repr prints it, without tensor( ) and the dtype
export function scalarText(t) {
  const nested = shown(t, false);
  return formatArray(nested, 0, formatter(leaves(nested, 0), t.dtype, true), Infinity, '');
}

// dtypes NumPy's repr leaves unnamed (its int_ is int64)
const IMPLIED = new Set(['float64', 'int64', 'complex128', 'bool']);

export function repr(t, name = 'tensor') {
  const prefix = `${name}(`;
  const summarize = t.size > options.threshold;
  let body;
  if (t.size === 0) body = '[]';
  else {
    const nested = shown(t, summarize);
    const fmt = formatter(leaves(nested, t.ndim), t.dtype, t.ndim === 0);
    body = formatArray(nested, t.ndim, fmt, options.linewidth - 1, ' '.repeat(prefix.length + 1));
  }
  const extras = [];
  if ((t.size === 0 && !(t.ndim === 1)) || summarize)
    extras.push(`shape=(${t.shape.join(', ')}${t.ndim === 1 ? ',' : ''})`);
  if (!IMPLIED.has(t.dtype) || t.size === 0) extras.push(`dtype=${t.dtype}`);
  if (!extras.length) return `${prefix}${body})`;
  const head = `${prefix}${body},`,
    extra = `${extras.join(', ')})`;
  const lastLine = head.length - (head.lastIndexOf('\n') + 1);
  return head + (lastLine + extra.length + 1 > options.linewidth ? '\n' + ' '.repeat(prefix.length) : ' ') + extra;
}
