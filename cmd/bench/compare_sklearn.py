#!/usr/bin/python3
"""scikit-learn's Ridge and Lasso on the splits of `lao compare`.

    go run ./cmd/lao compare --data T.csv --target Y --splits splits.csv --json > lao.json
    /usr/bin/python3 cmd/bench/compare_sklearn.py T.csv Y splits.csv [--ignore A,B] [--missing error|drop-rows|mean] [--decimal ,] [--thousands .] [--skip-lines N] [--no-header]
    /usr/bin/python3 cmd/bench/compare_sklearn.py T.csv Y --describe [--ignore A,B] [--missing ...]

The table is read as `lao` reads it (package frames/ingest and frames.ReadCSV):
gzip or bzip2 detected by content; a byte order mark dropped; UTF-16/UTF-32
(with a mark, or recognised by the zero bytes of ASCII text) decoded; lone
carriage returns read as line ends; the separator taken from the header line
(the most frequent of , ; and tab, else a space); empty header cells named
columnJ; a cell is a number (true/false as 1/0), missing (empty or one of
lao's missing tokens: ?, NA, n/a, null, ...) or text; a column is numeric when
most of its cells that are not missing are numbers, text otherwise (unused),
empty when every cell is missing (unused). --ignore, --missing, --decimal,
--thousands, --skip-lines (the first N lines dropped, the file lines still
counted from the file's first) and --no-header (columns named column1 …
columnN, the first line a row) mean what they mean for `lao` (--decimal , reads 1,5, 1.234,5 and 1.234.567 as
numbers, 3.14 and 1.234 as text): error refuses a numeric column with missing or unparsable
cells, naming every such column; drop-rows drops the rows with one; mean fills
a feature cell with the training part's mean and drops rows without a label.
--describe prints, as JSON, the columns used and unused, the rows dropped and
the cells filled, to check the reading against `lao fit --json`.

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
import bz2
import csv
import gzip
import io
import json
import math
import os
import re
import sys
import warnings

sys.path = [p for p in sys.path if os.path.abspath(p or ".") != os.path.dirname(os.path.abspath(__file__))]

import numpy as np

# ingest.MissingTokens, compared after trimming spaces, ignoring case.
MISSING = {"", "?", "na", "n/a", "#n/a", "nan", "null", "none", "-", "--", "."}
# A number as ingest.ParseCell reads one: decimal only (hexadecimal, digit
# separators and Inf are text).
NUMBER = re.compile(r"^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$")
# A number written with a decimal comma, as ingest.ParseDecimalComma reads
# one under --decimal , (points group thousands before a comma, or in two
# groups or more: "1.234" alone is text).
COMMA_NUMBER = re.compile(r"^[+-]?(\d*|[1-9]\d{0,2}(\.\d{3})+),\d*([eE][+-]?\d+)?$"
                          r"|^[+-]?[1-9]\d{0,2}(\.\d{3}){2,}([eE][+-]?\d+)?$")


def decode(raw):
    """Bytes to text as ingest.Open does."""
    if raw[:2] == b"\x1f\x8b":
        raw = gzip.decompress(raw)
    elif raw[:3] == b"BZh":
        raw = bz2.decompress(raw)
    boms = [(b"\xef\xbb\xbf", "utf-8"), (b"\xff\xfe\x00\x00", "utf-32-le"), (b"\x00\x00\xfe\xff", "utf-32-be"),
            (b"\xff\xfe", "utf-16-le"), (b"\xfe\xff", "utf-16-be")]
    for bom, enc in boms:
        if raw.startswith(bom):
            return raw[len(bom):].decode(enc, "surrogateescape")
    sample = raw[:4096]
    n = len(sample) // 4 * 4
    if b"\x00" in sample and n >= 4:
        zeros = [sum(1 for i in range(p, n, 4) if sample[i] == 0) for p in range(4)]
        q = n // 4
        for pos, enc in [((1, 2, 3), "utf-32-le"), ((0, 1, 2), "utf-32-be"), ((1, 3), "utf-16-le"), ((0, 2), "utf-16-be")]:
            if all((zeros[p] >= q * 9 // 10) if p in pos else (zeros[p] <= q // 10) for p in range(4)):
                return raw.decode(enc)
        raise SystemExit("binary data, not a text table")
    return raw.decode("utf-8", "surrogateescape")  # bytes that are not UTF-8 stay (text cells), as in lao


def separator(text):
    line = text[:4096].split("\n", 1)[0]
    best, n = ",", 0
    for c in ",;\t":
        if line.count(c) > n:
            best, n = c, line.count(c)
    if n == 0 and " " in line.strip():
        return " "
    return best


def ungroup(t, dec, thousands):
    """t with its groups of thousands joined and "." as its decimal mark, as
    ingest.ParseGrouped reads it, or None if a mark is out of place."""
    sign = t[:1] if t[:1] in "+-" else ""
    t = t[len(sign):]
    mant, exp = re.match(r"^([^eE]*)(.*)$", t).groups()
    whole, point, frac = mant.partition(dec)
    groups = whole.split(thousands)
    if len(groups) > 1 and (not groups[0] or len(groups[0]) > 3 or groups[0][0] == "0"):
        return None
    if any(len(g) != 3 for g in groups[1:]):
        return None
    digits = "".join(groups)
    if not re.fullmatch(r"\d*", digits) or not re.fullmatch(r"\d*", frac) or not digits + frac:
        return None
    return sign + digits + ("." + frac if point else "") + exp


def parse_cell(s, decimal_comma=False, thousands=""):
    """(value, kind) as ingest.ParseCell (ParseDecimalComma with
    decimal_comma, ParseGrouped with thousands): kind is 'number', 'missing'
    or 'text'."""
    t = s.strip()
    dec = "," if decimal_comma else "."
    if thousands and (dec in t or thousands in t):
        plain = ungroup(t, dec, thousands)
        if plain is not None:
            t = plain
        elif t.lower() not in MISSING:
            return math.nan, "text"
    elif decimal_comma and ("," in t or "." in t):
        if COMMA_NUMBER.match(t) and any(c.isdigit() for c in t):
            t = t.replace(".", "").replace(",", ".", 1)
        elif t.lower() not in MISSING:
            return math.nan, "text"
    if NUMBER.match(t):
        v = float(t)
        if math.isfinite(v):
            return v, "number"
    if t.lower() in MISSING:
        return math.nan, "missing"
    if t.lower() in ("true", "false"):
        return float(t.lower() == "true"), "number"
    return math.nan, "text"


def load(path, target, ignore, missing, decimal_comma=False, thousands="", skip_lines=0, no_header=False):
    """The table as lao reads it: features X and labels y by file line, and a report."""
    with open(path, "rb") as f:
        text = decode(f.read())
    if "\n" not in text[:65536] and "\r" in text[:65536]:
        text = text.replace("\r", "\n")
    parts = text.split("\n", skip_lines)
    if len(parts) <= skip_lines or not parts[skip_lines]:
        raise SystemExit(f"{path}: the table was to start after line {skip_lines}, and nothing is left")
    text = parts[skip_lines]
    comma = separator(text)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=comma, skipinitialspace=comma == " ")
    header, rows = None, []
    for rec in reader:
        if not rec:
            continue
        if header is None and no_header:
            header = [f"column{j + 1}" for j in range(len(rec))]
        elif header is None:
            header = [h.strip() or f"column{j + 1}" for j, h in enumerate(rec)]
            if any("\udc80" <= c <= "\udcff" for h in header for c in h):
                raise SystemExit(f"{path}: the header is not UTF-8 text; convert the file to UTF-8")
            continue
        line = reader.line_num - rec_lines(rec) + 1 + skip_lines
        if len(rec) != len(header):
            raise SystemExit(f"{path}: line {line} has {len(rec)} fields, the header has {len(header)}")
        rows.append((line, [parse_cell(c, decimal_comma, thousands) for c in rec]))
    return classify(path, header, rows, target, ignore, missing)


def rec_lines(rec):
    return 1 + sum(c.count("\n") for c in rec)


def classify(path, header, rows, target, ignore, missing):
    if target not in header:
        raise SystemExit(f"{path}: target column {target!r} not in the header ({', '.join(header)})")
    kinds, bad = {}, {}
    for j, name in enumerate(header):
        nums = sum(1 for _, r in rows if r[j][1] == "number")
        texts = sum(1 for _, r in rows if r[j][1] == "text")
        kinds[name] = ("ignored" if name in ignore else "empty" if nums == 0 and texts == 0
                       else "numeric" if nums > texts else "text")
        if kinds[name] == "numeric":
            bad[name] = [ln for ln, r in rows if r[j][1] != "number"]
    if kinds[target] != "numeric":
        raise SystemExit(f"{path}: target column {target!r} is {kinds[target]}")
    culprits = [n for n in header if bad.get(n)]
    if missing == "error" and culprits:
        raise SystemExit(f"{path}: numeric columns with cells missing or not numbers: {', '.join(culprits)}")
    drop = set(bad[target])
    if missing == "drop-rows":
        for n in culprits:
            drop |= set(bad[n])
    feats = [j for j, n in enumerate(header) if kinds[n] == "numeric" and n != target]
    t = header.index(target)
    X = {ln: [r[j][0] for j in feats] for ln, r in rows if ln not in drop}
    y = {ln: r[t][0] for ln, r in rows if ln not in drop}
    filled = {header[j]: sum(1 for ln, r in rows if ln not in drop and r[j][1] != "number") for j in feats}
    report = {"columns": [header[j] for j in feats], "unused": {n: k for n, k in kinds.items() if k != "numeric"},
              "dropped_lines": sorted(drop), "cells_filled": {n: c for n, c in filled.items() if c > 0}}
    return X, y, report


def fill_means(Xtr, Xte):
    """Fill NaN cells with the training part's column means (lao --missing mean)."""
    mean = np.nanmean(Xtr, axis=0)
    for A in (Xtr, Xte):
        i, j = np.where(np.isnan(A))
        A[i, j] = mean[j]
    return Xtr, Xte


