#!/usr/bin/python3
"""NumPy (Debian's python3-numpy with OpenBLAS) on the harness's workloads,
natively, for comparison with the wasm engines.  Called by bench/run.mjs with
the workload list as JSON; prints {id: {medianMs, minMs, maxMs}} as JSON."""
import json
import sys
import time

import numpy as np

CALLS = 1000  # bench/shapes.mjs's CALLS: the small ops' calls per run


def op(w, xs):
    a = xs[0]
    if w['op'] == 'add':
        return lambda: a + xs[1]
    if w['op'] == 'exp':
        return lambda: np.exp(a)
    if w['op'] == 'sum':
        return lambda: a.sum()
    if w['op'] == 'sum0':
        return lambda: a.sum(0)
    if w['op'] == 'sum1':
        return lambda: a.sum(1)
    if w['op'] == 'transpose':
        return lambda: np.ascontiguousarray(a.T)
    if w['op'] == 'matmul':
        return lambda: a @ xs[1]
    if w['op'] == 'sqdiff':
        return lambda: np.square(a - xs[1]).sum()
    if w['op'] == 'chain':
        return lambda: np.maximum(2 * a - xs[1], 0) * a
    if w['op'] == 'einsum':   # optimize=True: NumPy's einsum does not optimize by default
        return lambda: np.ascontiguousarray(np.einsum(w['eq'], *xs, optimize=True))
    return (select_op(w, xs) or stats_op(w, xs) or random_op(w, xs) or linalg_op(w, xs) or fft_op(w, xs)
            or shapes_op(w, xs))


def stats_op(w, xs):
    """the statistics workloads on stats.mjs statsData's inputs"""
    a = xs[0]
    bins = np.floor((a.astype(np.float64) + 2) * 25).astype(np.int32)
    xp = np.array([-2 + 4 * i / 999 for i in range(1000)], np.float32)
    fp = np.sin(xp.astype(np.float64)).astype(np.float32)
    ops = {
        'cumsum': lambda: np.cumsum(a), 'std': lambda: np.std(a, axis=1), 'median': lambda: np.median(a),
        'histogram': lambda: np.histogram(a, 100, (-2, 2))[0], 'bincount': lambda: np.bincount(bins),
        'interp': lambda: np.interp(a, xp, fp), 'convolve': lambda: np.convolve(a, xs[-1], 'valid'),
        'softmax': lambda: np.exp(a - np.logaddexp.reduce(a, axis=-1, keepdims=True)),
        'logsumexp': lambda: np.logaddexp.reduce(a, axis=-1),
        'atan2': lambda: np.arctan2(a, xs[-1]), 'hypot': lambda: np.hypot(a, xs[-1]),
    }
    return ops.get(w['op'])


def fft_op(w, xs):
    """the FFT workloads as bench/fft.mjs makes them: (re, im) pairs for complex inputs"""
    if w.get('group') != 'fft':
        return None
    a = xs[0].astype(np.float64)
    if w['dtype'].startswith('complex'):
        a = (a[..., 0] + 1j * a[..., 1]).astype(w['dtype'])
    f = {'fft': np.fft.fft, 'rfft': np.fft.rfft, 'fft2': np.fft.fft2}[w['op']]
    return lambda: f(a)


def linalg_op(w, xs):
    """the linear-algebra workloads on matrices made as bench/linalg.mjs linalgData makes them"""
    if w.get('group') != 'linalg':
        return None
    r = xs[0].astype(np.float64) / 2
    n = r.shape[-1]
    eye = np.eye(n)
    a = {'eigh': lambda: (r + np.swapaxes(r, -1, -2)) / 2, 'cholesky': lambda: r @ r.T / n + eye,
         'qr': lambda: r, 'svd': lambda: r, 'eig': lambda: r}.get(w['op'], lambda: eye + r / (2 * n))()
    a = a.astype(w['dtype'])
    b = np.ascontiguousarray(a[..., 0:1] if a.ndim == 3 else a[:, 0])
    la = np.linalg
    ops = {'solve': lambda: la.solve(a, b), 'solveBatch': lambda: la.solve(a, b), 'inv': lambda: la.inv(a),
           'det': lambda: la.det(a), 'cholesky': lambda: la.cholesky(a), 'qr': lambda: la.qr(a),
           'svd': lambda: la.svd(a), 'eigh': lambda: la.eigh(a), 'eig': lambda: la.eig(a)}
    return ops.get(w['op'])


def random_op(w, xs):
    """the random workloads: NumPy's Generator (PCG64), whose streams wtensor's are"""
    g, n = np.random.default_rng(1), xs[0].size
    ops = {
        'normal64': lambda: g.standard_normal(n), 'normal32': lambda: g.standard_normal(n, dtype=np.float32),
        'random': lambda: g.random(n), 'integers': lambda: g.integers(0, 1000, n, dtype=np.int32),
        'choice': lambda: g.choice(n, n, replace=False), 'permutation': lambda: g.permutation(n),
    }
    return ops.get(w['op'])


