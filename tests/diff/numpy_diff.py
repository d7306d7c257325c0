#!/usr/bin/env python3
"""Random programs for the differential test, with NumPy 2's results.

  .venv/bin/python tests/diff/numpy_diff.py SEED COUNT  >  JSON on stdout

Each program makes a few tensors (random dtypes and shapes: 0-d, size 0,
size 1, limits, NaN/inf/-0) and runs steps on them: view chains (slices with
negative steps, transposes, broadcasts, diagonals, reshapes), ufuncs with
weak scalars at and beyond dtype limits, reductions, matmul and einsum,
assign, astype and out= (with casting, and overlapping its inputs).  NumPy 2
runs the program here; tests/diff/runner.mjs runs it with wtensor and
compares every value at the end (views see every write, in both).

The expected results are NumPy's, adjusted only by the deliberate differences
README.md lists under "Differences from NumPy" (see wt_dialect below).
"""
import json
import math
import sys
import warnings

import numpy as np

assert int(np.__version__.split('.')[0]) >= 2, f'NumPy 2 is the reference, this is {np.__version__}'
warnings.simplefilter('ignore')

DTYPES = ['bool', 'int8', 'uint8', 'int16', 'uint16', 'int32', 'uint32', 'int64', 'uint64', 'float16', 'float32',
          'float64', 'complex64', 'complex128']
INTS = ['int8', 'uint8', 'int16', 'uint16', 'int32', 'uint32', 'int64', 'uint64']
BINARY = ['add', 'subtract', 'multiply', 'divide', 'floor_divide', 'remainder', 'power', 'maximum', 'minimum',
          'equal', 'not_equal', 'less', 'less_equal', 'greater', 'greater_equal', 'logical_and', 'logical_or',
          'logical_xor', 'fmax', 'fmin', 'copysign', 'fmod', 'heaviside', 'nextafter', 'bitwise_and', 'bitwise_or',
          'bitwise_xor', 'left_shift', 'right_shift', 'arctan2', 'hypot', 'logaddexp', 'logaddexp2']
BINARY_FLOAT = ['arctan2', 'hypot', 'logaddexp', 'logaddexp2']   # libm's, rounded differently for float32
UNARY_EXACT = ['negative', 'absolute', 'sign', 'square', 'floor', 'ceil', 'trunc', 'rint', 'positive', 'invert',
               'deg2rad', 'rad2deg', 'round', 'logical_not', 'isnan', 'isfinite', 'isinf', 'signbit']
UNARY_OUT = [op for op in UNARY_EXACT if op not in ('round', 'logical_not', 'isnan', 'isfinite', 'isinf', 'signbit')]
UNARY_FLOAT = ['exp', 'log', 'sqrt', 'sin', 'cos', 'tanh', 'expm1', 'log1p', 'arctan', 'exp2', 'cbrt']
REDUCTIONS = ['sum', 'prod', 'max', 'min', 'mean', 'any', 'all', 'argmax', 'argmin']
# weak scalars: ordinary values and the limits of every integer dtype, and one past them
WEAK = [0, 1, -1, 2, 3, 2.5, -0.5, 1e-3, 127, 128, -128, -129, 255, 256, 32767, 32768, -32769, 65535, 65536,
        2 ** 31 - 1, 2 ** 31, -2 ** 31, -2 ** 31 - 1, 2 ** 32 - 1, 2 ** 32, 1e10, 2 ** 53, -2 ** 53, 2.0 ** 63,
        1e19, 1e40, float('nan'), float('inf'), float('-inf'), True, False, 1j, 2.5 - 1j, complex(0, -0.0),
        2 ** 53 + 1, -2 ** 60 - 3, 2 ** 62 + 1, 2 ** 63 - 1, -2 ** 63, 2 ** 63, 2 ** 64 - 1]  # Python ints no double holds
# complex results of these ops agree only within rounding: NumPy multiplies with FMA on x86, and
# hypot, atan2 and libm's complex functions are not correctly rounded
COMPLEX_EXACT = {'add', 'subtract', 'negative', 'equal', 'not_equal', 'less', 'less_equal', 'greater',
                 'greater_equal', 'logical_and', 'logical_or', 'logical_xor', 'logical_not', 'isnan', 'isfinite',
                 'maximum', 'minimum', 'where', 'clip', 'round', 'conjugate', 'fmax', 'fmin', 'isinf', 'positive',
                 'rint'}
ERRORS = {  # NumPy's exception -> the wtensor codes that mean the same
    'OverflowError': ['WT_EDTYPE'],
    'TypeError': ['WT_EDTYPE'],
    'UFuncTypeError': ['WT_EDTYPE'],
    'AxisError': ['WT_EINVAL', 'WT_EINDEX'],
    'IndexError': ['WT_EINDEX', 'WT_EINVAL'],
    'ValueError': ['WT_ESHAPE', 'WT_EINVAL', 'WT_EREADONLY', 'WT_EINDEX'],
}


class Unsupported(Exception):
    """A step wtensor's default int32 cannot do (a Python int beyond int32 where only Python ints
    choose the dtype): the program ends with a WT_EDTYPE, or with the error NumPy raises for the
    same step (codes), which wtensor may find first."""

    def __init__(self, msg, codes=()):
        super().__init__(msg)
        self.codes = list(codes)


# ---- encoding ------------------------------------------------------------------------------

