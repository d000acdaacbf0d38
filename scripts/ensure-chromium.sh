#!/usr/bin/env bash
# Browser tests drive Debian's Chromium: Playwright cannot download its own
# browser here. Install it when missing and we are allowed to (root with apt).
set -euo pipefail
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Chromium from Debian's packages…"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "Chromium not found at $chromium. Install it (sudo apt-get install chromium) or set CHROMIUM_PATH." >&2
exit 1
