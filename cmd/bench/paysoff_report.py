#!/usr/bin/python3
"""Markdown for docs/results.md from the output directory of paysoff.sh.

    /usr/bin/python3 cmd/bench/paysoff_report.py OUT > report.md

For every table: m, d, the zero predictor, and per solver the test MSE ratio
(test MSE / the training mean's) at k = 2, 4, 8 (mean ± sd over the splits),
the full-information references and scikit-learn's RidgeCV/LassoCV on the
same splits. Then the scoreboard: in how many (table, k) cells the best
budget-honest method other than screen-ridge is at or below screen-ridge,
with the paired difference over the splits (mean and 95 % t interval: a
cell is "clearly" won or lost only when the interval excludes 0), and the
largest ratio any solver reached (the target: 1.05), with the half-width
of its 95 % t interval. Every interval is the corrected resampled t of
Nadeau & Bengio (2003), as compare's own: the random splits' training
parts overlap, so the half-width is t·sd·sqrt(1/n + n_test/n_train), not
t·sd/sqrt(n). The best other method of a cell is chosen after the
fact, among many, which favours it; no interval corrects for that.
"""
import glob
import json
import math
import os
import sys

BASELINE = "screen-ridge"

# Two-sided 95 % quantiles of Student's t by degrees of freedom (1-29).
T975 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145,
        2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045]


def ratios(row):
    """The row's test MSE ratio per split, keyed by the split's seed."""
    return {r["seed"]: r["test_mse"] / r["zero_predictor_mse"] for r in row.get("runs") or []
            if r.get("test_mse") is not None and r.get("zero_predictor_mse")}


def test_over_train(rep):
    """n_test/n_train of compare's splits, as its verdict used it (JSON
    test_over_train); else from round(test_frac·m) test rows, as compare
    holds out (half away from zero, as Go's math.Round)."""
    for v in rep.get("verdict") or []:
        r = (v.get("gap_to_zero_predictor") or {}).get("test_over_train")
        if r:
            return r
    m = rep["m"]
    n_test = math.floor(rep["test_frac"] * m + 0.5)
    return n_test / (m - n_test)


def interval(xs, rho):
    """Mean and 95 % t half-width of xs over random splits of one table with
    n_test/n_train = rho, corrected for their overlap (Nadeau & Bengio 2003;
    half-width NaN below 2 values)."""
    n = len(xs)
    m = sum(xs) / n
    if n < 2:
        return m, float("nan")
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))
    return m, T975[min(n - 2, len(T975) - 1)] * sd * math.sqrt(1 / n + rho)


def fmt(m, sd):
    if m is None or (isinstance(m, float) and math.isnan(m)):
        return "-"
    return f"{m:.3f} ± {sd:.3f}"


def main(out):
    cells, worst, lines = [], [], []
    for path in sorted(glob.glob(os.path.join(out, "*.json"))):
        name = os.path.basename(path)[:-5]
        if name.endswith(".sklearn"):
            continue
        rep = json.load(open(path))
        if rep.get("test_last"):
            # Every split tested the same last rows: the intervals below are
            # over random splits and would be wrong for it.
            sys.exit(f"{path}: a compare --test-last report; this scoreboard reads random splits only")
        sk = []
        skp = os.path.join(out, name + ".sklearn.json")
        if os.path.exists(skp):
            try:
                sk = json.load(open(skp))
            except ValueError:
                sk = []
        ks = sorted({r["k"] for r in rep["rows"] if not r["full_information"]})
        lines.append(f"**{name}** (target `{rep.get('target', '')}`; m = {rep['m']}, d = {rep['d']}, {rep['repeats']} splits"
                     + (", labels ±1" if rep.get("labels_plus_minus_one") else "") + ")\n")
        lines.append("| solver | " + " | ".join(f"k = {k}" for k in ks) + " |")
        lines.append("|---|" + "---|" * len(ks))
        by = {}
        for r in rep["rows"]:
            by.setdefault(r["solver"], {})["full" if r["full_information"] else r["k"]] = r
        for s, rows in by.items():
            if "full" in rows:
                continue
            cols = []
            for k in ks:
                r = rows.get(k)
                cols.append(fmt(r["test_mse_over_zero_predictor"]["mean"], r["test_mse_over_zero_predictor"]["sd"]) if r else "-")
                if r:
                    worst.append((r["test_mse_over_zero_predictor"]["mean"], name, s, k, interval(list(ratios(r).values()), test_over_train(rep))[1]))
            lines.append(f"| {s} | " + " | ".join(cols) + " |")
        for s, rows in by.items():
            if "full" in rows:
                r = rows["full"]
                v = fmt(r["test_mse_over_zero_predictor"]["mean"], r["test_mse_over_zero_predictor"]["sd"])
                lines.append(f"| {s} (all {r['k']}) | " + " | ".join([v] * len(ks)) + " |")
                worst.append((r["test_mse_over_zero_predictor"]["mean"], name, s, "all", interval(list(ratios(r).values()), test_over_train(rep))[1]))
        for e in sk:
            v = fmt(e["ratio"][0], e["ratio"][1])
            lines.append(f"| {e['estimator']} | " + " | ".join([v] * len(ks)) + " |")
        for k in ks:
            cand = [(rows[k]["test_mse_over_zero_predictor"]["mean"], s) for s, rows in by.items()
                    if k in rows and s != BASELINE and "full" not in rows]
            base = by.get(BASELINE, {}).get(k)
            if cand and base:
                best = min(cand)
                a, b = ratios(by[best[1]][k]), ratios(base)
                diff = interval([a[seed] - b[seed] for seed in a if seed in b], test_over_train(rep))
                cells.append((name, k, best[1], best[0], base["test_mse_over_zero_predictor"]["mean"], diff))
        verdict = rep.get("verdict") or []
        if verdict:
            lines.append("")
            for v in verdict:
                lines.append(f"- {v['recommendation']}")
        lines.append("")
    won = [c for c in cells if c[3] <= c[4]]
    lost = [c for c in cells if c[5][0] - c[5][1] > 0]
    better = [c for c in cells if c[5][0] + c[5][1] < 0]
    head = [f"Scoreboard: the best budget-honest method other than {BASELINE} is at or below {BASELINE} in "
            f"{len(won)} of {len(cells)} (table, k) cells ({100 * len(won) / max(len(cells), 1):.0f} %); "
            f"by the paired differences over the splits (95 % corrected resampled t interval) it is clearly below in {len(better)}, "
            f"clearly above in {len(lost)} and within noise in {len(cells) - len(better) - len(lost)}.\n",
            "| table | k | best other method | its ratio | screen-ridge | paired difference (95 % interval) |",
            "|---|---|---|---|---|---|"]
    for c in cells:
        head.append(f"| {c[0]} | {c[1]} | {c[2]} | {c[3]:.3f} | {c[4]:.3f} | {c[5][0]:+.3f} ± {c[5][1]:.3f} |")
    worst.sort(reverse=True)
    head.append("")
    head.append("Largest mean ratios (target: none above 1.05; ± the 95 % corrected resampled t half-width over the splits): " +
                "; ".join(f"{w[2]} k = {w[3]} on {w[1]}: {w[0]:.3f} ± {w[4]:.3f}" for w in worst[:8]) + "\n")
    print("\n".join(head + lines))


if __name__ == "__main__":
    main(sys.argv[1])
