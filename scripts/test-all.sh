#!/usr/bin/env bash
# The whole suite, as `npm test` and CI run it: provision what is missing, then lint, typecheck,
# unit, integration (SQLite and a real PostgreSQL), web build and browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."

CURRENT_STEP=""
# Each step's heading says how far into the run it starts (the budget: the whole suite within 15 minutes on a
# 2-core machine; docs/testing.md).
step() {
  CURRENT_STEP=$*
  printf '\n\033[1m== %s ==\033[0m (at %dm%02ds)\n' "$*" $((SECONDS / 60)) $((SECONDS % 60))
}

REPORTS=$(mktemp -d)
# Each vitest layer also writes a JSON report; the last line of the run adds them up.
# A layer may be more than one project (unit and unit-mocks): the report is named after the first.
vitest_layer() {
  local projects=() name
  for name in "$@"; do projects+=(--project "$name"); done
  npx vitest run "${projects[@]}" --reporter=default --reporter=json --outputFile.json="$REPORTS/$1.json"
}

step "Provisioning"
bash scripts/provision.sh
# A server that was already running (a developer's) is reused and left running.
already_running=false
bash scripts/test-postgres.sh status && already_running=true
TEST_DATABASE_URL=$(bash scripts/test-postgres.sh start)
export TEST_DATABASE_URL
# However the run ends, its last lines name every test that failed (CI shows the tail of the output), then the
# PostgreSQL this run started is stopped.
finish() {
  local status=$? stopped_in=$CURRENT_STEP
  step "Summary"
  cat "$REPORTS/failed-steps" 2>/dev/null || true
  [ "$status" = 0 ] || echo "The run stopped in: $stopped_in"
  node scripts/summarize-tests.mjs "$REPORTS" || status=1
  $already_running || bash scripts/test-postgres.sh stop >/dev/null 2>&1 || true
  exit "$status"
}
trap finish EXIT
echo "PostgreSQL for tests: $TEST_DATABASE_URL"

# The web build and the typecheck each keep one core busy for a while, so they run beside a layer of tests (in
# the background, each into its own log, shown when it ends): the web build beside the integration layer (the
# browser layer needs it), the typecheck beside the browser layer, whose pages, servers and timers leave a core
# idle more often than the integration layer does. A failure of either still fails the run, after its layer.
BACKGROUND=()
background() {
  local name=$1
  shift
  (if "$@" >"$REPORTS/$name.log" 2>&1; then echo 0; else echo 1; fi >"$REPORTS/$name.status") &
  BACKGROUND+=("$name:$!")
}
await_background() {
  local entry name failed=0
  for entry in "${BACKGROUND[@]}"; do
    name=${entry%%:*}
    wait "${entry##*:}" || true
    step "$name (ran beside the $1)"
    cat "$REPORTS/$name.log"
    if [ "$(cat "$REPORTS/$name.status" 2>/dev/null)" != 0 ]; then
      echo "$name failed" | tee -a "$REPORTS/failed-steps" >&2
      failed=1
    fi
  done
  BACKGROUND=()
  return "$failed"
}

step "Lint (biome)"
npx biome check .

step "Unit tests"
vitest_layer unit unit-mocks

# The web is built into a folder of this run (apps/web/dist appears only once it is complete: the start-up
# suites run the real entry point, which reads apps/web/dist if it is there).
WEB_BUILD="$REPORTS/web-dist"
background "Web build" npm run build --workspace apps/web -- --outDir "$WEB_BUILD" --emptyOutDir
step "Integration tests (SQLite and PostgreSQL), with the web build beside them"
integration=0
vitest_layer integration || integration=$?
await_background "integration tests"
[ "$integration" = 0 ] || exit "$integration"
rm -rf apps/web/dist
cp -r "$WEB_BUILD" apps/web/dist

background "Typecheck (tsc -b)" npx tsc -b
step "Browser tests (Playwright + Debian Chromium), with the typecheck beside them"
# Pictures are for a person running a browser file by hand (e2e/support/browser.ts: screenshot).
export E2E_SCREENSHOTS=${E2E_SCREENSHOTS:-off}
# The suites that run the product in-process use this run's build as it is, instead of building their own.
e2e=0
E2E_WEB_DIST="$WEB_BUILD" vitest_layer e2e || e2e=$?
await_background "browser tests"
exit "$e2e"