def enc(x):
    x = x.item() if hasattr(x, 'item') else x
    if isinstance(x, complex):  # {re, im}, as wtensor's toArray gives it
        return {'re': enc(x.real), 'im': enc(x.imag)}
    if isinstance(x, bool):
        return int(x)
    if isinstance(x, int) and abs(x) > 2 ** 53:
        return f'{x}n'  # exact: a JS bigint
    if isinstance(x, float):
        if math.isnan(x):
            return 'nan'
        if math.isinf(x):
            return 'inf' if x > 0 else '-inf'
        if x == 0 and math.copysign(1, x) < 0:
            return '-0'
        if x.is_integer() and abs(x) < 2 ** 53:
            return int(x)
    return x


def enc_num(x):
    return x if isinstance(x, bool) else enc(x)


def enc_step(s):
    s = dict(s)
    if s['k'] == 'input':
        s['data'] = [enc(v) for v in s['data']]
    for key in ('args',):
        if key in s and s['k'] == 'ufunc':
            s[key] = [{'num': enc_num(a['num'])} if 'num' in a else a for a in s[key]]
    if s['k'] == 'assign' and 'num' in s['src']:
        s['src'] = {'num': enc_num(s['src']['num'])}
    if s['k'] == 'setitem' and 'num' in s['value']:
        s['value'] = {'num': enc_num(s['value']['num'])}
    return s


def enc_array(a):
    return {'dtype': a.dtype.name, 'shape': list(a.shape), 'data': [enc(v) for v in a.ravel().tolist()]}


def weak_value(v):
    """A JS number as NEP 50 sees it: integral numbers are Python ints (-0 is 0)."""
    if isinstance(v, bool):
        return v
    if isinstance(v, float) and math.isfinite(v) and v.is_integer() and abs(v) <= 2 ** 53:
        return int(v)
    return v


# ---- the generator ---------------------------------------------------------------------------

class Gen:
    def __init__(self, rng):
        self.r = rng

    def pick(self, xs):
        return xs[int(self.r.integers(len(xs)))]

    def chance(self, p):
        return self.r.random() < p

    def shape(self):
        nd = self.pick([0, 1, 1, 2, 2, 2, 3])
        return [self.pick([0, 1, 2, 3, 3, 4]) if self.chance(0.08) else self.pick([1, 2, 3, 4]) for _ in range(nd)]

    def data(self, dtype, n):
        r = self.r
        if dtype == 'bool':
            return [bool(v) for v in r.integers(0, 2, n)]
        if dtype in INTS:
            info = np.iinfo(dtype)
            out = []
            for _ in range(n):
                if self.chance(0.15):
                    out.append(int(self.pick([info.min, info.max, info.min + 1, info.max - 1, 0])))
                else:
                    lo, hi = max(info.min, -20), min(info.max, 20)
                    out.append(int(r.integers(lo, hi + 1)))
            return out
        if dtype.startswith('complex'):
            return [complex(a, b) for a, b in zip(self.data('float64', n), self.data('float64', n))]
        out = []
        for _ in range(n):
            if self.chance(0.1):
                out.append(self.pick([float('nan'), float('inf'), float('-inf'), -0.0, 0.0]))
            elif self.chance(0.3):
                out.append(float(r.integers(-6, 7)) / 2)
            else:
                out.append(float(np.round(r.normal() * 4, 3)))
        return out

    def tensor_step(self):
        dtype = self.pick(DTYPES)
        shape = self.shape()
        return {'k': 'input', 'dtype': dtype, 'shape': shape, 'data': self.data(dtype, int(np.prod(shape)))}

    def slice_spec(self, shape):
        items = []
        for d in shape:
            c = self.r.random()
            if c < 0.15 and d > 0:
                items.append(str(int(self.r.integers(-d, d))))
            elif c < 0.6:
                start = self.pick(['', '0', '1', '-1', '2', '-2'])
                stop = self.pick(['', '', '-1', '3', '1', '-3', '10'])
                step = self.pick(['', '', '-1', '2', '-2'])
                items.append(f'{start}:{stop}' + (f':{step}' if step else ''))
            else:
                items.append(':')
            if self.chance(0.08):
                items.append('None')
        if items and self.chance(0.15):
            items[int(self.r.integers(len(items)))] = '...'
        if self.chance(0.03) and shape:
            items.append('0')  # too many indices, or out of range: an error
        return ', '.join(items)


    def index_items(self, shape):
        """a random advanced index for shape (wtensor's t.get items): integers, slices, '...', None,
        integer arrays (broadcasting, now and then not) and masks, now and then out of range"""
        items, d, nd = [], 0, len(shape)
        b = self.pick([(2,), (3,), (2, 1), (1, 2), ()])
        ell = False
        while d < nd and self.chance(0.8):
            n, c = shape[d], self.r.random()
            if c < 0.2:
                items.append({'i': int(self.r.integers(-n, n + self.chance(0.05))) if n else 0})
                d += 1
            elif c < 0.4:
                step = self.pick(['', '', ':-1', ':2', ':-2'])
                items.append({'s': self.pick(['', '0', '1', '-1', '-2']) + ':' + self.pick(['', '', '-1', '2', '9']) + step})
                d += 1
            elif c < 0.75:
                sh = list(b[int(self.r.integers(0, len(b) + 1)):]) if not self.chance(0.05) else [4]
                dt = self.pick(['int32', 'int64', 'int8', 'uint16'])
                lo = 0 if dt[0] == 'u' else -n
                vals = self.r.integers(lo, max(n + self.chance(0.03), lo + 1), int(np.prod(sh))) if n else \
                    np.zeros(int(np.prod(sh)), int)
                items.append({'a': {'dtype': dt, 'shape': sh, 'data': [int(v) for v in vals]}})
                d += 1
            elif c < 0.85:
                k = int(self.r.integers(1, nd - d + 1))
                sh = list(shape[d:d + k])
                items.append({'a': {'dtype': 'bool', 'shape': sh, 'data': [bool(v) for v in self.r.random(
                    int(np.prod(sh))) < 0.5]}})
                d += k
            elif not ell:
                items.append({'e': 1})
                ell = True
                d = max(d, nd - int(self.r.integers(0, nd - d + 1)))
            else:
                items.append({'n': 1})
        if not any('a' in it for it in items):
            items.append({'a': {'dtype': 'int32', 'shape': [1], 'data': [0]}})
        return items


