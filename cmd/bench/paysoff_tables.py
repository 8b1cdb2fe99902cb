#!/usr/bin/python3
"""Write the real tables of docs/results.md's "Does budgeted learning pay off?"
section as plain CSV files with a header row (nothing is committed; the data
ship in Debian packages):

    /usr/bin/python3 cmd/bench/paysoff_tables.py /tmp/paysoff

From python3-statsmodels (statsmodels/datasets/NAME/NAME.csv):
  star98.csv      303 California school districts; target pct_above_median =
                  100*PR50M/MATHTOT (share of pupils above the national math
                  median), the 20 other columns as features
  anes96.csv      944 respondents of the 1996 American National Election
                  Study; target vote as +1 (Dole) / -1 (Clinton)
  macrodata.csv   203 quarters of US macroeconomic series; target realinv,
                  features the 11 other series (year and quarter dropped)
  fair.csv        6366 women (Fair's affairs survey); target affairs
  randhie.csv     20190 person-years of the RAND health insurance experiment;
                  target mdvis (outpatient visits)
  longley.csv     16 years (Longley 1967); target TOTEMP (Obs dropped)
  grunfeld.csv    220 firm-years (Grunfeld 1958); target invest (firm dropped)
  statecrime.csv  51 US states; target violent (state dropped)
  ccard.csv       72 credit-card holders (Greene); target AVGEXP
From python3-sklearn (sklearn/datasets/data/):
  digits.csv      1797 8x8 digit images; target the digit 0-9 as a number
  iris.csv        150 flowers; target petal_width, features the 3 other
                  measurements (species dropped)
"""
import csv
import gzip
import os
import sys

SM = "/usr/lib/python3/dist-packages/statsmodels/datasets/"
SK = "/usr/lib/python3/dist-packages/sklearn/datasets/data/"


def read(path, delim=","):
    op = gzip.open if path.endswith(".gz") else open
    with op(path, "rt", newline="") as f:
        rows = list(csv.reader(f, delimiter=delim))
    return [c.strip().strip("'\"") for c in rows[0]], rows[1:]


def write(out, name, header, rows):
    with open(os.path.join(out, name), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        w.writerows(rows)


def keep(header, rows, drop):
    cols = [j for j, h in enumerate(header) if h not in drop]
    return [header[j] for j in cols], [[r[j] for j in cols] for r in rows]


def main(out):
    os.makedirs(out, exist_ok=True)
    h, r = read(SM + "star98/star98.csv")
    rows = [[x for j, x in enumerate(row) if j > 1] + [repr(100 * float(row[1]) / float(row[0]))] for row in r]
    write(out, "star98.csv", h[2:] + ["pct_above_median"], rows)
    h, r = read(SM + "anes96/anes96.csv", "\t")
    v = h.index("vote")
    write(out, "anes96.csv", h, [row[:v] + ["1" if float(row[v]) == 1 else "-1"] + row[v + 1:] for row in r])
    for name, drop in [("macrodata", ("year", "quarter")), ("fair", ()), ("longley", ("Obs",)),
                       ("grunfeld", ("firm",)), ("statecrime", ("state",)), ("ccard", ())]:
        write(out, name + ".csv", *keep(*read(SM + f"{name}/{name}.csv"), drop))
    h, r = read(SM + "randhie/randhie.csv")
    write(out, "randhie.csv", h, r)
    h, r = read(SK + "digits.csv.gz")
    write(out, "digits.csv", [f"px{j}" for j in range(64)] + ["digit"], [[str(int(float(x))) for x in row] for row in [h] + r])
    h, r = read(SK + "iris.csv")  # first line: counts, not names
    write(out, "iris.csv", ["sepal_length", "sepal_width", "petal_length", "petal_width"], [row[:4] for row in r])
    print("wrote 11 tables to", out)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")
