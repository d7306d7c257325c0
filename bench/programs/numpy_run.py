#!/usr/bin/env python3
"""Runs the NumPy side of bench/programs (run.mjs calls it): each program's
run(np) once (quick) or once cold and three times warm (time), its result
saved as out/<name>.npz, and the times (ms) and peak traced bytes printed as
JSON.  One thread: run.mjs sets OPENBLAS_NUM_THREADS=1 and its kin.

    .venv/bin/python bench/programs/numpy_run.py quick|time OUTDIR NAME...
"""
import importlib
import json
import os
import sys
import time
import tracemalloc
import numpy as np

mode, out, names = sys.argv[1], sys.argv[2], sys.argv[3:]
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
report = {}
for name in names:
    mod = importlib.import_module(name)
    t0 = time.perf_counter()
    r = mod.run(np)
    first = (time.perf_counter() - t0) * 1e3
    warm, peak = [], None
    if mode == 'time':
        for _ in range(3):
            t0 = time.perf_counter()
            mod.run(np)
            warm.append((time.perf_counter() - t0) * 1e3)
        tracemalloc.start()   # NumPy reports its buffers to tracemalloc; a run of its own (tracing costs time)
        mod.run(np)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    parts = r if isinstance(r, tuple) else (r,)
    np.savez(os.path.join(out, name + '.npz'), *[np.asarray(a) for a in parts])
    report[name] = dict(first=first, warm=warm, peak=peak)
print(json.dumps(report))
