#!/bin/bash
# Times 'lao fit' with its default CV for every online budgeted solver, and
# 'lao compare' with its defaults, on the 20190-row RAND health insurance
# table (randhie.csv of cmd/bench/paysoff_tables.py: 9 attributes and the
# label), with successive halving (the default, --cv-halving auto) and
# without it (--cv-halving off, the figures before halving). Prints one line
# per run: wall seconds and user CPU seconds (both cores count).
#
#   bash cmd/bench/paysoff_speed.sh TABLES_DIR [SOLVERS]
#
# Run it on an idle machine: a busy one inflates the wall times.
set -euo pipefail
dir=${1:?usage: paysoff_speed.sh TABLES_DIR [SOLVERS]}
solvers=${2:-aerr,aelr,aer,centroid,baseline,gaerr,gaelr,ddaerr,ddaelr,twophased-ddaerr,twophased-ddaelr,aesvr,screen-ridge,adaptive-screen,corrected-ridge,exploration,hybrid,rda,dantzig}
here=$(cd "$(dirname "$0")" && pwd)
bin=$(mktemp -d)/lao
go build -o "$bin" "$here/../lao"
data=(--data "$dir/randhie.csv" --target mdvis)
echo "# $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2) ; $(nproc) cores; load $(cut -d' ' -f1-3 /proc/loadavg)"
# COMPARE=0 skips the compare runs (minutes each on a busy machine).
for h in auto off; do
  for s in ${solvers//,/ }; do
    /usr/bin/time -f "fit $s k=4 halving=$h: %e s wall, %U s user" "$bin" fit "${data[@]}" --solver "$s" --k 4 --cv-halving "$h" >/dev/null
  done
  if [ "${COMPARE:-1}" = 1 ]; then
    /usr/bin/time -f "compare (defaults) halving=$h: %e s wall, %U s user" "$bin" compare "${data[@]}" --cv-halving "$h" --quiet >/dev/null
  fi
done 2>&1
