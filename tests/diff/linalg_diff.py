#!/usr/bin/env python3
"""The differential tester's NumPy side for wt.linalg: COUNT rounds of tests/fixtures/gen_linalg.py's
cases (random, ill-conditioned, rank-deficient, scaled, batched matrices of every dtype) drawn from
SEED, with NumPy's results and tolerances, as JSON on stdout.  tests/js/linalg_np.test.mjs runs a
fixed seed in npm test, and WT_LINALG_DIFF_SEED / WT_LINALG_DIFF_COUNT any other (npm run fuzz).
    .venv/bin/python tests/diff/linalg_diff.py SEED COUNT
"""
import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'fixtures'))
from gen_linalg import all_cases  # noqa: E402

if __name__ == '__main__':
    np.seterr(all='ignore')
    rng = np.random.default_rng(int(sys.argv[1]))
    json.dump([c for _ in range(int(sys.argv[2])) for c in all_cases(rng)], sys.stdout, separators=(',', ':'))
