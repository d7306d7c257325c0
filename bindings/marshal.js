// Declarative argument marshalling: an op declared as its C function plus one
// spec per JS argument (engine.js holds the scratch slots the specs fill).
import { WtError } from './errors.js';
import { typeName, bigScalar } from './engine.js';

// A spec is 'kind name' or 'kind name=default'.  Kinds expand to C arguments:
//   tensor -> handle         shape -> ndim, int64*      axes -> count, int*  (null -> 0, NULL)
//   int -> int32             i64 -> int64 (BigInt)       f64 -> double        bool -> 0/1
//   str -> char*             dtype -> code              scalar -> double (a number or boolean)
const KINDS = {
  tensor: (e, v, what) => [e.handle(v, what)],
  shape: (e, v, what, call) => e.ints(v, what, e.shapeSlots[call.shapes++], true),
  axes: (e, v, what) => (v === undefined || v === null ? [0, 0] : e.ints(v, what, e.axesSlot, false)),
  int: (e, v, what) => {
    if (!Number.isInteger(v) || v < -(2 ** 31) || v >= 2 ** 31)
      throw new WtError('WT_EINVAL', `${what} must be an integer, got ${typeName(v)}`);
    return [v];
  },
  i64: (e, v, what) => {
    if (!Number.isSafeInteger(v)) throw new WtError('WT_EINVAL', `${what} must be an integer, got ${typeName(v)}`);
    return [BigInt(v)];
  },
  f64: (e, v, what) => {
    if (typeof v !== 'number') throw new WtError('WT_EINVAL', `${what} must be a number, got ${typeName(v)}`);
    return [v];
  },
  scalar: (e, v, what) => {
    if (typeof v === 'boolean') return [v ? 1 : 0];
    if (typeof v === 'bigint') return [bigScalar(v, what)];
    if (typeof v !== 'number')
      throw new WtError('WT_EINVAL', `${what} must be a number or a boolean, got ${typeName(v)}`);
    return [v];
  },
  bool: (e, v) => [v ? 1 : 0],
  str: (e, v, what, call) => {
    const [ptr, owned] = e.string(v, what);
    if (owned) call.owned.push(owned);
    return [ptr];
  },
  dtype: (e, v, what) => [e.dtypeCode(v, what)],
};

function parseSpec(spec) {
  const m = /^(\w+) (\w+)(?:=(.*))?$/.exec(spec);
  if (!m || !KINDS[m[1]]) throw new Error(`bad op spec '${spec}'`);
  const dflt = m[3] === undefined ? undefined : m[3] === 'null' ? null : /^[-\d]/.test(m[3]) ? Number(m[3]) : m[3];
  return { kind: KINDS[m[1]], name: m[2], dflt, has: m[3] !== undefined };
}

// Returns fn(...jsArgs) that calls C and returns what `result` makes of it:
// 'tensor' (a new handle through the out-pointer) or 'self' (the first arg).
export function defineOp(engine, opName, cName, specs, result = 'tensor') {
  const parsed = specs.map(parseSpec);
  const cfn = engine.ex[cName];
  if (typeof cfn !== 'function') throw new Error(`wtensor.wasm lacks ${cName}`);
  return (...args) => {
    const call = { shapes: 0, owned: [] };
    try {
      const cargs = [];
      parsed.forEach((p, i) => {
        const v = args[i] === undefined && p.has ? p.dflt : args[i];
        if (v === undefined && !p.has && p.kind !== KINDS.axes) {
          throw new WtError('WT_EINVAL', `${opName}: missing argument ${p.name}`);
        }
        cargs.push(...p.kind(engine, v, `${opName}: ${p.name}`, call));
      });
      if (result === 'tensor') cargs.push(engine.outPtr);
      engine.check(cfn(...cargs));
      return result === 'tensor' ? engine.adopt(engine.takeOut()) : args[0];
    } finally {
      for (const p of call.owned) engine.ex.wt_free(p);
    }
  };
}
