// Named axes (ngraph's Axes) and labeled tensors (Einstein notation).
//
// A name is metadata on a JS handle: t.named(['C', 'H', 'W', 'N']) is a second
// handle on the same storage that knows its axes by name.  Elementwise ops on
// named tensors align axes by name — each operand is viewed transposed into
// the result's order, with size-1 axes where it lacks a name — and then run
// exactly as unnamed ones do; reductions and einsum accept names.  Every
// alignment is a view (C's permute and reshape), so nothing is copied.
// Labeled tensors are Einstein notation over einsum: a.label('i', 'j')
// .mul(b.label('j', 'k')) sums the repeated j.
import { declareMethods } from './params.js';
import { WtError } from './errors.js';
import { typeName } from './engine.js';

const fmt = (names) => `(${names.join(',')})`;

// a list of distinct non-empty names, one per axis of t
export function checkNames(names, ndim, what, repeats = false) {
  if (!Array.isArray(names))
    throw new WtError('WT_EINVAL', `${what}: names must be an array of strings, got ${typeName(names)}`);
  if (names.length !== ndim)
    throw new WtError('WT_EINVAL', `${what}: ${names.length} names given for a ${ndim}-d tensor`);
  names.forEach((n, i) => {
    if (typeof n !== 'string' || !n.trim() || /[\s,>]|->|\.\.\./.test(n)) {
      throw new WtError(
        'WT_EINVAL',
        `${what}: name ${i} must be a non-empty string without spaces, commas, '->' or '...', got ${typeName(n)}`,
      );
    }
    if (!repeats && names.indexOf(n) !== i) throw new WtError('WT_EINVAL', `${what}: the name '${n}' is given twice`);
  });
  return Object.freeze([...names]);
}

// a new handle on t's storage with these names (null: unnamed)
export function withNames(t, names) {
  t._names = names ? Object.freeze([...names]) : null;
  return t;
}

const isNamed = (v) => !!(v && v._names);

// Elementwise operands aligned by name: null when none is named; otherwise
// { views, names, temps } where every view has the union's axes, in the
// order they first appear (the first operand's first).
export function alignNamed(what, operands) {
  if (!operands.some(isNamed)) return null;
  const names = [],
    size = new Map();
  operands.forEach((v, k) => {
    if (v === null || typeof v !== 'object') return; // numbers and booleans broadcast as scalars
    if (!v._names) {
      if (v.ndim === 0) return;
      throw new WtError(
        'WT_EINVAL',
        `${what}: operand ${k + 1} has no axis names but another operand is named; name it with .named([...]) (a 0-d tensor or a number needs none)`,
      );
    }
    v._names.forEach((n, i) => {
      const d = v.shape[i];
      if (!names.includes(n)) names.push(n);
      const seen = size.get(n);
      if (seen && seen.d !== d && seen.d !== 1 && d !== 1) {
        throw new WtError(
          'WT_ESHAPE',
          `${what}: axis '${n}' has length ${seen.d} in operand ${seen.k + 1} and ${d} in operand ${k + 1}`,
        );
      }
      if (!seen || seen.d === 1) size.set(n, { d, k });
    });
  });
  const temps = [];
  try {
    const views = operands.map((v) => {
      if (!isNamed(v)) return v;
      // its axes in the union's order, then size 1 where it lacks a name
      const order = [...v._names].sort((a, b) => names.indexOf(a) - names.indexOf(b));
      const perm = order.map((n) => v._names.indexOf(n));
      const t = v.transpose(perm);
      temps.push(t);
      const r = t.reshape(names.map((n) => (v._names.includes(n) ? v.shape[v._names.indexOf(n)] : 1)));
      temps.push(r);
      return r;
    });
    return { views, names, temps };
  } catch (e) {
    temps.forEach((t) => t.dispose());
    throw e;
  }
}

