#!/usr/bin/env bash
# The whole suite, as `npm test` and CI run it: provision what is missing, then lint, typecheck,
# unit, integration (SQLite and a real PostgreSQL), web build and browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s ==\033[0m\n' "$*"; }

REPORTS=$(mktemp -d)
# Each vitest layer also writes a JSON report; the last line of the run adds them up.
vitest_layer() {
  npx vitest run --project "$1" --reporter=default --reporter=json --outputFile.json="$REPORTS/$1.json"
}

step "Provisioning"
bash scripts/provision.sh
# A server that was already running (a developer's) is reused and left running.
already_running=false
bash scripts/test-postgres.sh status && already_running=true
TEST_DATABASE_URL=$(bash scripts/test-postgres.sh start)
export TEST_DATABASE_URL
$already_running || trap 'bash scripts/test-postgres.sh stop' EXIT
echo "PostgreSQL for tests: $TEST_DATABASE_URL"

step "Lint (biome)"
npx biome check .

step "Typecheck (tsc -b)"
npx tsc -b

step "Unit tests"
vitest_layer unit

step "Integration tests (SQLite and PostgreSQL)"
vitest_layer integration

step "Web build"
npm run build --workspace apps/web

step "Browser tests (Playwright + Debian Chromium)"
vitest_layer e2e

step "Summary"
node scripts/summarize-tests.mjs "$REPORTS"
