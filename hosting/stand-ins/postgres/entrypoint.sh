#!/bin/sh
# The first start makes the cluster as the official image does: POSTGRES_USER (postgres) with
# POSTGRES_PASSWORD, password (scram-sha-256) connections from anywhere, and POSTGRES_DB.
set -eu
if [ "${1:-}" = postgres ] && [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD must be set}"
  user=${POSTGRES_USER:-postgres}
  database=${POSTGRES_DB:-$user}
  password=$(mktemp)
  printf '%s\n' "$POSTGRES_PASSWORD" >"$password"
  initdb --username="$user" --pwfile="$password" --auth=scram-sha-256 --encoding=UTF8 \
    --locale=C.UTF-8 -D "$PGDATA" >/dev/null
  rm -f "$password"
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  echo "listen_addresses = '*'" >>"$PGDATA/postgresql.conf"
  if [ "$database" != postgres ]; then
    echo "CREATE DATABASE \"$database\" OWNER \"$user\"" |
      postgres --single -D "$PGDATA" -j postgres >/dev/null
  fi
fi
exec "$@"
