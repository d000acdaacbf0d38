#!/usr/bin/env bash
# The generator package's tarball on the Node.js on PATH, in brief: `npm pack` of codegen/
# (its dist/ as its build writes it), installed into an empty project, whose bin generates from
# schema/ and then finds no drift. .ci/run runs it on the machine's Node 20; the suite's
# tests/package proves the tarball at length on Node 24.
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
log="$work/log"
fail() { echo "generator package on Node.js $(node --version): $1 failed; its output:" >&2; cat "$log" >&2; exit 1; }
# Built here, not taken from npm ci: nothing else in the repository needs codegen/dist (it runs the sources).
npm run --silent build --workspace codegen >"$log" 2>&1 || fail "the package's build"
tarball="$(npm pack --silent --ignore-scripts --workspace codegen --pack-destination "$work" 2>"$log")" || fail "npm pack"
mkdir "$work/project"
cd "$work/project"
echo '{ "name": "consumer", "private": true }' >package.json
npm install --prefer-offline --no-audit --no-fund --ignore-scripts --loglevel=error "$work/$tarball" >"$log" 2>&1 || fail "npm install"
bin=node_modules/.bin/storyblok-typed-codegen
"$bin" generate --schema "$repo/schema/components.json" --out generated >"$log" 2>&1 || fail "generate"
"$bin" check --schema "$repo/schema/components.json" --out generated >"$log" 2>&1 || fail "check"
echo "generator package on Node.js $(node --version): $tarball installed, generate and check ran"
