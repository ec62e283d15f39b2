#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the PostgreSQL test suites (CI and local runs).
#   scripts/pg-throwaway.sh start DIR   initdb + pg_ctl start on a Unix socket in DIR (no TCP), as the
#                                      `postgres` user when run as root; prints the URL to use as TEST_DATABASE_URL
#   scripts/pg-throwaway.sh stop DIR    stops it (the caller removes DIR)
# Needs Debian's `postgresql` package (initdb and pg_ctl under /usr/lib/postgresql/<major>/bin).
set -euo pipefail
cmd=${1:?start|stop}
dir=${2:?a directory}

bindir() {
  local found
  for found in /usr/lib/postgresql/*/bin; do [ -x "$found/initdb" ] && { echo "$found"; return; }; done
  command -v initdb >/dev/null && { dirname "$(command -v initdb)"; return; }
  echo "PostgreSQL is not installed (apt-get install -y postgresql)" >&2
  exit 1
}

as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

bin=$(bindir)
case "$cmd" in
  start)
    mkdir -p "$dir"
    [ "$(id -u)" -eq 0 ] && chown postgres "$dir"
    # UTF-8 with a UTF-8 locale, as the official image: full-text search lower-cases Cyrillic as well as Latin.
    as_owner "$bin/initdb" -D "$dir/data" -A trust -U postgres -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log"
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
      -o "-k $dir -c listen_addresses='' -c max_connections=300 -c fsync=on -c synchronous_commit=on" start >/dev/null
    echo "postgres://postgres@/postgres?host=$dir"
    ;;
  stop)
    [ -d "$dir/data" ] && as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null || true
    ;;
  *)
    echo "usage: $0 start|stop DIR" >&2
    exit 2
    ;;
esac
