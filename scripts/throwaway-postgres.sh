#!/usr/bin/env bash
# Starts a throwaway PostgreSQL 15 cluster on 127.0.0.1 for the API tests and prints the
# admin URL to use as TEST_DATABASE_URL. Usage: eval "$(bash scripts/throwaway-postgres.sh)"
# PostgreSQL refuses to run as root, so the cluster belongs to the postgres user.
set -euo pipefail
BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
PORT=${PG_TEST_PORT:-54329}
DIR=${PG_TEST_DIR:-/tmp/cik-pg-$PORT}
if [ ! -x "$BIN/initdb" ]; then
  echo "echo 'No PostgreSQL binaries at $BIN: skipping the PostgreSQL run' >&2"
  exit 0
fi
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
if ! as_pg "$BIN/pg_ctl" -D "$DIR" status >/dev/null 2>&1; then
  rm -rf "$DIR"; mkdir -p "$DIR"
  [ "$(id -u)" = 0 ] && chown postgres "$DIR"
  as_pg "$BIN/initdb" -D "$DIR" -U postgres --auth=trust -E UTF8 >/dev/null
  as_pg "$BIN/pg_ctl" -D "$DIR" -l "$DIR/log" -w -o "-c listen_addresses=127.0.0.1 -p $PORT -k /tmp -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" start >/dev/null
fi
echo "export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$PORT/postgres"
