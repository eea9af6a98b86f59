#!/usr/bin/env bash
# Syntax check of deploy/nginx.conf with Debian's nginx (`nginx -t`), without Docker: a copy whose upstreams
# (app1, app2 — Docker service names) point at 127.0.0.1, whose certificate is a throwaway self-signed one
# and whose paths live in a temporary prefix. Usage: bash deploy/check-nginx.sh
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v nginx >/dev/null; then
  if [ "$(id -u)" != 0 ]; then echo "nginx is not installed (apt-get install nginx-light)" >&2; exit 1; fi
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light) >/dev/null
fi

prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
mkdir -p "$prefix/certs" "$prefix/logs" "$prefix/www"
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=localhost \
  -keyout "$prefix/certs/privkey.pem" -out "$prefix/certs/fullchain.pem" >/dev/null 2>&1

sed -e 's/server app1:8080/server 127.0.0.1:18081/' \
    -e 's/server app2:8080/server 127.0.0.1:18082/' \
    -e "s#/etc/nginx/certs#$prefix/certs#g" \
    -e "s#/var/log/nginx#$prefix/logs#g" \
    -e "s#/var/www/certbot#$prefix/www#g" \
    -e "s#^pid .*#pid $prefix/nginx.pid;#" \
    deploy/nginx.conf > "$prefix/nginx.conf"

grep -q 'server 127.0.0.1:18081' "$prefix/nginx.conf" || { echo "upstream app1 not found in nginx.conf" >&2; exit 1; }
nginx -t -p "$prefix" -c "$prefix/nginx.conf"
