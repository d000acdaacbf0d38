#!/usr/bin/env bash
# Prints the folder of Node.js VERSION (its bin/node, and include/node/ for native modules),
# fetching it when missing: the npm registry's node-linux-<arch> package is the official
# binary with its headers, so it comes through npm like any package (no other download).
# Kept in a cache folder outside the checkout, so a second run costs nothing.
#   scripts/ensure-node.sh 24.22.3  →  ~/.cache/portfolio-node/24.22.3
set -euo pipefail
version="$1"
case "$(uname -m)" in
  x86_64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) echo "No node-linux package for $(uname -m)" >&2; exit 1 ;;
esac
cache="${XDG_CACHE_HOME:-$HOME/.cache}/portfolio-node"
dir="$cache/$version"
if [ ! -x "$dir/bin/node" ] || [ "$("$dir/bin/node" --version 2>/dev/null)" != "v$version" ]; then
  echo "Fetching Node.js $version (node-linux-$arch from the npm registry)…" >&2
  mkdir -p "$cache"
  work="$(mktemp -d "$cache/.fetch-XXXXXX")"
  trap 'rm -rf "$work"' EXIT
  tarball="$(cd "$work" && npm pack --silent "node-linux-$arch@$version")"
  tar -xzf "$work/$tarball" -C "$work"
  "$work/package/bin/node" --version >/dev/null
  rm -rf "$dir"
  mv "$work/package" "$dir"
fi
echo "$dir"
