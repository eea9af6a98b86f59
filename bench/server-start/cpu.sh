#!/usr/bin/env bash
# CPU seconds a server spends from its launch until /api/health answers, as `npm start` runs it (the bundle),
# on SQLite with the demo seed, in a fresh data folder each time.
#
#   npm run build --workspace apps/server && bash bench/server-start/cpu.sh [runs] [bundle]
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-5}
bundle=${2:-apps/server/dist/main.js}
for _ in $(seq "$runs"); do
  data=$(mktemp -d)
  port=$((20000 + RANDOM % 20000))
  PORT=$port HOST=127.0.0.1 DATA_DIR=$data PUBLIC_URL=http://127.0.0.1:$port AUTH_MODE=dev DEMO_SEED=true \
    LOG_LEVEL=warn DATABASE_URL='' node "$bundle" >/dev/null 2>&1 &
  pid=$!
  for _ in $(seq 1200); do
    curl -sf "http://127.0.0.1:$port/api/health" >/dev/null && break
    kill -0 "$pid" 2>/dev/null || { echo "the server exited" >&2; exit 1; }
    sleep 0.1
  done
  # utime and stime of /proc/<pid>/stat, in clock ticks (fields 14 and 15).
  read -r -a stat < <(sed 's/.*) //' "/proc/$pid/stat")
  echo "$(((stat[11] + stat[12]) * 1000 / $(getconf CLK_TCK))) ms"
  kill "$pid"
  wait "$pid" 2>/dev/null || true
  rm -rf "$data"
done
