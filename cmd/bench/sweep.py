#!/usr/bin/python3
"""Run `lao fit` with its defaults on every CSV table of a directory tree, as
a new user would, and summarise what a user would have to trust: crashes,
errors, JSON that does not parse or holds null, models worse than the mean
without a warning, and how often the same-budget baseline beats the fit.

    /usr/bin/python3 cmd/bench/sweep.py LAO DIR OUT.jsonl [--solver aerr]

LAO is a built `lao` binary, DIR a tree of CSV files (e.g. the csv/ folder of
vincentarelbundock/Rdatasets, which docs/results.md names with its commit).
Each table's label is its last column (the first excepted: R's row names)
whose cells are all numbers with at least 5 distinct values; a table of fewer
than 30 data rows, or without such a column, is skipped. Every fit runs at
`nice -n 19` with `--missing mean` and a 300 s limit. One JSON line per table
goes to OUT.jsonl, the summary to standard output.
"""
import argparse
import csv
import json
import os
import subprocess
import sys
import time


def is_number(v):
    try:
        float(v)
        return True
    except ValueError:
        return False


def label_column(path):
    """The table's label (see the module's doc) and its size, or None."""
    csv.field_size_limit(1 << 24)
    with open(path, newline='', encoding='utf-8', errors='replace') as fh:
        rows = list(csv.reader(fh))
    if len(rows) < 31:
        return None
    head, body = rows[0], rows[1:]
    for j in range(len(head) - 1, 0, -1):
        col = [r[j] if j < len(r) else '' for r in body]
        if all(is_number(v) for v in col) and len(set(col)) >= 5:
            return head[j], len(body), len(head)
    return None


def fit(lao, path, target, solver):
    """One default fit's record."""
    rec = {}
    start = time.time()
    try:
        p = subprocess.run(['nice', '-n', '19', lao, 'fit', '--data', path, '--target', target, '--solver', solver,
                            '--missing', 'mean', '--json'], capture_output=True, text=True, timeout=300)
    except subprocess.TimeoutExpired:
        return {'timeout': True, 'seconds': 300}
    rec['seconds'] = round(time.time() - start, 2)
    rec['exit'] = p.returncode
    if 'panic' in p.stderr or 'goroutine ' in p.stderr:
        rec['panic'] = p.stderr[:2000]
    if p.returncode != 0:
        rec['error'] = p.stderr.strip()[:600]
        return rec
    try:
        d = json.loads(p.stdout)
    except ValueError as e:
        rec['json_error'] = str(e)
        return rec
    rec['nulls'] = [k for k, v in d.items() if v is None]
    zero = d['zero_predictor_mse']
    rec['ratio'] = d['test_mse'] / zero if zero else None
    rec['d'], rec['m_test'], rec['warnings'] = d['d'], d.get('m_test'), d['warnings']
    base = d.get('same_budget_baseline')
    rec['baseline'] = base['baseline'] if base else None
    rec['baseline_ratio'] = base['ratio'] if base else None
    return rec


def summary(recs):
    ok = [r for r in recs if r.get('exit') == 0 and r.get('ratio') is not None]
    worse = [r for r in ok if r['ratio'] > 1]
    silent = [r for r in worse if not any('zero predictor' in w for w in r['warnings'])]
    fired = [r for r in ok if any('under the same budget' in w for w in r['warnings'])]
    print(f"{len(recs)} tables fitted: {sum('panic' in r for r in recs)} panics, {sum(r.get('timeout', False) for r in recs)} timeouts, "
          f"{sum(r.get('exit', 0) != 0 for r in recs)} errors, {sum('json_error' in r for r in recs)} JSON that does not parse, "
          f"{sum(bool(r.get('nulls')) for r in ok)} with a null")
    print(f"{len(worse)} of {len(ok)} fits above the zero predictor's test MSE, {len(silent)} of them without a warning")
    print(f"the same-budget baseline warned on {len(fired)} of {len(ok)} fits")
    secs = sorted(r.get('seconds', 0) for r in recs)
    if secs:
        print(f"seconds per fit: median {secs[len(secs) // 2]}, max {secs[-1]}")
    for r in silent:
        print('  above the mean, no warning:', r['file'], r['target'], round(r['ratio'], 3))
    for r in recs:
        if 'panic' in r:
            print('  panic:', r['file'], r['panic'][:300])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('lao')
    ap.add_argument('dir')
    ap.add_argument('out')
    ap.add_argument('--solver', default='aerr')
    a = ap.parse_args()
    paths = sorted(os.path.join(r, f) for r, _, fs in os.walk(a.dir) for f in fs if f.endswith('.csv'))
    recs = []
    with open(a.out, 'w') as out:
        for path in paths:
            try:
                lab = label_column(path)
            except (OSError, csv.Error):
                continue
            if lab is None:
                continue
            rec = {'file': os.path.relpath(path, a.dir), 'target': lab[0], 'rows': lab[1], 'cols': lab[2]}
            rec.update(fit(a.lao, path, lab[0], a.solver))
            recs.append(rec)
            out.write(json.dumps(rec) + '\n')
            out.flush()
    summary(recs)


if __name__ == '__main__':
    sys.exit(main())