def np_index(items):
    """NumPy's index tuple for index_items' items"""
    out = []
    for it in items:
        if 'i' in it:
            out.append(it['i'])
        elif 's' in it:
            sub = eval('np.s_[' + it['s'] + ']', {'np': np})
            out.extend(sub if isinstance(sub, tuple) else (sub,))
        elif 'a' in it:
            a = it['a']
            out.append(np.array(a['data'], dtype=a['dtype']).reshape(a['shape']))
        else:
            out.append(Ellipsis if 'e' in it else None)
    return tuple(out)


def broadcastable(a, b):
    for x, y in zip(reversed(a), reversed(b)):
        if x != y and x != 1 and y != 1:
            return False
    return True


class Program:
    """Generates a program step by step, running each in NumPy to know the shapes it has."""

    def __init__(self, g):
        self.g = g
        self.steps = []
        self.vals = []     # NumPy arrays (None: a step without a value)
        self.base = []     # value -> storage id (views share it)
        self.ro = []       # None, or why NumPy refuses writes: 'bcast' (wtensor too) or 'diag' (wtensor allows)
        self.state = {}    # storage id -> 'exact' | 'loose' | 'skip'
        self.error = None

    # values the next step may use
    def live(self, pred=lambda a: True):
        return [i for i, v in enumerate(self.vals) if v is not None and pred(v)]

    def add_value(self, arr, base=None, state='exact', ro=None):
        self.vals.append(arr)
        if base is None:
            base = len(self.state)
            self.state[base] = state
        self.base.append(base)
        self.ro.append(ro)

    def taint(self, i, state):
        b = self.base[i]
        rank = {'exact': 0, 'loose': 1, 'skip': 2}
        if rank[state] > rank[self.state[b]]:
            self.state[b] = state

    def state_of(self, refs):
        rank = {'exact': 0, 'loose': 1, 'skip': 2}
        s = 'exact'
        for i in refs:
            t = self.state[self.base[i]]
            if rank[t] > rank[s]:
                s = t
        return s


def value_state(p, refs, result, inexact):
    """exact: equal values; loose: floats within a tolerance (an inexact op of exact values: sums in
    another order, libm); skip: not compared (anything computed from inexact values, whose error an
    op may amplify without bound)."""
    s = p.state_of(refs)
    if s != 'exact':
        return 'skip'
    if inexact:
        return 'skip' if result is not None and result.dtype.kind in 'biu' else 'loose'
    return 'exact'



def cast_unspecified(src, dtype):
    """float (or complex's real part) -> integer of NaN, infinities or values beyond the integer:
    undefined in C and NumPy"""
    if np.dtype(dtype).kind not in 'iub' or np.dtype(dtype).kind == 'b' or src.dtype.kind not in 'fc':
        return False
    info = np.iinfo(dtype)
    with np.errstate(all='ignore'):
        t = np.trunc(src.real.astype(np.float64))
    # max + 1 as a float is exact (2^63 for int64); max itself would round up to it
    return bool(np.any(~np.isfinite(t)) or np.any(t < info.min) or np.any(t >= float(info.max + 1)))


def einsum(eq, xs):
    """NumPy's einsum, unplanned (the planned one, optimize=True, gets size-1 broadcasting of bool and
    integer operands wrong: 'i,ij->j' of (2,) and (1,2)).  Where the unplanned one refuses an explicit
    output without '...' whose operands have ellipsis axes ('...j->j' of a 2-d operand), the planned
    one sums them, as wtensor's does; where it takes a repeated label of sizes 0 and n ('ii->i' of
    (0, 2)), the planned one refuses, as wtensor does."""
    lhs = eq.replace(' ', '').split('->')[0].split(',')
    for term, x in zip(lhs, xs):
        if '.' not in term and len(term) == x.ndim:
            for c in set(term):
                sizes = {x.shape[i] for i, t in enumerate(term) if t == c}
                if len(sizes) > 1:  # NumPy takes (0, 1) for 'ii', giving a diagonal of length 1
                    raise ValueError(f'label {c} is repeated with sizes {sorted(sizes)}')
    try:
        r = np.einsum(eq, *xs)
    except ValueError as e:
        if "no '...' ellipsis provided" not in str(e):
            raise
        return np.einsum(eq, *xs, optimize=True)
    np.einsum(eq, *xs, optimize=True)  # for its checks
    return r


def values(p, args):
    """a step's operands: NumPy arrays, and weak scalars as NEP 50 sees them"""
    return [p.vals[a['ref']] if 'ref' in a else weak_value(a['num']) for a in args]


