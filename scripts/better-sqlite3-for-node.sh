#!/usr/bin/env bash
# Prints the path of better-sqlite3's native module (the lockfile's version) compiled for the
# Node.js in NODE_DIR (a folder from scripts/ensure-node.sh), compiling it when missing.
# The module is built against that Node's own headers (include/node/, so node-gyp downloads
# nothing) from the package's tarball, outside node_modules: .ci/run compiles it while
# `npm ci` compiles the machine Node's copy, then puts it in place before the tests.
# Kept in a cache folder outside the checkout, by package and Node version.
#   scripts/better-sqlite3-for-node.sh ~/.cache/portfolio-node/24.22.3
set -euo pipefail
cd "$(dirname "$0")/.."
node_dir="$(cd "$1" && pwd)"
node_version="$("$node_dir/bin/node" --version)"
package="$(node -p "require('./package-lock.json').packages['node_modules/better-sqlite3'].version")"
cache="${XDG_CACHE_HOME:-$HOME/.cache}/portfolio-node/better-sqlite3"
out="$cache/$package-node-${node_version#v}-$(uname -m)/better_sqlite3.node"
if [ ! -s "$out" ]; then
  echo "Compiling better-sqlite3 $package for Node.js $node_version…" >&2
  mkdir -p "$cache"
  work="$(mktemp -d "$cache/.build-XXXXXX")"
  trap 'rm -rf "$work"' EXIT
  tarball="$(cd "$work" && npm pack --silent "better-sqlite3@$package")"
  tar -xzf "$work/$tarball" -C "$work"
  # Its own `build-release` script (node-gyp rebuild --release, with npm's bundled node-gyp),
  # run by that Node; no prebuilt binary is fetched.
  (cd "$work/package" && PATH="$node_dir/bin:$PATH" npm_config_nodedir="$node_dir" npm run --silent build-release) >&2
  mkdir -p "$(dirname "$out")"
  cp "$work/package/build/Release/better_sqlite3.node" "$out.tmp"
  mv "$out.tmp" "$out"
fi
echo "$out"
