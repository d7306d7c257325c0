// The Array API's inspection object (wt.namespaceInfo()) and NumPy's
// vectorize: a JS function applied per element (a convenience; it runs in JS,
// one call per element, and is not fast).
import { asTensor, options } from './args.js';
import { declareNamespace } from './params.js';
import { WtError } from './errors.js';
import { DTYPES, MAX_DIMS } from './dtypes.js';

const KINDS = {
  bool: (d) => d === 'bool',
  'signed integer': (d) => /^int/.test(d),
  'unsigned integer': (d) => /^uint/.test(d),
  integral: (d) => /int/.test(d),
  'real floating': (d) => /^float/.test(d),
  'complex floating': (d) => /^complex/.test(d),
  numeric: (d) => d !== 'bool',
};

export function namespaceInfo() {
  const device = 'cpu';
  const check = (opts) => {
    if (opts?.device !== undefined && opts.device !== null && opts.device !== device)
      throw new WtError('WT_EINVAL', `namespaceInfo: unsupported device '${opts.device}' (wtensor has '${device}')`);
  };
  return declareNamespace(
    'namespaceInfo().',
    {
      capabilities: () => ({ 'boolean indexing': true, 'data-dependent shapes': true, 'max dimensions': MAX_DIMS }),
      defaultDevice: () => device,
      devices: () => [device],
      // wtensor's default integer and index dtype is int32 (wasm32's size_t)
      defaultDtypes: (opts) => (
        check(opts),
        { 'real floating': 'float64', 'complex floating': 'complex128', integral: 'int32', indexing: 'int32' }
      ),
      dtypes: (opts = {}) => {
        check(opts);
        const kinds =
          opts.kind === undefined || opts.kind === null ? null : Array.isArray(opts.kind) ? opts.kind : [opts.kind];
        for (const k of kinds ?? [])
          if (!KINDS[k]) throw new WtError('WT_EINVAL', `namespaceInfo: unsupported kind '${k}'`);
        return Object.fromEntries(DTYPES.filter((d) => !kinds || kinds.some((k) => KINDS[k](d))).map((d) => [d, d]));
      },
    },
    { capabilities: '', defaultDevice: '', devices: '', defaultDtypes: '{device}', dtypes: '{device, kind}' },
  );
}

// the dtype NumPy's vectorize would infer from a JS result
const dtypeOfValue = (v) =>
  typeof v === 'boolean'
    ? 'bool'
    : typeof v === 'bigint'
      ? 'int64'
      : v !== null && typeof v === 'object'
        ? 'complex128'
        : 'float64';

export function vectorize(api, fn, opts) {
  if (typeof fn !== 'function') throw new WtError('WT_EINVAL', 'vectorize: fn must be a function');
  opts = options(opts, 'vectorize');
  const wt = api.wt;
  return (...args) =>
    wt.tidy(() => {
      const ins = wt.broadcastArrays(...args.map((a) => asTensor(api, a)));
      const flat = ins.map((t) => t.reshape([-1]).toArray()),
        shape = ins.length ? ins[0].shape : [];
      const n = ins.length ? ins[0].size : 1;
      const results = [];
      for (let i = 0; i < n; i++) results.push(fn(...flat.map((v) => v[i])));
      const multi = results.length ? Array.isArray(results[0]) : false;
      const nout = multi ? results[0].length : 1;
      const outs = [...Array(nout).keys()].map((k) => {
        const vals = multi ? results.map((r) => r[k]) : results;
        const dtype = opts.otypes?.[k] ?? (vals.length ? dtypeOfValue(vals[0]) : 'float64');
        return wt.tensor(vals, { dtype }).reshape(shape);
      });
      return multi ? outs : outs[0];
    });
}