def int32_default_overflow(p, s):
    """an op whose dtype only Python ints and bools choose (NumPy: int64, wtensor: int32) with a
    Python int beyond int32: wtensor's WT_EDTYPE, which it may find before NumPy's own error"""
    if s['op'] in ('equal', 'not_equal', 'less', 'less_equal', 'greater', 'greater_equal', 'logical_and',
                   'logical_or', 'logical_xor'):
        return False
    xs = values(p, s['args'][s['op'] == 'where':])
    if any(isinstance(x, np.ndarray) and x.dtype.name != 'bool' for x in xs):
        return False
    return any(isinstance(x, int) and not isinstance(x, bool) and not -2 ** 31 <= x < 2 ** 31 for x in xs)


def c_order(r):
    """wtensor's new results are C-contiguous; NumPy's keep their inputs' memory order (order='K'),
    which decides whether a later ravel or reshape is a view"""
    return r.copy(order='C')


def wt_int(result, xs, what):
    """wtensor's default integer is int32: where only Python ints (and bools) made NumPy's result
    int64, wtensor's is int32 (wrapping as int32 arithmetic does), and a Python int beyond int32 is
    an error"""
    if result.dtype.name != 'int64':
        return result
    tensors = [x.dtype.name for x in xs if isinstance(x, np.ndarray)]
    if all(t == 'bool' for t in tensors):
        for k, w in enumerate(xs):
            if isinstance(w, int) and not isinstance(w, bool) and not -2 ** 31 <= w < 2 ** 31:
                raise OverflowError(f'{what}: the integer {w} is out of bounds for int32')
        return result.astype(np.int32)
    return result


def run_ufunc(p, op, args, out, casting):
    xs = values(p, args)
    promoted = xs[1:] if op == 'where' else xs  # where's condition takes no part in the dtype
    fn = np.round if op == 'round' else getattr(np, op)  # wtensor's round is np.round: integers stay
    inexact = op in UNARY_FLOAT or op in BINARY_FLOAT or (op == 'power' and any(isinstance(x, float) or isinstance(x, np.ndarray) and x.dtype.kind == 'f' for x in xs))
    inexact |= op not in COMPLEX_EXACT and any(
        isinstance(x, complex) or isinstance(x, np.ndarray) and x.dtype.kind == 'c' for x in xs)
    kw = {}
    if out is not None:
        kw['out'] = p.vals[out]
        if casting:
            kw['casting'] = casting
    with np.errstate(all='ignore'):
        if out is None:
            r = np.asarray(fn(*xs))
            r = wt_int(r, promoted, op)
            if op in ('floor_divide', 'remainder', 'power') and r.dtype.kind == 'f':
                inexact = True  # libm's pow of integers promoted to float64 (uint64 with int32) too
            return r, inexact
        # into out: NumPy itself, unless wtensor's result dtype differs (int32 for NumPy's int64)
        dst = p.vals[out]
        plain = np.asarray(fn(*xs))
        wt_plain = wt_int(plain, promoted, op)
        if op in ('floor_divide', 'remainder', 'power') and plain.dtype.kind == 'f':
            inexact = True
        if cast_unspecified(wt_plain, dst.dtype):
            p.taint(out, 'skip')
        if wt_plain.dtype == plain.dtype:
            fn(*xs, **kw)
            return None, inexact
        rule = casting or 'same_kind'
        for x in promoted:  # NumPy's casting= covers the inputs too
            if isinstance(x, np.ndarray) and not np.can_cast(x.dtype, wt_plain.dtype, rule):
                raise TypeError(f'cannot cast input {x.dtype} to {wt_plain.dtype} under {rule}')
        if not np.can_cast(wt_plain.dtype, dst.dtype, rule):
            raise TypeError(f'cannot cast {wt_plain.dtype} to {dst.dtype} under {rule}')
        tmp = np.empty(dst.shape, plain.dtype)
        fn(*xs, out=tmp)  # NumPy's rules for out's shape (no broadcasting into it, no axes dropped)
        np.copyto(dst, wt_int(tmp, promoted, op), casting='unsafe')
        return None, inexact


def view_dtype(p, src, x, d):
    """x.view(d) with wtensor's documented rules: no view as bool of another dtype; of another itemsize,
    the last axis contiguous and the other strides and the offset multiples of the new itemsize"""
    if d == np.bool_ and x.dtype != np.bool_:
        raise TypeError('wtensor views no other dtype as bool')
    if p.state_of([src]) != 'exact':
        raise Skip  # values NumPy and wtensor may round differently: their bits are not compared
    if x.size == 0 or (x.dtype == np.bool_ and d != np.bool_):
        raise Skip  # an empty view's offset is NumPy's choice; bool bytes written as integers need not be 0 or 1
    if x.dtype.kind in 'fc' and (d.kind != x.dtype.kind or d.itemsize != x.itemsize) and (np.isnan(x) | (x.real == 0) | (x.imag == 0)).any():
        raise Skip  # the bits of NaN (the CPU's default NaN, wasm's canonical one) and of zero's sign may differ
    so, sn = x.itemsize, d.itemsize
    if so != sn:
        root = p.vals[p.base.index(p.base[src])]  # the storage's first value: its start
        off = x.__array_interface__['data'][0] - root.__array_interface__['data'][0]
        last = x.ndim - 1
        if (last < 0 or (x.shape[last] > 1 and x.strides[last] != so) or x.shape[last] * so % sn or off % sn
                or any(x.shape[i] > 1 and x.strides[i] % sn for i in range(last))):
            raise ValueError('wtensor: a view of another itemsize needs aligned strides and offset')
    return x.view(d)


class Skip(Exception):
    """a step the generator does not keep (a documented difference, or nothing to do)"""


