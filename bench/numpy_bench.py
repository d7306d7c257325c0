#!/usr/bin/python3
"""NumPy (Debian's python3-numpy with OpenBLAS) on the harness's workloads,
natively, for comparison with the wasm engines.  Called by bench/run.mjs with
the workload list as JSON; prints {id: {medianMs, minMs, maxMs}} as JSON."""
import json
import sys
import time

import numpy as np


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
    return None


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
