// NumPy's loadtxt, genfromtxt and savetxt: text (a string, or bytes such as
// a fetched file) in, tensors out, and back.  Parsing, checking and
// formatting happen in C (src/text.c); JS moves the text and applies NumPy's
// ndmin and unpack to the 2-D result.
import { options, withTemp } from './args.js';
import { WtError } from './errors.js';
import { typeName } from './engine.js';
import { asBytes } from './files.js';

const encoder = new TextEncoder(),
  decoder = new TextDecoder();

// strings (null stays 0) as NUL-terminated C strings in one block: fn(pointers)
function withStrings(e, list, fn) {
  const bytes = list.map((s) => (s === null ? null : encoder.encode(s)));
  const total = bytes.reduce((n, b) => n + (b ? b.length + 1 : 0), 0);
  return withTemp(e, total, (base) => {
    let p = base;
    const ptrs = bytes.map((b) => {
      if (!b) return 0;
      e.u8.set(b, p);
      e.u8[p + b.length] = 0;
      p += b.length + 1;
      return p - b.length - 1;
    });
    return fn(ptrs);
  });
}

const textBytes = (text, name) => (typeof text === 'string' ? encoder.encode(text) : asBytes(text, name));

// comments: a marker or a list of them, as C's NUL-separated list ending with an empty one
function commentList(c, name) {
  if (c === null) return '';
  const list = Array.isArray(c) ? c : [c];
  if (list.some((m) => typeof m !== 'string' || m === '' || m.includes('\0')))
    throw new WtError('WT_EINVAL', `${name}: comments must be non-empty strings, got ${typeName(c)}`);
  return list.join('\0') + '\0';
}

function delimiterCode(d, name) {
  if (d === undefined || d === null) return -1;
  if (typeof d !== 'string' || encoder.encode(d).length !== 1)
    throw new WtError(
      'WT_EINVAL',
      `${name}: delimiter must be one ASCII character or null (whitespace), got ${typeName(d)}`,
    );
  return d.charCodeAt(0);
}

// NumPy's _ensure_ndmin_ndarray, then unpack's transpose
function shapeResult(wt, r, ndmin, unpack, name) {
  if (![0, 1, 2].includes(ndmin)) throw new WtError('WT_EINVAL', `${name}: Illegal value of ndmin keyword: ${ndmin}`);
  let t = r;
  if (t.shape[0] === 0) t = t.reshape([0]); // no data: NumPy's empty 1-D result
  if (t.ndim > ndmin) t = wt.squeeze(t);
  if (t.ndim < ndmin) t = ndmin === 1 ? t.reshape([-1]) : wt.atleast2d(t).T;
  return unpack ? t.T : t;
}

function read(api, text, opts, name, lenient) {
  opts = options(opts, name);
  const e = api.e,
    wt = api.wt;
  const dtype = e.dtypeCode(opts.dtype ?? 'float64', `${name}: dtype`);
  const uses =
    opts.usecols === undefined || opts.usecols === null
      ? []
      : Array.isArray(opts.usecols)
        ? opts.usecols
        : [opts.usecols];
  if (uses.some((c) => !Number.isInteger(c))) throw new WtError('WT_EINVAL', `${name}: usecols must be integers`);
  const skip = lenient ? (opts.skipHeader ?? 0) : (opts.skiprows ?? 0),
    max = opts.maxRows ?? -1;
  const fill = opts.fillingValues ?? (opts.dtype && !/^(float|complex)/.test(opts.dtype) ? -1 : NaN);
  const bytes = textBytes(text, name);
  return wt.tidy(() => {
    const r = withTemp(e, bytes.length, (p) => {
      e.u8.set(bytes, p);
      return withTemp(e, 4 * uses.length, (u) => {
        uses.forEach((c, k) => e.dv.setInt32(u + 4 * k, c, true));
        const comments = commentList(opts.comments === undefined ? '#' : opts.comments, name);
        return withStrings(e, [comments], ([cp]) => {
          const delim = delimiterCode(opts.delimiter, name);
          e.check(
            e.ex.wt_text_read(
              p,
              bytes.length,
              delim,
              cp,
              BigInt(skip),
              BigInt(max),
              uses.length,
              u,
              dtype,
              +lenient,
              fill,
              e.outPtr,
            ),
          );
          return e.adopt(e.takeOut());
        });
      });
    });
    return shapeResult(wt, r, opts.ndmin ?? 0, !!opts.unpack, name);
  });
}

export const loadtxt = (api, text, opts) => read(api, text, opts, 'loadtxt', false);
export const genfromtxt = (api, text, opts) => read(api, text, opts, 'genfromtxt', true);

// NumPy's savetxt, returning the text: fmt one conversion (or one per column), delimiter between values
export function savetxt(api, t, opts) {
  opts = options(opts, 'savetxt');
  const e = api.e,
    delim = opts.delimiter ?? ' ';
  let fmt = opts.fmt ?? '%.18e';
  if (Array.isArray(fmt)) fmt = fmt.join(delim);
  const strs = [fmt, delim, opts.newline ?? '\n', opts.header ?? '', opts.footer ?? '', opts.comments ?? '# '];
  strs.forEach((s) => {
    if (typeof s !== 'string')
      throw new WtError(
        'WT_EINVAL',
        `savetxt: fmt, delimiter, newline, header, footer and comments must be strings, got ${typeName(s)}`,
      );
  });
  const x = t instanceof api.wt.Tensor ? t : api.tensor(t);
  try {
    const h = e.handle(x, 'savetxt: tensor');
    return withStrings(e, strs, (p) => {
      const len = e.outPtr;
      e.dv.setUint32(len, 0, true);
      const st = e.ex.wt_text_write(h, ...p, 0, 0, len);
      const n = e.dv.getUint32(len, true);
      if (st !== 1 || (n === 0 && st)) e.check(st); // the size query answers WT_EINVAL with the size
      if (n === 0) return '';
      return withTemp(e, n, (b) => {
        e.check(e.ex.wt_text_write(h, ...p, b, n, len));
        return decoder.decode(e.u8.slice(b, b + n));
      });
    });
  } finally {
    if (x !== t) x.dispose();
  }
}
