# shellcheck shell=bash
# Sourced by .ci/run (from the module root). Installs Jupyter and Chromium from Debian and
# the GoNB kernel, then exports LAO_NOTEBOOKS=1 so that `go test ./notebooks/`
# must execute every notebook instead of skipping. Idempotent and quiet: it
# prints one line per step and the log of a step only if it fails. Needs
# apt-get (as root, or sudo) and Go; safe under `set -euo pipefail`, no stdin.

lao_notebooks_setup() {
  local root log sudo="" missing="" p
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  log="$(mktemp)"
  # libjs-mathjax, libjs-requirejs: bundled with the exported pages; chromium: the notebook test drives
  # the sliders of the exported pages in headless Chromium.
  local pkgs="jupyter-notebook jupyter-nbconvert jupyter-client python3-nbclient python3-ipykernel libjs-mathjax libjs-requirejs chromium"

  for p in $pkgs; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
      missing="$missing $p"
    fi
  done
  if [ -n "$missing" ]; then
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo -n"; fi
    echo "== notebooks: apt-get install$missing"
    # shellcheck disable=SC2086 # word splitting of $sudo and $missing is intended
    if ! { $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
      $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing; } </dev/null >"$log" 2>&1; then
      tail -n 40 "$log" >&2
      echo ".ci/notebooks.sh: apt-get failed" >&2
      rm -f "$log"
      return 1
    fi
  fi

  echo "== notebooks: go run ./kernel/cmd/install (GoNB + goimports, kernelspec gonb)"
  if ! (cd "$root" && go run ./kernel/cmd/install) </dev/null >"$log" 2>&1; then
    tail -n 40 "$log" >&2
    echo ".ci/notebooks.sh: kernel install failed" >&2
    rm -f "$log"
    return 1
  fi
  rm -f "$log"
  export LAO_NOTEBOOKS=1
}

lao_notebooks_setup
