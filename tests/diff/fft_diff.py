#!/usr/bin/env python3
"""The differential tester's NumPy side for wt.fft.

    .venv/bin/python tests/diff/fft_diff.py SEED COUNT
prints COUNT random cases as JSON (tests/fixtures/gen_fft.py's format): a random function, dtype,
shape, axes, sizes, norm and view.  tests/js/fft.test.mjs runs a fixed seed in npm test, and
WT_FFT_DIFF_SEED / WT_FFT_DIFF_COUNT any other (npm run fuzz).

    .venv/bin/python tests/diff/fft_diff.py long DIR
writes the long transforms (powers of two to 2^20, primes to 65537, composites) as .npy inputs
and references into DIR (the references computed in long double, stored as complex128 or
float64) and prints their list: [{fn, x, want, dtype (NumPy's result's), rtol}].
"""
import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'fixtures'))
from gen_fft import C, EPS, N_DIM, ONE_AXIS, REAL_IN, case, sample  # noqa: E402


def random_case(rng):
    fn = str(rng.choice(ONE_AXIS + N_DIM))
    real = fn in REAL_IN
    dtype = str(rng.choice(['float64', 'float32', 'int16', 'bool'] if real else
                           ['complex128', 'complex64', 'float64', 'float32', 'int32']))
    nd = int(rng.integers(1 if fn in ONE_AXIS or not fn.endswith('2') else 2, 4))
    shape = tuple(int(v) for v in rng.integers(1, 13, nd))
    kw = {}
    if rng.random() < 0.5:
        kw['norm'] = str(rng.choice(['backward', 'ortho', 'forward']))
    if fn in ONE_AXIS:
        kw['axis'] = int(rng.integers(-nd, nd))
        if rng.random() < 0.5 or (fn in ('irfft', 'hfft') and shape[kw['axis']] == 1):
            kw['n'] = int(rng.integers(1, 40))
    else:
        k = int(rng.integers(1, nd + 1)) if not fn.endswith('2') else 2
        kw['axes'] = [int(a) for a in rng.permutation(nd)[:k]]
        if rng.random() < 0.5:
            kw['s'] = [int(v) for v in rng.integers(1, 20, k)]
        elif fn.startswith('irfft') and shape[kw['axes'][-1]] == 1:
            kw['s'] = [2] * k
    view = {}
    if rng.random() < 0.3:
        view['flip'] = [int(rng.integers(0, nd))]
    return case(fn, sample(rng, dtype, shape), view, kw)


def long_cases(out_dir):
    rng = np.random.default_rng(7)
    out = []
    specs = [('fft', 'complex128', n) for n in (2 ** 10, 2 ** 16, 2 ** 20, 17, 1009, 4099, 65537, 3 * 5 * 7 * 11 * 13,
                                               2 ** 5 * 3 ** 4 * 5 ** 2, 67 * 128)]
    specs += [('fft', 'complex64', n) for n in (2 ** 20, 4099, 65537, 3 * 5 * 7 * 11 * 13)]
    specs += [('ifft', 'complex128', 2 ** 18), ('rfft', 'float64', 2 ** 20), ('rfft', 'float32', 2 ** 20),
              ('irfft', 'complex128', 2 ** 19 + 1), ('rfft', 'float64', 65537), ('irfft', 'complex64', 4099)]
    for i, (fn, dtype, n) in enumerate(specs):
        x = sample(rng, dtype, n)
        hi = x.astype(np.clongdouble if x.dtype.kind == 'c' else np.longdouble)
        ref = getattr(np.fft, fn)(hi)
        points = 2 * (n - 1) if fn == 'irfft' else n
        ref = ref.astype(np.complex128 if ref.dtype.kind == 'c' else np.float64)
        xs, ws = 'x%d.npy' % i, 'want%d.npy' % i
        np.save(os.path.join(out_dir, xs), x)
        np.save(os.path.join(out_dir, ws), ref)
        out.append(dict(fn=fn, x=xs, want=ws, dtype=getattr(np.fft, fn)(x).dtype.name,
                        rtol=C * np.log2(points) * EPS[dtype]))
    return out


if __name__ == '__main__':
    if sys.argv[1] == 'long':
        json.dump(long_cases(sys.argv[2]), sys.stdout)
    else:
        rng = np.random.default_rng(int(sys.argv[1]))
        json.dump([random_case(rng) for _ in range(int(sys.argv[2]))], sys.stdout, separators=(',', ':'))
