#!/usr/bin/python3
"""scikit-learn beside lao on the same rows.

    go run ./cmd/lao bench --export /tmp/laobench
    /usr/bin/python3 cmd/bench/sklearn.py /tmp/laobench

Reads x.f64 / y.f64 / meta.json written by `lao bench --export`, fits
scikit-learn's Ridge (exact, alpha = m * 1e-3 to match lao's penalised
(1/m)||Xw - y||^2 + 1e-3 ||w||^2) and SGDRegressor (one epoch), and prints
their wall times and training MSE beside lao's (lao.json).
Needs Debian's python3-sklearn (use /usr/bin/python3).
"""
import json
import os
import sys
import time
import warnings

# This file is named sklearn.py; drop its own directory from the import path
# so that "import sklearn" finds scikit-learn, not this script.
sys.path = [p for p in sys.path if os.path.abspath(p or ".") != os.path.dirname(os.path.abspath(__file__))]

import numpy as np
import sklearn
from sklearn.linear_model import Ridge, SGDRegressor


def main(d):
    meta = json.load(open(os.path.join(d, "meta.json")))
    m, dim = meta["m"], meta["d"]
    X = np.fromfile(os.path.join(d, "x.f64"), dtype="<f8").reshape(m, dim)
    y = np.fromfile(os.path.join(d, "y.f64"), dtype="<f8")
    rows = []
    for name, est in [
        ("sklearn Ridge (exact, alpha = m*1e-3)", Ridge(alpha=m * 1e-3, fit_intercept=False, solver="cholesky")),
        ("sklearn SGDRegressor (one epoch)", SGDRegressor(max_iter=1, tol=None, fit_intercept=False, random_state=1)),
    ]:
        best = None
        for _ in range(3):
            start = time.perf_counter()
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                est.fit(X, y)
            el = time.perf_counter() - start
            best = el if best is None else min(best, el)
        mse = float(np.mean((X @ est.coef_ - y) ** 2))
        rows.append((name, best, mse))
    for r in json.load(open(os.path.join(d, "lao.json"))):
        rows.append((r["method"], r["seconds"], r["train_mse"]))
    print(f"m = {m}, d = {dim}; scikit-learn {sklearn.__version__}, numpy {np.__version__}"
          f" (best of 3 for scikit-learn, one run for lao)")
    print(f"{'method':45s} {'seconds':>9s} {'train MSE':>11s}")
    for name, sec, mse in rows:
        print(f"{name:45s} {sec:9.3f} {mse:11.6g}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "/tmp/laobench")