def is_int(v):
    return isinstance(v, np.ndarray) and v.dtype.kind in 'biu' or isinstance(v, (int, bool))


def negative_int_power(p, args):
    x, y = values(p, args)
    if not (is_int(x) and is_int(y)):
        return False
    return bool(np.any(np.asarray(y) < 0))


def through_shape(shape, through):
    return list(shape) if through is None or through == 'reversed' else through


def through_view(x, through):
    """the view a reduction step reads: x, reversed along every axis, or broadcast to a shape"""
    if through is None:
        return x
    return x[(slice(None, None, -1),) * x.ndim] if through == 'reversed' else np.broadcast_to(x, through)


def gen_step(p):
    """one random step: (step dict, NumPy's result, value state) or raises"""
    g = p.g
    live = p.live()
    kind = g.pick(['view'] * 4 + ['ufunc'] * 6 + ['reduce'] * 3 + ['product'] * 2 + ['assign'] * 2 +
                  ['astype', 'input', 'out'] + ['out'] + ['getitem'] * 2 + ['setitem'])
    if kind == 'input' or not live:
        s = g.tensor_step()
        return s
    src = g.pick(live)
    x = p.vals[src]
    if kind == 'view':
        fn = g.pick(['slice', 'slice', 'transpose', 'broadcast_to', 'diagonal', 'reshape', 'squeeze', 'expand_dims',
                     'swapaxes', 'ravel', 'view_dtype'])
        s = {'k': 'view', 'fn': fn, 'src': src}
        nd = x.ndim
        if fn == 'slice':
            s['spec'] = g.slice_spec(list(x.shape))
        elif fn == 'transpose':
            s['axes'] = None if g.chance(0.4) else [int(a) for a in g.r.permutation(nd)]
        elif fn == 'broadcast_to':
            s['shape'] = [g.pick([1, 2, 3])] * int(g.r.integers(0, 2)) + [
                g.pick([d, d, 3]) if d == 1 else d for d in x.shape]
        elif fn == 'diagonal':
            if nd < 2 and not g.chance(0.1):
                raise Skip
            s['offset'] = int(g.pick([0, 0, 1, -1, 2]))
            s['axis1'], s['axis2'] = (0, 1) if nd < 2 else [int(a) for a in g.r.permutation(nd)[:2]]
        elif fn == 'reshape':
            n = x.size
            cands = [[n], [-1], [1, n], [n, 1]] + ([[2, n // 2], [-1, 2]] if n % 2 == 0 and n else []) + [[n + 1]]
            s['shape'] = g.pick(cands)
        elif fn == 'squeeze':
            ones = [i for i, d in enumerate(x.shape) if d == 1]
            s['axis'] = None if not ones or g.chance(0.5) else g.pick(ones)
        elif fn == 'expand_dims':
            s['axis'] = int(g.r.integers(-nd - 1, nd + 1))
        elif fn == 'swapaxes':
            if nd < 1:
                raise Skip
            s['axis1'], s['axis2'] = int(g.r.integers(-nd, nd)), int(g.r.integers(-nd, nd))
        elif fn == 'view_dtype':
            s['dtype'] = g.pick(DTYPES)
        return s
    if kind == 'ufunc':
        arity = g.pick([1, 2, 2, 2, 3])
        if arity == 1:
            op = g.pick(UNARY_EXACT + UNARY_FLOAT)
            return {'k': 'ufunc', 'op': op, 'args': [{'ref': src}]}
        if arity == 2:
            op = g.pick(BINARY)
            return {'k': 'ufunc', 'op': op, 'args': [{'ref': src}, operand(p, x.shape)]}
        op = g.pick(['where', 'clip'])
        args = [{'ref': src}, operand(p, x.shape), operand(p, x.shape)]
        if op == 'clip' and g.chance(0.5):
            args[1], args[2] = {'num': g.pick(WEAK[:20])}, {'num': g.pick(WEAK[:26])}
        return {'k': 'ufunc', 'op': op, 'args': args}
    if kind == 'out':
        # an op written into an existing value; its operands broadcast to it, and one is often
        # the destination itself or a view of the same storage
        dst = g.pick(live)
        shape = p.vals[dst].shape
        fits = p.live(lambda a: broadcastable(a.shape, shape) and len(a.shape) <= len(shape))
        if fits and not g.chance(0.1):
            src = g.pick(fits)
        op = g.pick(BINARY + UNARY_OUT)  # np.round's out= is not a ufunc's
        args = [{'ref': src}] if op in UNARY_EXACT else [{'ref': src}, operand(p, shape)]
        if g.chance(0.3):
            args[0] = {'ref': dst}
        return {'k': 'ufunc', 'op': op, 'args': args, 'out': dst,
                'casting': g.pick([None, None, None, 'unsafe', 'safe', 'no'])}
    if kind == 'reduce':
        op = g.pick(REDUCTIONS)
        nd = x.ndim
        c = g.r.random()
        if op in ('argmax', 'argmin'):
            axis = None if c < 0.4 or nd == 0 else int(g.r.integers(-nd, nd))
        elif c < 0.35 or nd == 0:
            axis = None
        elif c < 0.75:
            axis = int(g.r.integers(-nd, nd))
        else:
            axis = sorted({int(a) for a in g.r.integers(0, nd, int(g.r.integers(1, nd + 1)))})
        s = {'k': 'reduce', 'op': op, 'src': src, 'axis': axis, 'keepdims': bool(g.chance(0.3))}
        if nd and g.chance(0.25):  # through a broadcast (stride-0) or reversed view of the source
            s['through'] = 'reversed' if g.chance(0.4) else [g.pick([2, 3, 4])] + [int(d) for d in x.shape]
        if op in ('sum', 'prod', 'mean') and g.chance(0.25):
            s['dtype'] = g.pick(DTYPES[1:])  # NumPy's dtype= (bool sums are NumPy's or, not wtensor's count)
        if op not in ('argmax', 'argmin') and g.chance(0.2):  # NumPy's where= mask over the values reduced
            shape = through_shape(x.shape, s.get('through'))
            s['where'] = [bool(v) for v in g.r.integers(0, 2, int(np.prod(shape)))]
        if op in ('sum', 'prod', 'max', 'min') and (g.chance(0.2) or ('where' in s and op in ('max', 'min'))):
            s['initial'] = g.pick([0, 1, -2, 3]) if x.dtype.kind in 'biu' else g.pick([0, 1, -2.5, 3.5])
        if g.chance(0.2):
            try:
                ax = tuple(axis) if isinstance(axis, list) else axis
                want = np.sum(np.zeros(x.shape), axis=ax, keepdims=s['keepdims']).shape
                fits = p.live(lambda a: a.shape == want)
            except Exception:  # noqa: BLE001 - a bad axis: NumPy says so when the step runs
                fits = []
            s['out'] = g.pick(fits) if fits and not g.chance(0.1) else g.pick(live)
        return s
    if kind == 'product':
        return product_step(p, src)
    if kind == 'assign':
        dst = g.pick(live)
        shape = p.vals[dst].shape
        fits = p.live(lambda a: broadcastable(a.shape, shape) and len(a.shape) <= len(shape))
        v = {'num': g.pick(WEAK)} if g.chance(0.3) else {
            'ref': g.pick(fits) if fits and not g.chance(0.1) else g.pick(live)}
        return {'k': 'assign', 'dst': dst, 'src': v}
    if kind == 'astype':
        return {'k': 'astype', 'src': src, 'dtype': g.pick(DTYPES)}
    if kind in ('getitem', 'setitem'):
        s = {'k': kind, 'src': src, 'items': g.index_items(list(x.shape))}
        if kind == 'setitem':
            s['value'] = {'num': g.pick(WEAK)} if g.chance(0.3) else {'ref': g.pick(live)}
        return s
    raise AssertionError(kind)


def operand(p, shape):
    """a second operand: a value that broadcasts with shape (mostly), or a weak scalar"""
    g = p.g
    if g.chance(0.35):
        return {'num': g.pick(WEAK)}
    ok = p.live(lambda a: broadcastable(a.shape, shape))
    if ok and not g.chance(0.05):
        return {'ref': g.pick(ok)}
    return {'ref': g.pick(p.live())}


EQUATIONS = {  # ndims -> einsum equations over operands of those ndims
    (1,): ['i->', 'i->i', 'i'], (2,): ['ij->ji', 'ii->', 'ii->i', 'ij->', 'ij->j', 'ij'],
    (3,): ['ijk->kji', 'iij->j', 'ijk->j', '...j->j'], (1, 1): ['i,i->', 'i,j->ij', 'i,i->i', 'i,j'],
    (2, 1): ['ij,j->i', 'ij,i->j', 'ij,j'], (1, 2): ['i,ij->j', 'j,ij->i'],
    (2, 2): ['ij,jk->ik', 'ij,kj->ik', 'ij,ij->', 'ij,ij->ij', 'ij,ji', 'i j, j k -> i k'],
    (3, 3): ['bij,bjk->bik', '...ij,...jk->...ik'], (3, 2): ['bij,jk->bik', '...ij,jk'],
    (2, 3): ['ij,bjk->bik'], (0, 2): [',ij->ij'], (2, 0): ['ij,->ji'],
}


def product_step(p, src):
    g = p.g
    x = p.vals[src]
    if g.chance(0.4) and x.ndim >= 1:
        ok = p.live(lambda a: a.ndim >= 1 and (a.shape[-2 if a.ndim > 1 else 0] == x.shape[-1]))
        other = g.pick(ok) if ok and not g.chance(0.1) else g.pick(p.live())
        return {'k': 'matmul', 'a': src, 'b': other}
    if g.chance(0.5) and (x.ndim,) in EQUATIONS:
        return {'k': 'einsum', 'eq': g.pick(EQUATIONS[(x.ndim,)]), 'args': [src]}
    pairs = [k for k in EQUATIONS if len(k) == 2 and k[0] == x.ndim]
    if not pairs:
        raise Skip
    key = g.pick(pairs)
    others = p.live(lambda a: a.ndim == key[1])
    if not others:
        raise Skip
    return {'k': 'einsum', 'eq': g.pick(EQUATIONS[key]), 'args': [src, g.pick(others)]}


# ---- NumPy runs a step ---------------------------------------------------------------------------

def index_of(spec):
    """NumPy's index for a wtensor slice spec; an all-integer index gives a 0-d view in wtensor, so the
    index ends in '...' (NumPy then gives a 0-d view too, not a scalar)"""
    idx = eval('np.s_[' + spec + ']', {'np': np}) if spec.strip() else ()
    idx = idx if isinstance(idx, tuple) else (idx,)
    return idx if Ellipsis in idx else idx + (Ellipsis,)


def check_writable(p, i):
    if i is None or p.ro[i] is None:
        return
    if p.ro[i] == 'diag':
        raise Skip  # NumPy's diagonal is read-only, wtensor's writable: a documented difference
    raise ValueError('destination is read-only')


def store_weak(p, i, dst, v, idx):
    """dst[idx] = v, a Python scalar, as wtensor stores one (NumPy's errors for what cannot be stored)"""
    if isinstance(v, complex) and dst.dtype.kind != 'c':
        raise TypeError('a complex number into a real dtype')
    if isinstance(v, float) and math.isnan(v) and dst.dtype.kind in 'iu':
        raise ValueError('cannot convert float NaN to integer')
    if isinstance(v, float) and math.isinf(v) and dst.dtype.kind in 'iu':
        raise OverflowError('cannot convert float infinity to integer')
    if isinstance(v, float) and dst.dtype.kind in 'iu' and not (
            np.iinfo(dst.dtype).min <= math.trunc(v) <= np.iinfo(dst.dtype).max):
        p.taint(i, 'skip')
    dst[idx] = v


def run_step(p, s):
    """runs s in NumPy, appending its value; raises NumPy's exception (or Unsupported)"""
    k = s['k']
    if k == 'input':
        a = np.array(s['data'], dtype=s['dtype']).reshape(s['shape'])
        p.add_value(a)
        return
    if k == 'view':
        x = p.vals[s['src']]
        fn = s['fn']
        ro = p.ro[s['src']]
        if fn == 'slice':
            v = x[index_of(s['spec'])]
        elif fn == 'transpose':
            v = x.transpose(s['axes']) if s['axes'] is not None else x.T
        elif fn == 'broadcast_to':
            v = np.broadcast_to(x, s['shape'])
            ro = ro or 'bcast'
        elif fn == 'diagonal':
            v = np.diagonal(x, s['offset'], s['axis1'], s['axis2'])
            ro = 'diag'
        elif fn == 'reshape':
            v = x.reshape(s['shape'])
        elif fn == 'squeeze':
            v = np.squeeze(x, s['axis'])
        elif fn == 'expand_dims':
            v = np.expand_dims(x, s['axis'])
        elif fn == 'swapaxes':
            v = np.swapaxes(x, s['axis1'], s['axis2'])
        elif fn == 'ravel':
            v = np.ravel(x)
        elif fn == 'view_dtype':
            v = view_dtype(p, s['src'], x, np.dtype(s['dtype']))
        view = np.shares_memory(v, x) or v.size == 0 and v.base is not None
        if view:
            p.add_value(v, p.base[s['src']], ro=ro)
        else:
            p.add_value(v, state=p.state_of([s['src']]))
        return
    if k == 'ufunc':
        refs = [a['ref'] for a in s['args'] if 'ref' in a]
        out = s.get('out')
        check_writable(p, out)
        if s['op'] == 'power' and negative_int_power(p, s['args']):
            raise Skip  # NumPy raises, wtensor computes 1/x**n truncated: a documented difference
        try:
            r, inexact = run_ufunc(p, s['op'], s['args'], out, s.get('casting'))
        except (Unsupported, OverflowError):
            raise
        except Exception as e:  # noqa: BLE001 - NumPy's error, unless wtensor's int32 default fails first
            if int32_default_overflow(p, s):
                raise Unsupported(f'{e} (and the default int32)', error_codes(e)) from e
            raise
        if out is not None:
            p.taint(out, value_state(p, refs, p.vals[out], inexact))
            p.add_value(None)
            return
        p.add_value(c_order(r), state=value_state(p, refs, r, inexact))
        return
    if k == 'reduce':
        x = through_view(p.vals[s['src']], s.get('through'))
        op, axis = s['op'], s['axis']
        ax = tuple(axis) if isinstance(axis, list) else axis
        kw = {}  # NumPy's where= and initial=
        if 'where' in s:
            kw['where'] = np.array(s['where'], bool).reshape(x.shape)
        if 'initial' in s:
            kw['initial'] = s['initial']
        out = s.get('out')
        check_writable(p, out)
        unspecified = False
        if op in ('argmax', 'argmin'):
            r = np.asarray(getattr(np, op)(x, axis=ax, keepdims=s['keepdims'])).astype(np.int32)
        elif 'dtype' in s:
            r = np.asarray(getattr(np, op)(x, axis=ax, keepdims=s['keepdims'], dtype=s['dtype'], **kw))
            unspecified = cast_unspecified(x, s['dtype'])  # the values cast to dtype= first
            if op == 'mean' and np.dtype(s['dtype']).kind in 'iu':  # sum / count, a float, cast to the integer
                with np.errstate(all='ignore'):
                    f = np.asarray(np.sum(x, axis=ax, dtype=s['dtype'], **kw)).astype(np.float64) / np.asarray(
                        np.sum(np.broadcast_to(kw.get('where', True), x.shape), axis=ax))
                unspecified |= cast_unspecified(np.asarray(f), s['dtype'])
        elif op in ('sum', 'prod') and x.dtype.kind in 'biu':
            r = np.asarray(getattr(np, op)(x, axis=ax, keepdims=s['keepdims'], **kw))
            if x.dtype.name not in ('int64', 'uint64'):  # wtensor: modulo 2**32, as its default int32
                r = r.astype(np.uint32 if x.dtype.kind == 'u' else np.int32)
        else:
            r = np.asarray(getattr(np, op)(x, axis=ax, keepdims=s['keepdims'], **kw))
        inexact = op in ('sum', 'prod', 'mean') and r.dtype.kind in 'fc'
        if out is not None:
            dst = p.vals[out]
            if op in ('argmax', 'argmin') and dst.dtype.kind in 'fc':
                raise TypeError('argmax into a float out')
            if dst.shape != r.shape:
                raise ValueError('out has the wrong shape')
            if cast_unspecified(r, dst.dtype):
                p.taint(out, 'skip')
            np.copyto(dst, r, casting='unsafe')
            p.taint(out, 'skip' if unspecified else value_state(p, [s['src']], dst, inexact))
            p.add_value(None)
            return
        p.add_value(c_order(r), state='skip' if unspecified else value_state(p, [s['src']], r, inexact))
        return
    if k in ('matmul', 'einsum'):
        refs = [s['a'], s['b']] if k == 'matmul' else s['args']
        xs = [p.vals[i] for i in refs]
        if k == 'matmul' and min(x.ndim for x in xs) == 0:
            raise ValueError('matmul: a 0-d operand')
        r = np.asarray(np.matmul(*xs) if k == 'matmul' else einsum(s['eq'], xs))
        # a result that is a view of its operand (einsum 'ij->ji') stays one, as in wtensor
        view = k == 'einsum' and len(xs) == 1 and np.shares_memory(r, xs[0])
        if view:
            p.add_value(r, p.base[refs[0]], ro=p.ro[refs[0]])
        else:
            p.add_value(c_order(r), state=value_state(p, refs, r, r.dtype.kind in 'fc'))
        return
    if k == 'assign':
        dst = p.vals[s['dst']]
        check_writable(p, s['dst'])
        if 'ref' in s['src']:
            v = p.vals[s['src']['ref']]
            if cast_unspecified(v, dst.dtype):
                p.taint(s['dst'], 'skip')
            dst[...] = v
            p.taint(s['dst'], value_state(p, [s['src']['ref']], dst, False))
        else:
            store_weak(p, s['dst'], dst, weak_value(s['src']['num']), Ellipsis)
        p.add_value(None)
        return
    if k == 'getitem':
        x = p.vals[s['src']]
        r = np.asarray(x[np_index(s['items'])])  # a 0-d tensor where NumPy gives a scalar
        p.add_value(c_order(r), state=p.state_of([s['src']]))
        return
    if k == 'setitem':
        x = p.vals[s['src']]
        check_writable(p, s['src'])
        idx = np_index(s['items'])
        ids = np.arange(x.size).reshape(x.shape)[idx]
        if 'ref' in s['value']:
            v = p.vals[s['value']['ref']]
            if ids.ndim == 1 and v.ndim > 1 and len(idx) == 1 and getattr(idx[0], 'dtype', None) == bool:
                raise Skip  # NumPy's TypeError for a mask's value of 2+ dims that broadcasts: README's differences
            if cast_unspecified(v, x.dtype) or len(np.unique(ids)) < ids.size:
                p.taint(s['src'], 'skip')  # which of repeated writes wins: not promised by NumPy
            try:
                x[idx] = v
            except TypeError as e:
                if 'only 0-dimensional' in str(e):
                    raise Skip from e  # NumPy's complex scalar path; a shape mismatch is WT_ESHAPE in wtensor
                raise
            p.taint(s['src'], value_state(p, [s['value']['ref']], x, False))
        else:
            store_weak(p, s['src'], x, weak_value(s['value']['num']), idx)
        p.add_value(None)
        return
    if k == 'astype':
        x = p.vals[s['src']]
        r = x.astype(s['dtype'])
        st = 'skip' if cast_unspecified(x, s['dtype']) else value_state(p, [s['src']], r, False)
        p.add_value(c_order(r), state=st)
        return
    raise AssertionError(k)


def error_codes(e):
    if isinstance(e, Unsupported):
        return ['WT_EDTYPE'] + e.codes
    for cls in type(e).__mro__:
        if cls.__name__ in ERRORS:
            return ERRORS[cls.__name__]
    raise e


def make_program(g):
    p = Program(g)
    nin = g.pick([1, 2, 2, 3])
    for _ in range(nin):
        s = g.tensor_step()
        p.steps.append(s)
        run_step(p, s)
    nsteps = int(g.r.integers(3, 10))
    tries = 0
    while len(p.steps) < nin + nsteps and tries < 50:
        tries += 1
        try:
            s = gen_step(p)
        except Skip:
            continue
        snapshot = [None if v is None else v.copy() for v in p.vals]
        states = dict(p.state)
        p.steps.append(s)
        try:
            run_step(p, s)
        except Skip:
            p.steps.pop()  # raised before anything ran
            continue
        except Exception as e:  # noqa: BLE001 - NumPy's error is the expected result
            for v, old in zip(p.vals, snapshot):  # NumPy may leave out half written; wtensor must not
                if v is not None and v.flags.writeable:
                    v[...] = old
            p.state = states
            p.error = {'step': len(p.steps) - 1, 'codes': error_codes(e), 'numpy': f'{type(e).__name__}: {e}'}
            break
    final = []
    for i, v in enumerate(p.vals):
        if v is None:
            final.append(None)
        else:
            e = enc_array(v)
            e['check'] = p.state[p.base[i]]
            final.append(e)
    return {'steps': [enc_step(s) for s in p.steps], 'error': p.error, 'final': final}


def main():
    seed, count = int(sys.argv[1]), int(sys.argv[2])
    progs = []
    for k in range(count):
        g = Gen(np.random.default_rng([seed, k]))
        progs.append(make_program(g))
    json.dump({'numpy': np.__version__, 'seed': seed, 'programs': progs}, sys.stdout, separators=(',', ':'))


if __name__ == '__main__':
    main()