// reduction axes given by name (or number) -> numbers, and the result's names
export function reductionAxes(what, x, axis, keepdims) {
  const byName = (a) => typeof a === 'string';
  const list = Array.isArray(axis) ? axis : [axis];
  if (!x._names) {
    if (axis !== undefined && axis !== null && list.some(byName))
      throw new WtError(
        'WT_EINVAL',
        `${what}: axis ${JSON.stringify(axis)} is a name but the tensor has no axis names`,
      );
    return { axis, names: null };
  }
  if (axis === undefined || axis === null) return { axis, names: keepdims ? x._names : [] };
  const nums = list.map((a) => {
    if (!byName(a)) return a;
    const i = x._names.indexOf(a);
    if (i < 0) throw new WtError('WT_EINVAL', `${what}: no axis named '${a}' in ${fmt(x._names)}`);
    return i;
  });
  const gone = new Set(nums.map((a) => (Number.isInteger(a) && a < 0 ? a + x.ndim : a)));
  const names = keepdims ? x._names : x._names.filter((_, i) => !gone.has(i));
  return { axis: Array.isArray(axis) ? nums : nums[0], names };
}

// ---- einsum with names ----------------------------------------------------------

const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

// einsum letters for words (names or labels), in order of first use; '...'
// stays itself.  code.known(w): w has a letter already
function letterer(what, kind) {
  const letter = new Map();
  const code = (w) => {
    if (w === '...') return '...';
    if (!letter.has(w)) {
      if (letter.size === LETTERS.length)
        throw new WtError('WT_EINVAL', `${what}: more than ${LETTERS.length} distinct ${kind}`);
      letter.set(w, LETTERS[letter.size]);
    }
    return letter.get(w);
  };
  code.known = (w) => letter.has(w);
  code.words = () => [...letter.keys()];
  return code;
}

