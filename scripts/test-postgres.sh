#!/usr/bin/env bash
# Starts (or stops) a throwaway PostgreSQL server for the test suite, never touching the system cluster.
# Usage: scripts/test-postgres.sh start|status|stop|resume   — prints the DATABASE_URL on start and resume.
# `start` makes a fresh, empty server; `resume` starts a stopped one again with its data (the crash-safety test).
set -euo pipefail
PGDIR=${TEST_PG_DIR:-/tmp/utsav-test-pg}
PGPORT=${TEST_PG_PORT:-5434}

find_bin() {
  local found
  found=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  [ -n "$found" ] && echo "$found"
}

run_server() {
  runuser -u postgres -- "$1/pg_ctl" -D "$PGDIR" -l "$PGDIR/log" -w \
    -o "-p $PGPORT -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=500" start >/dev/null
  echo "postgres://postgres@127.0.0.1:$PGPORT/postgres"
}

case "${1:-start}" in
  start)
    BIN=$(find_bin || true)
    if [ -z "$BIN" ]; then
      echo "PostgreSQL is not installed; installing it from Debian's apt..." >&2
      if [ "$(id -u)" != 0 ]; then echo "Missing: PostgreSQL server (apt-get install postgresql) and not root to install it." >&2; exit 1; fi
      (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null) >&2 ||
        { echo "Missing: PostgreSQL server; apt-get install postgresql failed." >&2; exit 1; }
      BIN=$(find_bin)
    fi
    if runuser -u postgres -- "$BIN/pg_ctl" -D "$PGDIR" status >/dev/null 2>&1; then
      echo "postgres://postgres@127.0.0.1:$PGPORT/postgres"; exit 0
    fi
    rm -rf "$PGDIR"
    install -d -o postgres -g postgres "$PGDIR"
    runuser -u postgres -- "$BIN/initdb" -D "$PGDIR" -U postgres -A trust --no-sync >/dev/null
    run_server "$BIN"
    ;;
  resume)
    BIN=$(find_bin)
    run_server "$BIN"
    ;;
  status)
    BIN=$(find_bin || true)
    [ -n "$BIN" ] && runuser -u postgres -- "$BIN/pg_ctl" -D "$PGDIR" status >/dev/null 2>&1
    ;;
  stop)
    BIN=$(find_bin || true)
    [ -n "$BIN" ] && runuser -u postgres -- "$BIN/pg_ctl" -D "$PGDIR" -m fast stop >/dev/null 2>&1 || true
    ;;
esac
