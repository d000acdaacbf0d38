#!/usr/bin/env bash
# Everything CI runs, in order: type-check, drift check, unit tests, production
# build, browser tests. Every step runs even when an earlier one fails, so one
# run reports every problem; the last line is the totals CI reads.
set -uo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

reports="$(mktemp -d)"
passed=0
failed=0

# A step that is not a test runner counts as one test: it passes or it fails.
check() {
  local name="$1"; shift
  echo "── ${name}: $*"
  if "$@"; then passed=$((passed + 1)); echo "── ${name}: ok"
  else failed=$((failed + 1)); echo "── ${name}: FAILED"; fi
}

# Adds a runner's JSON report to the totals (vitest and Playwright write different shapes).
count() {
  local kind="$1" file="$2"
  if [ ! -s "$file" ]; then failed=$((failed + 1)); echo "── ${kind}: no report written"; return; fi
  read -r p f < <(node scripts/count-report.mjs "$kind" "$file")
  passed=$((passed + p)); failed=$((failed + f))
}

bash scripts/ensure-chromium.sh || { failed=$((failed + 1)); echo "── chromium: missing"; }

check "drift check" npx tsx bin/portfolio.ts check
check "type-check" npx tsc --noEmit -p tsconfig.json

echo "── unit tests (vitest)"
npx vitest run --reporter=default --reporter=json --outputFile.json="$reports/vitest.json"
count vitest "$reports/vitest.json"

check "next build" npx next build
echo "── browser tests (Playwright, Chromium)"
PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/playwright.json" npx playwright test --project=desktop --project=phone --reporter=list,json
count playwright "$reports/playwright.json"

# Publishing builds the site twice more (webhooks, build A replaced by build B): alone, after the rest.
echo "── publishing browser tests (Playwright, two more builds)"
PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/publishing.json" npx playwright test --project=publishing --reporter=list,json
count playwright "$reports/publishing.json"

echo "${passed} passed, ${failed} failed"
[ "$failed" -eq 0 ]
