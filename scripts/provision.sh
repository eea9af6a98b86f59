#!/usr/bin/env bash
# Installs the machine-level tools the suite needs, from Debian's apt only, when they are absent.
set -euo pipefail

# nginx balances the several-instances tests (cluster.test.ts, faults.test.ts); they skip, visibly, without it.
bash "$(dirname "$0")/ensure-nginx.sh" || echo "nginx could not be installed: the cluster tests will be skipped." >&2

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
# The browser tests drive the headless shell (the same Chromium build, lighter: e2e/support/browser.ts).
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
ls -d /usr/lib/postgresql/*/bin >/dev/null 2>&1 || missing+=(postgresql)
# pdftotext and pdftoppm read and render the ticket PDFs in the document tests.
command -v pdftotext >/dev/null && command -v pdftoppm >/dev/null || missing+=(poppler-utils)

if [ ${#missing[@]} -eq 0 ]; then
  echo "Chromium (and its headless shell), PostgreSQL and poppler-utils are present."
  exit 0
fi

if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
  echo "Missing: ${missing[*]}. Install them with: apt-get install -y --no-install-recommends ${missing[*]}" >&2
  exit 1
fi

echo "Installing from apt: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null ||
  { echo "Missing: ${missing[*]}; apt-get install failed." >&2; exit 1; }
