#!/usr/bin/env bash
# `npm test`: every test of the project, against real parts.
#
#  1. a throwaway Postgres 15 cluster (run as the `postgres` user), with the platform SQL and the
#     migrations applied by the Supabase CLI, as on a hosted project: the platform SQL as the
#     bootstrap superuser supabase_admin, the migrations as `postgres`, which is not a superuser;
#     supabase/schemas must build the same database as the migrations (scripts/db-diff.sh --check);
#  2. `supabase db advisors` must report nothing, and must report a table without RLS; `supabase db
#     lint` (plpgsql_check) must report nothing at warning level, and must flag a probe function;
#  3. the committed generated database types must match the schema;
#  4. pgTAP (pg_prove) on supabase/tests, as `postgres` (as `supabase test db` runs it), started
#     after the probes of step 2 are gone, beside steps 5 and 6: one Postgres backend, one file
#     after another, it kept one core of two busy for a minute while the other mostly waited;
#  5. TypeScript and lint (ESLint and Prettier), run beside steps 1-4 (they need no database and keep
#     one core busy while the database steps mostly wait), then `deno test` on the Edge Functions' own
#     modules (offline, no permissions);
#  6. Vitest: unit, database concurrency, stack contract (embedded Postgres and the cluster), reliability and end-to-end
#     (Chromium) projects, with DATABASE_URL pointing at the cluster as its superuser (its files
#     that use the cluster make databases or users of their own, and pgTAP's files roll back);
#     then pgTAP's output and result.
# The cluster is removed on exit, whatever happened.
set -euo pipefail
cd "$(dirname "$0")/.."
export NPM_CONFIG_LOGLEVEL=error

bash scripts/install-system-deps.sh --if-missing

artifacts=.test-artifacts
mkdir -p "$artifacts"
cluster=$(mktemp -d /tmp/factoryflow-test-pg.XXXXXX)
# It keeps the script's exit status: under `set -e` a failing command here (pkill finding nothing
# to stop) would otherwise end the run with status 1 after every test passed.
# A background step still running (a failure elsewhere ended the run) stops with its children.
stop_background() {
  if [ -n "${1:-}" ]; then
    pkill -P "$1" 2>/dev/null || true
    kill "$1" 2>/dev/null || true
  fi
}
cleanup() {
  local status=$?
  stop_background "${pgtap:-}"
  stop_background "${static_checks:-}"
  bash scripts/pg-cluster.sh stop "$cluster" || true
  exit "$status"
}
trap cleanup EXIT

step() { printf '\n\033[1m== %s\033[0m (at %d s)\n' "$*" "$SECONDS"; }

# Step 5's TypeScript and lint, in the background; their output and status are read before Deno.
static_log="$artifacts/static-checks.log"
( npx tsc -b && npm run --silent lint ) >"$static_log" 2>&1 &
static_checks=$!

port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
step "Postgres 15 cluster on port $port"
base_url=$(bash scripts/pg-cluster.sh start "$cluster" "$port") # as supabase_admin, the superuser
db_url="$base_url?sslmode=disable"
psql -q -v ON_ERROR_STOP=1 "$base_url" -f stack/sql/platform.sql
owner_url="postgresql://postgres@127.0.0.1:$port/postgres?sslmode=disable"
npx supabase migration up --yes --remote="$owner_url" 2>&1 | grep -v -e 'without TLS' -e '^│' || true
psql -q -v ON_ERROR_STOP=1 "$base_url" -c 'create extension if not exists pgtap with schema extensions'

step "supabase/schemas and supabase/migrations build the same database"
# Two more databases in this cluster, one from each, compared by pg-delta (scripts/db-diff.sh).
bash scripts/db-diff.sh --check --cluster "$base_url"

step "supabase db advisors"
npx supabase db advisors --remote="$db_url" --type all --fail-on warn
# The advisors learn the exposed schemas from authenticator's pgrst.db_schemas; prove they look,
# with a table the API roles can reach but that has no RLS.
psql -q "$base_url" -c 'create table public.advisor_probe (id int primary key);
  grant select on public.advisor_probe to anon, authenticated;'
