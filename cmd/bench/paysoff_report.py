#!/usr/bin/python3
"""Markdown for docs/results.md from the output directory of paysoff.sh.

    /usr/bin/python3 cmd/bench/paysoff_report.py OUT > report.md

For every table: m, d, the zero predictor, and per solver the test MSE ratio
(test MSE / the training mean's) at k = 2, 4, 8 (mean ± sd over the splits),
the full-information references and scikit-learn's RidgeCV/LassoCV on the
same splits. Then the scoreboard: in how many (table, k) cells the best
budget-honest method other than screen-ridge is at or below screen-ridge,
and the largest ratio any solver reached (the target: 1.05).
"""
import glob
import json
import math
import os
import sys

BASELINE = "screen-ridge"


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
                    worst.append((r["test_mse_over_zero_predictor"]["mean"], name, s, k))
            lines.append(f"| {s} | " + " | ".join(cols) + " |")
        for s, rows in by.items():
            if "full" in rows:
                r = rows["full"]
                v = fmt(r["test_mse_over_zero_predictor"]["mean"], r["test_mse_over_zero_predictor"]["sd"])
                lines.append(f"| {s} (all {r['k']}) | " + " | ".join([v] * len(ks)) + " |")
                worst.append((r["test_mse_over_zero_predictor"]["mean"], name, s, "all"))
        for e in sk:
            v = fmt(e["ratio"][0], e["ratio"][1])
            lines.append(f"| {e['estimator']} | " + " | ".join([v] * len(ks)) + " |")
        for k in ks:
            cand = [(rows[k]["test_mse_over_zero_predictor"]["mean"], s) for s, rows in by.items()
                    if k in rows and s != BASELINE and "full" not in rows]
            base = by.get(BASELINE, {}).get(k)
            if cand and base:
                best = min(cand)
                cells.append((name, k, best[1], best[0], base["test_mse_over_zero_predictor"]["mean"]))
        verdict = rep.get("verdict") or []
        if verdict:
            lines.append("")
            for v in verdict:
                lines.append(f"- {v['recommendation']}")
        lines.append("")
    won = [c for c in cells if c[3] <= c[4]]
    head = [f"Scoreboard: the best budget-honest method other than {BASELINE} is at or below {BASELINE} in "
            f"{len(won)} of {len(cells)} (table, k) cells ({100 * len(won) / max(len(cells), 1):.0f} %).\n",
            "| table | k | best other method | its ratio | screen-ridge |", "|---|---|---|---|---|"]
    for c in cells:
        head.append(f"| {c[0]} | {c[1]} | {c[2]} | {c[3]:.3f} | {c[4]:.3f} |")
    worst.sort(reverse=True)
    head.append("")
    head.append("Largest mean ratios (target: none above 1.05): " +
                "; ".join(f"{w[2]} k = {w[3]} on {w[1]}: {w[0]:.3f}" for w in worst[:8]) + "\n")
    print("\n".join(head + lines))


if __name__ == "__main__":
    main(sys.argv[1])
