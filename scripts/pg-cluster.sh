#!/usr/bin/env bash
# Throwaway Postgres 15 cluster for tests: `pg-cluster.sh start DIR PORT` prints its URL,
# `pg-cluster.sh stop DIR` stops and removes it. Postgres refuses to run as root, so the cluster
# runs as the `postgres` user; connections from loopback are trusted. As on Supabase, the bootstrap
# superuser is `supabase_admin` and the printed URL connects as it; stack/sql/platform.sql then
# creates the `postgres` role as Supabase has it (not a superuser). Tests trade durability for
# speed (fsync off); PG_CLUSTER_DURABLE=1 keeps Postgres' production defaults, for benchmarks.
set -euo pipefail
PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
cmd=${1:?start|stop}
dir=${2:?data directory}

as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "$cmd" in
  start)
    port=${3:?port}
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres: "$dir"
    as_postgres "$PG_BIN/initdb" -D "$dir/data" -U supabase_admin --auth=trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log"
    options="-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=300"
    if [ "${PG_CLUSTER_DURABLE:-0}" != 1 ]; then
      options="$options -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    fi
    as_postgres "$PG_BIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -o "$options" start >/dev/null
    echo "postgresql://supabase_admin@127.0.0.1:$port/postgres"
    ;;
  stop)
    if [ -d "$dir/data" ]; then
      as_postgres "$PG_BIN/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
    fi
    rm -rf "$dir"
    ;;
  *) echo "usage: $0 start DIR PORT | stop DIR" >&2; exit 2 ;;
esac