probe_findings=$(npx supabase db advisors --remote="$db_url" --type security -o json 2>/dev/null || true)
if grep -q '"rls_disabled_in_public"' <<<"$probe_findings"; then
  echo "advisors flag a table without RLS: ok"
else
  echo "supabase db advisors did not flag a table without RLS: it is checking nothing" >&2
  exit 1
fi
psql -q "$base_url" -c 'drop table public.advisor_probe'

step "supabase db lint (plpgsql_check) must report nothing at warning level"
psql -q "$base_url" -c 'create extension if not exists plpgsql_check with schema extensions'
lint() { npx supabase db lint --remote="$db_url" -s public,private,reports,rules --level warning --fail-on warning "$@"; }
lint
# Prove it looks: a function whose empty array literal has no type is a warning.
psql -q "$base_url" -c "create function public.lint_probe() returns integer language plpgsql
  as \$\$ declare v integer[] := '{}'; begin return cardinality(v); end \$\$"
if lint >/dev/null 2>&1; then
  echo "supabase db lint did not flag a probe function: it is checking nothing" >&2
  exit 1
fi
echo "db lint flags a probe function: ok"
psql -q "$base_url" -c 'drop function public.lint_probe()'

step "generated database types are current"
npx supabase gen types typescript --remote="$db_url" 2>/dev/null > "$artifacts/database.types.ts"
if ! diff -q src/lib/database.types.ts "$artifacts/database.types.ts" >/dev/null; then
  echo "src/lib/database.types.ts is stale; regenerate it: cp $artifacts/database.types.ts src/lib/" >&2
  exit 1
fi
echo "up to date"

# pgTAP from here on, beside the rest; its output and status are read after Vitest. After the
# advisors' and lint's probes: its files list every table and function of the schemas.
step "pgTAP, in the background (its output after Vitest)"
pgtap_log="$artifacts/pg_prove.log"
pg_prove -h 127.0.0.1 -p "$port" -U postgres -d postgres --ext .sql -r supabase/tests >"$pgtap_log" 2>&1 &
pgtap=$!

step "TypeScript, then lint: ESLint (hooks, the layers of src/, no import cycle) and Prettier"
static_status=0
wait "$static_checks" || static_status=$?
cat "$static_log"
if [ "$static_status" -ne 0 ]; then
  echo "TypeScript or lint failed (exit $static_status)" >&2
  exit "$static_status"
fi
echo "TypeScript and lint: ok"

step "deno test (supabase/functions)"
NO_COLOR=1 DENO_NO_UPDATE_CHECK=1 npx deno test --no-config --no-lock --no-remote --no-npm supabase/functions \
  | tee "$artifacts/deno-test.log"
deno_count=$(sed -n 's/^ok | \([0-9]*\) passed.*/\1/p' "$artifacts/deno-test.log")

step "Vitest"
DATABASE_URL="$base_url" npx vitest run --reporter=default --reporter=json \
  --outputFile.json="$artifacts/vitest.json"

step "pgTAP (started before TypeScript)"
pgtap_status=0
wait "$pgtap" || pgtap_status=$?
pgtap=
cat "$pgtap_log"
if [ "$pgtap_status" -ne 0 ]; then
  echo "pgTAP failed (exit $pgtap_status)" >&2
  exit "$pgtap_status"
fi
pgtap_count=$(sed -n 's/.*Tests=\([0-9]*\).*/\1/p' "$pgtap_log")

vitest_counts=$(node -e '
  const r = require("./'"$artifacts"'/vitest.json");
  console.log(r.numPassedTests, r.numFailedTests, r.numPendingTests);')
read -r vitest_passed vitest_failed vitest_skipped <<<"$vitest_counts"
echo
echo "npm test took $SECONDS s"
echo "pgTAP assertions: $pgtap_count; Deno tests: $deno_count; Vitest tests: $vitest_passed passed, $vitest_skipped skipped"
echo "$((pgtap_count + deno_count + vitest_passed)) passed, $vitest_failed failed"
