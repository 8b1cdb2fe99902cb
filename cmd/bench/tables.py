#!/usr/bin/python3
"""Write scikit-learn's bundled tables as plain CSV files with a header row.

    /usr/bin/python3 cmd/bench/tables.py /tmp/tables

Writes diabetes.csv (target progression), breast_cancer.csv (target
malignant: +1 malignant, -1 benign), wine.csv (target cultivar: 0, 1, 2) and
linnerud.csv (targets Weight, Waist, Pulse; features Chins, Situps, Jumps)
from Debian's python3-sklearn (use /usr/bin/python3). The data are not part of
this repository; docs/results.md says how they were used.
"""
import csv
import os
import sys

sys.path = [p for p in sys.path if os.path.abspath(p or ".") != os.path.dirname(os.path.abspath(__file__))]

from sklearn import datasets


def write(path, header, X, Y):
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for x, y in zip(X, Y):
            w.writerow([repr(float(v)) for v in x] + [repr(float(v)) if not isinstance(v, int) else v for v in y])


def main(out):
    os.makedirs(out, exist_ok=True)
    d = datasets.load_diabetes(scaled=False)
    write(os.path.join(out, "diabetes.csv"), list(d.feature_names) + ["progression"], d.data, [[v] for v in d.target])
    b = datasets.load_breast_cancer()
    write(os.path.join(out, "breast_cancer.csv"), list(b.feature_names) + ["malignant"], b.data,
          [[1 if v == 0 else -1] for v in b.target])
    w = datasets.load_wine()
    write(os.path.join(out, "wine.csv"), list(w.feature_names) + ["cultivar"], w.data, [[int(v)] for v in w.target])
    l = datasets.load_linnerud()
    write(os.path.join(out, "linnerud.csv"), list(l.feature_names) + list(l.target_names), l.data, l.target)
    print("wrote diabetes.csv, breast_cancer.csv, wine.csv, linnerud.csv to", out)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")
