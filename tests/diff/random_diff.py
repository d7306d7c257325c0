#!/usr/bin/env python3
"""The differential tester's NumPy side for wt.random: random programs (a bit generator and a
seed, then calls with random parameters, sizes and dtypes, some invalid) and NumPy's results,
as JSON on stdout, in tests/fixtures/gen_random.py's encoding.  tests/js/random.test.mjs runs a
fixed seed in npm test, and WT_RANDOM_DIFF_SEED / WT_RANDOM_DIFF_COUNT any other (npm run fuzz).
    .venv/bin/python tests/diff/random_diff.py SEED COUNT
"""
import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'fixtures'))
from gen_random import BITGENS, LEGACY_LIBM, LIBM, arg, result, seed_arg, state_json  # noqa: E402

F32 = ('random', 'standard_normal', 'standard_exponential', 'standard_gamma')


def param(r, kind):
    """a parameter: a scalar or, one time in four, an array that broadcasts"""
    lo, hi = {'pos': (0.05, 8.0), 'any': (-5.0, 5.0), 'p': (0.02, 0.98), 'n': (0, 60), 'lam': (0.0, 40.0),
              'gt1': (1.05, 6.0)}[kind]
    if kind == 'n':
        return int(r.integers(lo, hi)) if r.random() < 0.75 else r.integers(lo, hi, 3)
    v = lo + (hi - lo) * r.random()
    return round(float(v), 3) if r.random() < 0.75 else np.round(lo + (hi - lo) * r.random(3), 3)


DISTS = [('normal', ['any', 'pos']), ('uniform', ['any', 'any']), ('exponential', ['pos']), ('gamma', ['pos', 'pos']),
         ('beta', ['pos', 'pos']), ('chisquare', ['pos']), ('lognormal', ['any', 'pos']), ('laplace', ['any', 'pos']),
         ('logistic', ['any', 'pos']), ('gumbel', ['any', 'pos']), ('standard_t', ['pos']), ('f', ['pos', 'pos']),
         ('pareto', ['pos']), ('weibull', ['pos']), ('power', ['pos']), ('rayleigh', ['pos']), ('binomial', ['n', 'p']),
         ('negative_binomial', ['pos', 'p']), ('poisson', ['lam']), ('geometric', ['p']), ('logseries', ['p']),
         ('standard_gamma', ['pos']), ('wald', ['pos', 'pos']), ('noncentral_chisquare', ['pos', 'lam']),
         ('noncentral_f', ['pos', 'pos', 'lam']), ('zipf', ['gt1'])]
INT_DTYPES = ['int8', 'uint8', 'int16', 'uint16', 'int32', 'uint32', 'int64', 'uint64', 'bool']


def size(r):
    return [int(x) for x in r.integers(0, 6, int(r.integers(1, 3)))] if r.random() < 0.8 else int(r.integers(0, 40))


def one_call(r, legacy):
    if legacy:
        m = ['rand', 'randn', 'randint', 'random_sample', 'normal', 'uniform', 'choice', 'permutation'][r.integers(0, 8)]
        if m in ('rand', 'randn'):
            return m, [int(x) for x in r.integers(1, 5, int(r.integers(0, 3)))], {}
        if m == 'randint':
            lo = int(r.integers(-100, 100))
            return m, [lo, lo + int(r.integers(1, 300)), size(r)], {}
        if m in ('normal', 'uniform'):
            return m, [param(r, 'any'), param(r, 'pos'), size(r)], {}
        if m == 'choice':
            return m, [int(r.integers(1, 30)), size(r)], {'replace': bool(r.random() < 0.7)}
        return m, [int(r.integers(0, 40))] if m == 'permutation' else [size(r)], {}
    pick = r.random()
    if pick < 0.45:
        name, kinds = DISTS[r.integers(0, len(DISTS))]
        return name, [param(r, k) for k in kinds] + [size(r)], {}
    if pick < 0.6:
        m = F32[r.integers(0, len(F32))]
        args = [param(r, 'pos')] if m == 'standard_gamma' else []
        return m, args + [size(r)], ({'dtype': 'float32'} if r.random() < 0.5 else {})
    if pick < 0.8:
        dt = INT_DTYPES[r.integers(0, len(INT_DTYPES))]
        info = np.iinfo(dt) if dt != 'bool' else None
        lo = 0 if info is None else int(r.integers(max(info.min, -1000), 10))
        hi = (1 if info is None else min(int(info.max), lo + int(r.integers(0, 2 ** int(r.integers(1, 40))))))
        if info is not None and r.random() < 0.3:  # ranges at the 2^8, 2^16, 2^32 and 2^63 draws' edges
            lo = [0, int(info.min)][int(r.integers(0, 2))]
            hi = min(int(info.max), lo + [2 ** 8, 2 ** 16, 2 ** 32, 2 ** 63][int(r.integers(0, 4))] + int(r.integers(-1, 2)))
        endpoint = bool(r.random() < 0.5) or hi == lo
        return 'integers', [lo, hi, size(r)], {'dtype': dt, 'endpoint': endpoint}
    n = int(r.integers(1, 60))
    which = r.integers(0, 4)
    if which == 0:
        p = r.random(n)
        return 'choice', [n, int(r.integers(0, n + 1))], {'replace': bool(r.random() < 0.5), 'p': p / p.sum()}
    if which == 1:
        return 'choice', [n, int(r.integers(0, n + 1))], {'replace': False, 'shuffle': bool(r.random() < 0.5)}
    if which == 2:
        return 'permutation', [n], {}
    return 'multinomial', [int(r.integers(0, 100)), [0.2, 0.3, 0.5]], {}


def programs(seed, count):
    r = np.random.default_rng(seed)
    out = []
    for _ in range(count):
        legacy = bool(r.random() < 0.25)
        kind = 'MT19937' if legacy else list(BITGENS)[r.integers(0, len(BITGENS))]
        s = int(r.integers(0, 2 ** 32)) if legacy else int(r.integers(0, 2 ** 63)) * int(r.integers(1, 4))
        target = np.random.RandomState(s) if legacy else np.random.Generator(BITGENS[kind](s))
        calls = []
        for _ in range(int(r.integers(1, 6))):
            m, args, kw = one_call(r, legacy)
            rec = dict(method=m, args=[arg(a) for a in args], kwargs={k: arg(v) for k, v in kw.items()})
            try:
                rec['result'] = result(getattr(target, m)(*args, **kw), m in (LEGACY_LIBM if legacy else LIBM))
            except (ValueError, OverflowError) as e:
                rec['error'] = str(e)
            calls.append(rec)
        state = target.get_state(legacy=False) if legacy else target.bit_generator.state
        out.append(dict(kind=kind, legacy=legacy, seed=seed_arg(s), calls=calls, state=state_json(state)))
    return out


if __name__ == '__main__':
    print(json.dumps(programs(int(sys.argv[1]), int(sys.argv[2]))))
