#!/usr/bin/env bash
# Installs nginx from Debian's apt when it is absent: the several-instances tests (cluster.test.ts,
# faults.test.ts) and scripts/cluster.ts balance between server processes with it. Never starts a system nginx.
set -euo pipefail

if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then
  echo "nginx is present."
  exit 0
fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
  echo "Missing: nginx. Install it with: apt-get install -y --no-install-recommends nginx-light" >&2
  exit 1
fi
echo "Installing nginx from apt..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# nginx-light where the release still has it (Debian 12), else the plain package. The package's own service
# is not wanted: the tests start nginx themselves with a generated config on a free loopback port.
apt-get install -y -qq --no-install-recommends nginx-light >/dev/null 2>&1 ||
  apt-get install -y -qq --no-install-recommends nginx >/dev/null ||
  { echo "Missing: nginx; apt-get install failed." >&2; exit 1; }
if command -v systemctl >/dev/null 2>&1; then systemctl disable --now nginx >/dev/null 2>&1 || true; fi
if [ -x /usr/sbin/service ]; then service nginx stop >/dev/null 2>&1 || true; fi
echo "nginx installed."
