#!/usr/bin/env bash
# The migration that takes the database supabase/migrations builds to the one supabase/schemas
# describes, or proof that there is none.
#
#   scripts/db-diff.sh NAME     (npm run db:diff -- NAME) writes supabase/migrations/<timestamp>_NAME.sql
#                               with the difference, or says "no changes" and writes nothing;
#   scripts/db-diff.sh --check  exits 1 and prints the difference when there is one (CI).
#   --cluster URL               build the two databases in a running cluster (a superuser URL such as
#                               scripts/pg-cluster.sh prints; scripts/test-all.sh passes its own) and
#                               drop them after, instead of starting a throwaway cluster.
#
# Both databases are built as the project builds one: stack/sql/platform.sql as the superuser, then,
# as `postgres`, either `supabase migration up` or the files of [db.migrations] schema_paths in
# supabase/config.toml, in that order. `supabase db diff --use-pg-delta` then compares the two (it
# connects to both URLs; no Docker).
set -euo pipefail
cd "$(dirname "$0")/.."
export NPM_CONFIG_LOGLEVEL=error

usage() { echo "usage: $0 NAME | --check  [--cluster SUPERUSER_URL]" >&2; exit 2; }
mode= name= cluster_url=
while [ $# -gt 0 ]; do
  case "$1" in
    --check) mode=check ;;
    --cluster) cluster_url=${2:?--cluster needs a URL}; shift ;;
    -h|--help) usage ;;
    -*) usage ;;
    *) [ -z "$name" ] || usage; name=$1; mode=${mode:-write} ;;
  esac
  shift
done
[ -n "$mode" ] || usage
if [ "$mode" = write ] && ! [[ "$name" =~ ^[a-z0-9_]+$ ]]; then
  echo "The migration name is lower-case letters, digits and underscores: $name" >&2
  exit 2
fi

# The schema files in their order: config.toml's schema_paths (relative to supabase/, globs allowed).
mapfile -t schema_entries < <(node -e '
  const toml = require("fs").readFileSync("supabase/config.toml", "utf8");
  const section = toml.split(/^\[/m).find((s) => s.startsWith("db.migrations]")) ?? "";
  const list = section.match(/^schema_paths\s*=\s*\[([\s\S]*?)\]/m);
  if (!list) process.exit(0);
  for (const line of list[1].split("\n")) {
    for (const [, path] of line.replace(/#.*/, "").matchAll(/"([^"]*)"/g)) console.log(path);
  }')
schema_files=()
for entry in "${schema_entries[@]}"; do
  matched=0
  for file in supabase/${entry#./}; do
    [ -f "$file" ] || continue
    schema_files+=("$file")
    matched=1
  done
  if [ "$matched" = 0 ]; then
    echo "supabase/config.toml schema_paths names $entry, which matches no file" >&2
    exit 1
  fi
done
if [ "${#schema_files[@]}" = 0 ]; then
  echo "supabase/config.toml lists no schema_paths" >&2
  exit 1
fi
# A file left out of schema_paths would silently not be part of the schema.
# (A here-string, not a pipe: grep -q stops reading at its match, and under pipefail the writer's
# SIGPIPE would fail the test for a file that is listed.)
listed=$(printf '%s\n' "${schema_files[@]}")
for file in supabase/schemas/*.sql; do
  if ! grep -qxF "$file" <<<"$listed"; then
    echo "$file is not listed in supabase/config.toml [db.migrations] schema_paths" >&2
    exit 1
  fi
done

# A cluster: the one given, or a throwaway one.
own_cluster=
if [ -z "$cluster_url" ]; then
  own_cluster=$(mktemp -d /tmp/factoryflow-db-diff.XXXXXX)
  port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
  cluster_url=$(bash scripts/pg-cluster.sh start "$own_cluster" "$port")
fi
hostport=$(sed -E 's#^postgres(ql)?://[^@/]*@?([^/?]*).*#\2#' <<<"$cluster_url")
from_db=db_diff_migrations_$$
to_db=db_diff_schemas_$$
workdir=$(mktemp -d /tmp/factoryflow-db-diff-out.XXXXXX)
cleanup() {
  if [ -n "$own_cluster" ]; then
    bash scripts/pg-cluster.sh stop "$own_cluster"
  else
    psql -q "$cluster_url" -c "drop database if exists $from_db with (force)" \
      -c "drop database if exists $to_db with (force)" >/dev/null 2>&1 || true
  fi
  rm -rf "$workdir"
}
trap cleanup EXIT

admin_url() { sed -E "s#^(postgres(ql)?://[^/]*)/[^?]*#\1/$1#" <<<"$cluster_url"; }
owner_url() { echo "postgresql://postgres@$hostport/$1?sslmode=disable"; }

for db in "$from_db" "$to_db"; do
  psql -q -v ON_ERROR_STOP=1 "$cluster_url" -c "create database $db" >/dev/null
  # platform.sql's notices and its warning about wal_level concern the platform, not the schema.
  PGOPTIONS='-c client_min_messages=error' psql -q -v ON_ERROR_STOP=1 "$(admin_url "$db")" \
    -f stack/sql/platform.sql >/dev/null
done

if ! npx supabase migration up --yes --remote="$(owner_url "$from_db")" >"$workdir/migrations.log" 2>&1; then
  cat "$workdir/migrations.log" >&2
  echo "supabase/migrations did not apply" >&2
  exit 1
fi
files_args=()
for file in "${schema_files[@]}"; do files_args+=(-f "$file"); done
if ! PGOPTIONS='-c client_min_messages=warning' psql -q -X -v ON_ERROR_STOP=1 --single-transaction \
    "$(owner_url "$to_db")" "${files_args[@]}" >"$workdir/schemas.log" 2>&1; then
  cat "$workdir/schemas.log" >&2
  echo "supabase/schemas did not apply" >&2
  exit 1
fi

npx supabase db diff --use-pg-delta --from "$(owner_url "$from_db")" --to "$(owner_url "$to_db")" \
  >"$workdir/diff.sql" 2>"$workdir/diff.log" || { cat "$workdir/diff.log" >&2; exit 1; }
# pg-delta opens its script with this setting even when it has nothing to change.
grep -v -x -e 'SET local check_function_bodies = off;' -e '' "$workdir/diff.sql" >"$workdir/changes.sql" || true

if [ ! -s "$workdir/changes.sql" ]; then
  echo "no changes: supabase/schemas and supabase/migrations build the same database"
  exit 0
fi

if [ "$mode" = check ]; then
  {
    echo "supabase/schemas and supabase/migrations differ. What a migration would have to do:"
    echo
    cat "$workdir/diff.sql"
    echo
    echo "Generate the migration from the schemas: npm run db:diff -- <name>"
  } >&2
  exit 1
fi

# The new migration sorts after every existing one, whatever the clock says.
latest=$(ls supabase/migrations | sed -n 's/^\([0-9]\{14\}\)_.*/\1/p' | sort | tail -1)
version=$(date -u +%Y%m%d%H%M%S)
if [ -n "$latest" ] && [ "$version" -le "$latest" ]; then version=$((latest + 100)); fi
migration=supabase/migrations/${version}_${name}.sql
{
  echo "-- Generated by \`npm run db:diff -- $name\` (scripts/db-diff.sh) from supabase/schemas, where"
  echo "-- each object is defined in full: read the change there."
  echo
  cat "$workdir/diff.sql"
} >"$migration"
echo "wrote $migration"