def shapes_op(w, xs):
    """bench/shapes.mjs's workloads: uint8 images from the data as shapesData makes
    them, ImageNet's mean and std; the small ops CALLS times per run"""
    if w.get('group') != 'shapes':
        return None
    x, mean, std = xs[0], np.array([0.485, 0.456, 0.406], np.float32), np.array([0.229, 0.224, 0.225], np.float32)
    u8 = np.floor((x.astype(np.float64) + 2) * 63.75).astype(np.uint8)

    def softmax(v):
        e = np.exp(v - v.max(-1, keepdims=True))
        return e / e.sum(-1, keepdims=True)

    def layernorm(v, g, b):
        d = v - v.mean(-1, keepdims=True)
        return d / np.sqrt(np.square(d).mean(-1, keepdims=True) + np.float32(1e-5)) * g + b

    def gelu(v):
        return v * np.float32(0.5) * (np.tanh((v + np.power(v, 3) * np.float32(0.044715))
                                              * np.float32(0.7978845608028654)) + 1)
    ops = {
        'cl_sub': lambda: x - mean, 'cl_mul': lambda: x * 2, 'cl_u8_sub': lambda: u8 - mean,
        'cl_astype': lambda: u8[:, :, :3].astype(np.float32), 'cl_div': lambda: u8[:, :, :3] / 255,
        'prep': lambda: np.ascontiguousarray(((u8[:, :, :3].astype(np.float32) / 255 - mean) / std).transpose(2, 0, 1)),
        'tf_softmax': lambda: softmax(x), 'layernorm': lambda: layernorm(*xs), 'gelu': lambda: gelu(x),
        'attention': lambda: softmax(xs[0] @ xs[1].swapaxes(-1, -2) / np.float32(8)) @ xs[2],
    }
    small = {
        'small_add_1': lambda: np.add(x, xs[-1]), 'small_add_64': lambda: np.add(x, xs[-1]),
        'small_add_1024': lambda: np.add(x, xs[-1]), 'small_mul_64': lambda: np.multiply(x, xs[-1]),
        'small_sum_64': lambda: np.sum(x), 'small_exp_64': lambda: np.exp(x),
        'small_matmul_8': lambda: np.matmul(x, xs[-1]), 'small_view_64': lambda: x.reshape(8, 8),
    }
    if w['op'] in small:
        f = small[w['op']]
        return lambda: [f() for _ in range(CALLS)]
    return ops.get(w['op'])


def select_op(w, xs):
    """the select workloads on workloads.mjs selectData's integer views of the inputs"""
    a = xs[0]
    d = a.astype(np.float64)
    i32 = np.floor(d * 2 ** 29).astype(np.int32)
    repeats = np.floor((d + 2) * 250).astype(np.int32)
    n = a.size
    idx = np.minimum(n - 1, np.floor((xs[-1].astype(np.float64) + 2) / 4 * n)).astype(np.int32)
    mask = a > 0

    def topk():
        i = np.argpartition(-a, 9)[:10]
        v = a[i]
        return v[np.argsort(-v, kind='stable')]
    ops = {
        'sort': lambda: np.sort(a), 'argsort': lambda: np.argsort(a),
        'sort_i32': lambda: np.sort(i32), 'argsort_i32': lambda: np.argsort(i32),
        'unique': lambda: np.unique(repeats), 'topk': topk, 'take': lambda: np.take(a, idx),
        'mask': lambda: a[mask], 'concat': lambda: np.concatenate(xs), 'pad': lambda: np.pad(a, 8),
    }
    return ops.get(w['op'])


def main():
    cfg = json.loads(sys.argv[1])
    rng = np.random.default_rng(1)
    out = {'version': np.__version__}
    for w in cfg['workloads']:
        xs = [rng.uniform(-2, 2, shape).astype(np.float32) for shape in w['inputs']]
        f = op(w, xs)
        if f is None:
            continue
        f()
        f()
        t0 = time.perf_counter()
        f()
        one = max(time.perf_counter() - t0, 1e-6)
        k = max(1, min(200, int(cfg['sampleMs'] / 1e3 / one) + 1))
        samples = []
        for _ in range(cfg['reps']):
            t0 = time.perf_counter()
            for _ in range(k):
                f()
            samples.append((time.perf_counter() - t0) / k * 1e3)
        samples.sort()
        med = samples[len(samples) // 2] / 1e3
        rate = {'gbps': w['bytes'] / med / 1e9} if w.get('bytes') else {'gflops': w['flops'] / med / 1e9}
        out[w['id']] = {'medianMs': samples[len(samples) // 2], 'minMs': samples[0], 'maxMs': samples[-1], **rate}
    print(json.dumps(out))


if __name__ == '__main__':
    main()
