#!/usr/bin/python3
"""scikit-learn's Ridge and Lasso on the splits of `lao compare`.

    go run ./cmd/lao compare --data T.csv --target Y --splits splits.csv --json > lao.json
    /usr/bin/python3 cmd/bench/compare_sklearn.py T.csv Y splits.csv [--ignore A,B]

For every split in splits.csv (repeat, seed, file line, train/test), fits on
the training rows, with the columns standardised on them (StandardScaler),
  RidgeCV  (alphas 10^-4 .. 10^4, 5-fold CV, the same folds idea as lao's),
  LassoCV  (5-fold CV over its default path),
  Ridge(alpha=1) (lao's default ridge penalty, tr(C)/(d m) on standardised columns),
and prints, per estimator, the mean ± sd over the splits of the test MSE, of
its ratio to the test MSE of the training mean, and of the classification
error when the labels are +-1: the columns of `lao compare`.
Needs Debian's python3-sklearn (use /usr/bin/python3).
"""
import csv
import json
import os
import sys
import warnings

sys.path = [p for p in sys.path if os.path.abspath(p or ".") != os.path.dirname(os.path.abspath(__file__))]

import numpy as np
from sklearn.exceptions import ConvergenceWarning
from sklearn.linear_model import LassoCV, Ridge, RidgeCV
from sklearn.model_selection import KFold
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler


def load(path, target, ignore):
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    header = rows[0]
    lines = {i + 2: r for i, r in enumerate(rows[1:])}  # file line of each data row (no multi-line cells)
    feats = [j for j, h in enumerate(header) if h != target and h not in ignore]
    t = header.index(target)
    X = {ln: [float(r[j]) for j in feats] for ln, r in lines.items()}
    y = {ln: float(r[t]) for ln, r in lines.items()}
    return X, y


def main(argv):
    ignore = []
    if "--ignore" in argv:
        i = argv.index("--ignore")
        ignore = argv[i + 1].split(",")
        argv = argv[:i] + argv[i + 2:]
    path, target, splits = argv[1], argv[2], argv[3]
    X, y = load(path, target, ignore)
    parts = {}
    with open(splits, newline="") as f:
        for r in csv.DictReader(f):
            parts.setdefault(int(r["repeat"]), {"train": [], "test": []})[r["part"]].append(int(r["line"]))
    binary = set(y.values()) <= {-1.0, 1.0}
    ests = {
        "sklearn RidgeCV (standardised)": lambda: make_pipeline(StandardScaler(), RidgeCV(alphas=np.logspace(-4, 4, 33), cv=KFold(5, shuffle=True, random_state=0))),
        "sklearn LassoCV (standardised)": lambda: make_pipeline(StandardScaler(), LassoCV(cv=KFold(5, shuffle=True, random_state=0), max_iter=100000)),
        "sklearn Ridge(alpha=1) (standardised)": lambda: make_pipeline(StandardScaler(), Ridge(alpha=1.0)),
    }
    res = {name: {"mse": [], "ratio": [], "err": []} for name in ests}
    warnings.simplefilter("ignore", ConvergenceWarning)
    for rep in sorted(parts):
        tr, te = parts[rep]["train"], parts[rep]["test"]
        Xtr, ytr = np.array([X[l] for l in tr]), np.array([y[l] for l in tr])
        Xte, yte = np.array([X[l] for l in te]), np.array([y[l] for l in te])
        zero = np.mean((yte - ytr.mean()) ** 2)
        for name, make in ests.items():
            p = make().fit(Xtr, ytr).predict(Xte)
            mse = np.mean((p - yte) ** 2)
            res[name]["mse"].append(mse)
            res[name]["ratio"].append(mse / zero)
            res[name]["err"].append(np.mean(np.where(p == 0, True, np.sign(p) != yte)))
    out = []
    for name, r in res.items():
        row = {"estimator": name, "splits": len(r["mse"])}
        for k in ("mse", "ratio") + (("err",) if binary else ()):
            v = np.array(r[k])
            row[k] = [float(v.mean()), float(v.std(ddof=1)) if len(v) > 1 else 0.0]
        out.append(row)
        line = f"{name:40s} test MSE {row['mse'][0]:.4g} ± {row['mse'][1]:.2g}   / zero {row['ratio'][0]:.3f} ± {row['ratio'][1]:.3f}"
        if binary:
            line += f"   class. error {row['err'][0]:.3f} ± {row['err'][1]:.3f}"
        print(line)
    if os.environ.get("JSON"):
        print(json.dumps(out))


if __name__ == "__main__":
    main(sys.argv)
