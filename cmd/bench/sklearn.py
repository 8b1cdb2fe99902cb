#!/usr/bin/python3
"""scikit-learn beside lao on the same rows.

    go run ./cmd/lao bench --export /tmp/laobench        # LAO_DATA_DIR set: MNIST 3 vs 5 too
    env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE /usr/bin/python3 cmd/bench/sklearn.py /tmp/laobench

Reads every table `lao bench --export` wrote (DIR/NAME/x.f64, y.f64,
meta.json, lao.json) and fits, with the parameters lao used:

- Ridge (exact, solver="cholesky", alpha = m*lambda: lao minimises
  (1/m)||Xw - y||^2 + lambda ||w||^2);
- Lasso (coordinate descent, alpha = lambda/2: lao minimises
  (1/m)||Xw - y||^2 + lambda ||w||_1, lambda resolved by lao);
- Baseline (Cesa-Bianchi et al. 2010, Algorithm 1) written with numpy and
  scikit-learn: k/2 random pairs of attributes per example, the estimate
  clipped to its positive semidefinite part (numpy.linalg.eigh), the
  l1-ball minimum from scikit-learn's exact LARS-lasso path (lars_path_gram);
  its draws are numpy's, not lao's, so its MSE differs a little;
- SGDRegressor (one epoch), beside lao's one-epoch solvers.

Prints each method's best-of-3 wall time, its training MSE, and for the
offline methods the ratio lao / scikit-learn. Needs Debian's
python3-sklearn (use /usr/bin/python3).
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
from sklearn.linear_model import Lasso, Ridge, SGDRegressor, lars_path_gram


def best_of(f, runs=3):
    best, out = None, None
    for _ in range(runs):
        start = time.perf_counter()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            out = f()
        el = time.perf_counter() - start
        best = el if best is None else min(best, el)
    return best, out


def baseline(X, y, k, B, seed):
    """Cesa-Bianchi et al. 2010, Algorithm 1, with numpy and scikit-learn."""
    m, d = X.shape
    pairs = k // 2
    rng = np.random.default_rng(seed)
    codes = rng.integers(0, d * d, size=(m, pairs))  # C: pairs (i, j) of [d] x [d]
    i, j = codes // d, codes % d
    rows = np.arange(m)[:, None]
    xi, xj = X[rows, i], X[rows, j]
    A, v = np.zeros((d, d)), np.zeros(d)
    scale = d / (2 * pairs)
    np.add.at(v, i, 2 * y[:, None] * scale * xi)
    np.add.at(v, j, 2 * y[:, None] * scale * xj)
    a = d * d / (2 * pairs) * xi * xj
    np.add.at(A, (i, j), a)
    np.add.at(A, (j, i), a)
    A, v = A / m, v / m
    lam, Q = np.linalg.eigh(A)  # nearest PSD matrix: negative eigenvalues set to 0
    A = (Q * np.maximum(lam, 0)) @ Q.T
    # min w'Aw - v'w s.t. ||w||_1 <= B: the lasso path of (1/2)w'(2A)w - v'w + alpha||w||_1,
    # at the alpha where ||w||_1 = B (piecewise linear: interpolate).
    _, _, coefs = lars_path_gram(Xy=v, Gram=2 * A, n_samples=1, method="lasso")
    norms = np.abs(coefs).sum(axis=0)
    if norms[-1] <= B:
        return coefs[:, -1]
    s = np.searchsorted(norms, B)
    t = (B - norms[s - 1]) / (norms[s] - norms[s - 1])
    return coefs[:, s - 1] + t * (coefs[:, s] - coefs[:, s - 1])


def table(path):
    meta = json.load(open(os.path.join(path, "meta.json")))
    m, d = meta["m"], meta["d"]
    X = np.fromfile(os.path.join(path, "x.f64"), dtype="<f8").reshape(m, d)
    y = np.fromfile(os.path.join(path, "y.f64"), dtype="<f8")
    ours = json.load(open(os.path.join(path, "lao.json")))
    by = {r["solver"]: r for r in ours}
    mse = lambda w: float(np.mean((X @ w - y) ** 2))
    rows = []
    lam = by["ridge"]["params"]["lambda"]
    t, est = best_of(lambda: Ridge(alpha=m * lam, fit_intercept=False, solver="cholesky").fit(X, y))
    rows.append(("ridge", f"sklearn Ridge (cholesky, alpha = m*{lam:g})", t, mse(est.coef_)))
    lam = by["lasso"]["params"]["lambda"]
    t, est = best_of(lambda: Lasso(alpha=lam / 2, fit_intercept=False).fit(X, y))
    rows.append(("lasso", f"sklearn Lasso (alpha = {lam / 2:.4g})", t, mse(est.coef_)))
    B = by["baseline"]["params"]["B"]
    t, w = best_of(lambda: baseline(X, y, 4, B, 1))
    rows.append(("baseline", f"numpy + sklearn Baseline (k = 4, B = {B:g})", t, mse(w)))
    t, est = best_of(lambda: SGDRegressor(max_iter=1, tol=None, fit_intercept=False, random_state=1).fit(X, y))
    rows.append(("sgd", "sklearn SGDRegressor (one epoch)", t, mse(est.coef_)))
    print(f"\n{meta['table']}: m = {m}, d = {d}")
    print(f"{'method':55s} {'seconds':>9s} {'train MSE':>11s} {'lao/sklearn':>12s}")
    for solver, name, sec, err in rows:
        print(f"{name:55s} {sec:9.3f} {err:11.6g}")
        if solver in by:
            r = by[solver]
            print(f"{r['method']:55s} {r['seconds']:9.3f} {r['train_mse']:11.6g} {r['seconds'] / sec:11.2f}x")
    for r in ours:
        if r["solver"] not in ("ridge", "lasso", "baseline"):
            print(f"{r['method']:55s} {r['seconds']:9.3f} {r['train_mse']:11.6g}")


def main(d):
    print(f"scikit-learn {sklearn.__version__}, numpy {np.__version__}; best of 3 runs on both sides")
    for name in sorted(os.listdir(d)):
        if os.path.exists(os.path.join(d, name, "lao.json")):
            table(os.path.join(d, name))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "/tmp/laobench")
