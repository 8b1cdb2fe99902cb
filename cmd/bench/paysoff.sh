#!/bin/bash
# Regenerates docs/results.md's section "Does budgeted learning pay off on a
# user's table?": every table of cmd/bench/paysoff_tables.py (Debian's
# python3-statsmodels and python3-sklearn) and of cmd/bench/tables.py, k = 2,
# 4, 8, lao compare with its defaults (10 splits, 5-fold CV, the zero
# predictor a candidate) on seeded splits, scikit-learn's RidgeCV/LassoCV on the same
# splits, then cmd/bench/paysoff_report.py writes the markdown.
#
#   bash cmd/bench/paysoff.sh OUT [REPEAT] [LARGE_REPEAT]
#
# OUT receives the tables, one JSON and one splits file per table, the
# scikit-learn results and report.md. Needs /usr/bin/python3 with
# python3-sklearn and python3-statsmodels (apt-get install both). Nothing
# here is committed: the data ship in those packages.
set -euo pipefail
out=${1:?usage: paysoff.sh OUT [REPEAT] [LARGE_REPEAT]}
# REPEAT: compare's own default, 10 splits (5 until 2026-11-29: on a 72-row
# table one split of five decided a mean, docs/results.md). LARGE_REPEAT:
# the tables of more than 1000 rows, where the CV takes minutes.
repeat=${2:-10}
large_repeat=${3:-3}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out/tables"
/usr/bin/python3 "$here/paysoff_tables.py" "$out/tables" >/dev/null
/usr/bin/python3 "$here/tables.py" "$out/tables" >/dev/null
go build -o "$out/lao" "$here/../lao"

# Every budgeted solver of the library (AESVR since its default cap is
# remembered: its CV took 238 of 443 s on the 303-row table before).
all=aerr,aelr,aer,aesvr,centroid,baseline,gaerr,gaelr,ddaerr,ddaelr,twophased-ddaerr,twophased-ddaelr,screen-ridge,adaptive-screen,corrected-ridge,exploration,hybrid,rda,dantzig,ridge,lasso
# On the tables of more than 1000 rows, the solvers whose CV takes seconds.
fast=aerr,aelr,gaelr,ddaelr,baseline,screen-ridge,adaptive-screen,corrected-ridge,hybrid,ridge,lasso

# name target [extra lao flags] [--large]
tables=(
  "star98 pct_above_median"
  "anes96 vote"
  "macrodata realinv"
  "longley TOTEMP"
  "grunfeld invest"
  "statecrime violent"
  "ccard AVGEXP"
  "iris petal_width"
  "diabetes progression"
  "breast_cancer malignant"
  "wine cultivar"
  "linnerud Weight --ignore Waist,Pulse"
  "digits digit --large"
  "fair affairs --large"
  "randhie mdvis --large"
)
for spec in "${tables[@]}"; do
  read -r name target rest <<<"$spec"
  solvers=$all rep=$repeat extra=() ignore=()
  if [[ "$rest" == *--large* ]]; then solvers=$fast rep=$large_repeat; fi
  if [[ "$rest" == --ignore* ]]; then read -r _ cols <<<"$rest"; extra=(--ignore "$cols"); ignore=(--ignore "$cols"); fi
  [ -s "$out/$name.json" ] && continue # resume
  echo "== $name ($rep splits): $(date -u +%T)" >&2
  "$out/lao" compare --data "$out/tables/$name.csv" --target "$target" "${extra[@]}" --solvers "$solvers" \
    --repeat "$rep" --splits "$out/$name.splits.csv" --json --quiet >"$out/$name.json.tmp"
  mv "$out/$name.json.tmp" "$out/$name.json"
  JSON=1 env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE /usr/bin/python3 "$here/compare_sklearn.py" \
    "$out/tables/$name.csv" "$target" "$out/$name.splits.csv" "${ignore[@]}" | tail -1 >"$out/$name.sklearn.json"
done
/usr/bin/python3 "$here/paysoff_report.py" "$out" >"$out/report.md"
echo "wrote $out/report.md" >&2
