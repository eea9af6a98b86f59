#!/usr/bin/env bash
# The whole suite, as `npm test` and CI run it: provision what is missing, then lint, typecheck,
# unit, integration (SQLite and a real PostgreSQL), web build and browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s ==\033[0m\n' "$*"; }

step "Provisioning"
bash scripts/provision.sh
TEST_DATABASE_URL=$(bash scripts/test-postgres.sh start)
export TEST_DATABASE_URL
trap 'bash scripts/test-postgres.sh stop' EXIT
echo "PostgreSQL for tests: $TEST_DATABASE_URL"

step "Lint (biome)"
npx biome check .

step "Typecheck (tsc -b)"
npx tsc -b

step "Unit tests"
npx vitest run --project unit

step "Integration tests (SQLite and PostgreSQL)"
npx vitest run --project integration

step "Web build"
npm run build --workspace apps/web

step "Browser tests (Playwright + Debian Chromium)"
npx vitest run --project e2e
