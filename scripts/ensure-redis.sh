#!/usr/bin/env bash
# The shared page cache's tests start their own Redis (tests/support/redis.ts)
# from Debian's redis-server package. Install it when missing and we are
# allowed to (root with apt), without letting the package start a server of
# its own on 6379 (policy-rc.d answers "not allowed" for the install).
set -euo pipefail
for folder in ${PATH//:/ } /usr/bin /usr/sbin; do
  if [ -x "$folder/redis-server" ]; then exit 0; fi
done
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing redis-server from Debian's packages…"
  policy=/usr/sbin/policy-rc.d
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' > "$policy" && chmod 755 "$policy"
    trap 'rm -f "$policy"' EXIT INT TERM
  fi
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends redis-server >/dev/null
  exit 0
fi
echo "redis-server not found. Install it (sudo apt-get install redis-server) to run the Redis tests; they are skipped without it." >&2
exit 1
