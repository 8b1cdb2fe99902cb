# shellcheck shell=bash
# Sourced by .ci/run (from the module root). Installs PostgreSQL from
# Debian's package if it is missing, starts a throwaway server on
# 127.0.0.1 (a cluster in a temporary directory, trust authentication,
# stopped when .ci/run exits) and exports LAO_POSTGRES (its URL) and
# LAO_POSTGRES_REQUIRED=1, so that the PostgreSQL integration tests of
# frames/sqltable run and a connection failure fails them. If the server
# cannot be started, it says why and the tests skip with a message.

lao_postgres_setup() {
  local log bin dir port=54329 sudo=""
  log="$(mktemp)"
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo -n"; fi
  if ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
    echo "== postgres: apt-get install postgresql"
    if ! { $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
      $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql; } </dev/null >"$log" 2>&1; then
      tail -n 20 "$log" >&2
      echo ".ci/postgres.sh: apt-get install postgresql failed: the PostgreSQL tests will be skipped" >&2
      rm -f "$log"
      return 0
    fi
  fi
  bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
  dir="$(mktemp -d /tmp/lao-postgres.XXXXXX)"
  local as=()
  if [ "$(id -u)" -eq 0 ]; then # initdb refuses to run as root
    chown postgres "$dir"
    as=(runuser -u postgres --)
  fi
  echo "== postgres: starting a server on 127.0.0.1:$port ($bin)"
  if ! { "${as[@]}" "$bin/initdb" -D "$dir/data" -U lao --auth=trust &&
    "${as[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
      -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off" start &&
    "${as[@]}" "$bin/createdb" -h 127.0.0.1 -p "$port" -U lao lao; } </dev/null >"$log" 2>&1; then
    tail -n 20 "$log" "$dir/server.log" >&2 || true
    echo ".ci/postgres.sh: the server did not start: the PostgreSQL tests will be skipped" >&2
    rm -f "$log"
    return 0
  fi
  rm -f "$log"
  LAO_POSTGRES_STOP="${as[*]} $bin/pg_ctl -D $dir/data -m fast stop"
  export LAO_POSTGRES="postgres://lao@127.0.0.1:$port/lao?sslmode=disable"
  export LAO_POSTGRES_REQUIRED=1
}

lao_postgres_setup
if [ -n "${LAO_POSTGRES_STOP:-}" ]; then
  # shellcheck disable=SC2064 # expand now: the command is fixed
  trap "$LAO_POSTGRES_STOP >/dev/null 2>&1 || true" EXIT
fi
