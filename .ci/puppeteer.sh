# shellcheck shell=bash
# Sourced by .ci/run after .ci/notebooks.sh. Installs Node.js (Debian's
# nodejs and npm, if node is missing) and puppeteer-core at a pinned version
# into the user's cache, outside the checkout, and exports LAO_PUPPETEER_DIR,
# so that kernel's TestDriveLiveSliders can open a notebook in a Jupyter
# server with headless Chromium and move its GoNB widget sliders. Idempotent
# and quiet: one line per step, a step's log only if it fails.

lao_puppeteer_setup() {
  # puppeteer-core 25 needs Node.js 22; the 24 line runs on Debian 12's 18 and on 20.
  # Keep in step with kernel.PuppeteerVersion.
  local version="24.40.0" dir log sudo=""
  dir="${XDG_CACHE_HOME:-$HOME/.cache}/lao/puppeteer-core-$version"
  log="$(mktemp)"
  if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo -n"; fi
    echo "== puppeteer: apt-get install nodejs npm"
    # shellcheck disable=SC2086 # word splitting of $sudo is intended
    if ! { $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
      $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm; } </dev/null >"$log" 2>&1; then
      tail -n 40 "$log" >&2
      echo ".ci/puppeteer.sh: apt-get failed" >&2
      rm -f "$log"
      return 1
    fi
  fi
  if [ ! -f "$dir/node_modules/puppeteer-core/package.json" ]; then
    echo "== puppeteer: npm install puppeteer-core@$version into $dir"
    mkdir -p "$dir"
    [ -f "$dir/package.json" ] || echo '{"private": true}' >"$dir/package.json"
    if ! (cd "$dir" && npm install --no-audit --no-fund --save-exact "puppeteer-core@$version") </dev/null >"$log" 2>&1; then
      tail -n 40 "$log" >&2
      echo ".ci/puppeteer.sh: npm install failed" >&2
      rm -f "$log"
      return 1
    fi
  fi
  rm -f "$log"
  export LAO_PUPPETEER_DIR="$dir"
}

lao_puppeteer_setup