def options(argv):
    opts = {"--ignore": "", "--missing": "error", "--decimal": ".", "--thousands": "", "--skip-lines": "0"}
    no_header = "--no-header" in argv
    argv = [a for a in argv if a != "--no-header"]
    for k in opts:
        if k in argv:
            i = argv.index(k)
            opts[k] = argv[i + 1]
            argv = argv[:i] + argv[i + 2:]
    if opts["--missing"] not in ("error", "drop-rows", "mean"):
        raise SystemExit("--missing must be error, drop-rows or mean")
    if opts["--decimal"] not in (".", ","):
        raise SystemExit("--decimal must be . or ,")
    if opts["--thousands"] not in ("", ".", ",", "'", " ") or opts["--thousands"] == opts["--decimal"]:
        raise SystemExit("--thousands must be . , ' or a space, not the decimal mark")
    if not opts["--skip-lines"].isdigit():
        raise SystemExit("--skip-lines must be 0 or more lines")
    ignore = [c.strip() for c in opts["--ignore"].split(",") if c.strip()]
    return argv, ignore, opts["--missing"], opts["--decimal"] == ",", opts["--thousands"], int(opts["--skip-lines"]), no_header


def main(argv):
    argv, ignore, missing, decimal_comma, thousands, skip_lines, no_header = options(argv)
    path, target = argv[1], argv[2]
    X, y, report = load(path, target, ignore, missing, decimal_comma, thousands, skip_lines, no_header)
    if argv[3:] == ["--describe"]:
        print(json.dumps(report))
        return
    run(X, y, argv[3])


def run(X, y, splits):
    from sklearn.exceptions import ConvergenceWarning
    from sklearn.linear_model import LassoCV, Ridge, RidgeCV
    from sklearn.model_selection import KFold
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

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
        Xtr, Xte = fill_means(np.array([X[l] for l in tr]), np.array([X[l] for l in te]))
        ytr, yte = np.array([y[l] for l in tr]), np.array([y[l] for l in te])
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
