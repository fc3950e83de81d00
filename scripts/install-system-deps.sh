#!/usr/bin/env bash
# Installs the Debian 12 packages the tests need: Postgres 15 with pgTAP and pg_prove for the
# database suite and plpgsql_check for `supabase db lint`, Chromium for the end-to-end suite. With --if-missing it does nothing when they
# are already there (so `npm test` stays fast on a prepared machine).
set -euo pipefail
packages=(postgresql-15 postgresql-15-pgtap postgresql-15-plpgsql-check libtap-parser-sourcehandler-pgtap-perl chromium fonts-noto-core)

if [ "${1:-}" = "--if-missing" ] && [ -x /usr/lib/postgresql/15/bin/postgres ] \
  && [ -f /usr/share/postgresql/15/extension/pgtap.control ] \
  && [ -f /usr/share/postgresql/15/extension/plpgsql_check.control ] \
  && command -v pg_prove >/dev/null && [ -x /usr/bin/chromium ]; then
  exit 0
fi

sudo=()
[ "$(id -u)" = 0 ] || sudo=(sudo)
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