// the names of a term in a named equation: '...' is one of its own, glued or not
const words = (term) =>
  term
    .replace(/\.\.\./g, ' ... ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);

// A named equation ('C H W N, W K -> C H K N': each axis a space-separated
// name) as NumPy letters, operands aligned to their terms by name:
// { equation, operands, outNames, temps }
export function translateEquation(eq, operands, what = 'einsumNamed') {
  if (typeof eq !== 'string')
    throw new WtError('WT_EINVAL', `${what}: the equation must be a string, got ${typeName(eq)}`);
  const [lhs, rhs] = eq.split('->');
  if (eq.split('->').length > 2) throw new WtError('WT_ESYNTAX', `${what}: '${eq}' has more than one '->'`);
  const terms = lhs.split(',').map(words);
  const code = letterer(what, 'axis names');
  const temps = [];
  try {
    const aligned = operands.map((v, k) => {
      const words = terms[k];
      if (!words || !v || !v._names) return v;
      // a named operand is transposed so its axes follow its term
      const missing = words.filter((w) => w !== '...' && !v._names.includes(w));
      const repeated = new Set(words).size !== words.length; // a diagonal: no order of names to align to
      if (words.includes('...') || missing.length || repeated || words.length !== v._names.length) {
        throw new WtError(
          'WT_EINVAL',
          `${what}: operand ${k + 1} is named ${fmt(v._names)} but its term is '${words.join(' ')}'`,
        );
      }
      const t = v.transpose(words.map((w) => v._names.indexOf(w)));
      temps.push(t);
      return t;
    });
    const lhsCodes = terms.map((ws) => ws.map(code).join('')).join(',');
    let outWords;
    if (rhs === undefined) {
      // implicit, as NumPy: '...' first, then the names used once, sorted
      const all = terms.flat().filter((w) => w !== '...');
      outWords = [
        ...(terms.flat().includes('...') ? ['...'] : []),
        ...[...new Set(all)].filter((w) => all.indexOf(w) === all.lastIndexOf(w)).sort(),
      ];
    } else {
      outWords = words(rhs);
    }
    for (const w of outWords)
      if (w !== '...' && !code.known(w))
        throw new WtError('WT_EINVAL', `${what}: output name '${w}' appears in no operand of '${eq}'`);
    const outNames = outWords.includes('...') ? null : outWords;
    return { equation: `${lhsCodes}->${outWords.map(code).join('')}`, operands: aligned, outNames, temps };
  } catch (e) {
    temps.forEach((t) => t.dispose());
    throw e;
  }
}

// ---- labeled tensors (Einstein notation) -------------------------------------------

// t.label('i', 'j'): t with one label per axis, for products that sum repeated labels
export class Labeled {
  constructor(wt, tensor, labels) {
    this._wt = wt;
    this.tensor = tensor;
    this.labels = Object.freeze(labels);
  }

  // the Einstein product with the others: repeated labels are summed, the
  // rest kept in order of first appearance
  mul(...others) {
    others.forEach((o, k) => {
      if (!(o instanceof Labeled))
        throw new WtError(
          'WT_EINVAL',
          `label.mul: operand ${k + 1} must be a labeled tensor (t.label(...)), got ${typeName(o)}`,
        );
    });
    return contract(this._wt, [this, ...others]);
  }

  // sums the labels repeated within this tensor: a.label('i', 'i').trace() is a_ii
  trace() {
    return contract(this._wt, [this]);
  }

  // the same values with the labels in this order (a transpose by label)
  to(...labels) {
    checkNames(labels, labels.length, 'label.to');
    return einsumLabeled(this._wt, [this], labels);
  }
}

// the parameters of a labeled tensor's methods (params.js)
declareMethods('Labeled.', Labeled.prototype, { mul: '...others', trace: '', to: '...labels' });

function contract(wt, list) {
  const all = list.flatMap((l) => l.labels);
  return einsumLabeled(
    wt,
    list,
    [...new Set(all)].filter((w) => all.indexOf(w) === all.lastIndexOf(w)),
  );
}

// einsum over labeled tensors, labels given letters here: any strings work as
// labels, and the tensors' own axis names (if any) play no part
function einsumLabeled(wt, list, out) {
  const code = letterer('label', 'labels');
  const lhs = list.map((l) => l.labels.map(code).join('')).join(',');
  for (const w of out)
    if (!code.known(w))
      throw new WtError('WT_EINVAL', `label.to: '${w}' is not one of the labels (${code.words().join(',')})`);
  const eq = `${lhs}->${out.map(code).join('')}`;
  const plain = list.map((l) => (l.tensor._names ? l.tensor.reshape([...l.tensor.shape]) : l.tensor));
  try {
    return new Labeled(wt, withNames(wt.einsum(eq, ...plain), null), out);
  } finally {
    plain.forEach((t, k) => {
      if (t !== list[k].tensor) t.dispose();
    });
  }
}

export function label(wt, t, labels) {
  if (!t || typeof t.ndim !== 'number') throw new WtError('WT_EINVAL', `label: expected a Tensor, got ${typeName(t)}`);
  return new Labeled(wt, t, checkNames(labels, t.ndim, 'label', true)); // a repeated label is a trace
}

// wt.ein`ij,jk->ik`(a, b): einsum from a template (or a plain string)
export function ein(wt, strings, ...values) {
  let eq;
  if (typeof strings === 'string') eq = strings;
  else if (Array.isArray(strings) && Array.isArray(strings.raw) && strings.every((s) => typeof s === 'string')) {
    eq = strings.reduce((acc, s, i) => acc + (i ? formatValue(values[i - 1]) : '') + s, '');
  } else
    throw new WtError(
      'WT_EINVAL',
      `ein: use it as a template tag (wt.ein\`ij,jk->ik\`) or with an equation string, got ${typeName(strings)}`,
    );
  const fn = (...operands) => wt.einsum(eq, ...operands);
  fn.equation = eq;
  fn.path = (...shapes) => wt.einsumPath(eq, ...shapes);
  return fn;
}

function formatValue(v) {
  if (typeof v === 'string' || typeof v === 'number') return String(v);
  throw new WtError('WT_EINVAL', `ein: a template value must be a string or a number, got ${typeName(v)}`);
}

// views whose axes are the input's, rearranged: where each name goes
const axisOf = (x, a) => (a < 0 ? a + x.ndim : a);
export const axisNames = {
  transpose: (x, [axes]) =>
    axes === undefined || axes === null ? [...x._names].reverse() : Array.from(axes, (a) => x._names[axisOf(x, a)]),
  swapaxes: (x, [a, b]) => {
    const n = [...x._names];
    [n[axisOf(x, a)], n[axisOf(x, b)]] = [n[axisOf(x, b)], n[axisOf(x, a)]];
    return n;
  },
  squeeze: (x, [axis]) => {
    const gone =
      axis === undefined || axis === null
        ? x.shape.map((d, i) => (d === 1 ? i : -1))
        : [axis].flat().map((a) => axisOf(x, a));
    return x._names.filter((_, i) => !gone.includes(i));
  },
};
