#!/usr/bin/env bash
# Everything CI runs: unit tests beside the drift check, type-check and production
# builds, then the desktop and phone browser tests, then what mostly waits on servers and
# timers (the timed unit tests beside publishing, then beside instances) with the lint
# beside them. Every step runs even when an earlier one fails, so one run reports every
# problem; the last line is the totals CI reads.
#
# TEST_LOAD=N runs the suite beside N busy processes (one endless loop each, at normal
# priority), started first and stopped when the suite ends, however it ends: the proof
# that no test holds a wall-clock limit a busy machine (a shared CI runner, a laptop
# building something else) would break.
set -uo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

load="${TEST_LOAD:-0}"
if ! [[ "$load" =~ ^[0-9]+$ ]] || [ "$load" -gt 64 ]; then
  echo "TEST_LOAD must be a whole number of busy processes from 0 to 64, not '${load}'" >&2
  exit 2
fi
hogs=()
stop_load() {
  # Each by the id this script started it with, nothing else.
  if [ "${#hogs[@]}" -gt 0 ]; then kill "${hogs[@]}" 2>/dev/null; wait "${hogs[@]}" 2>/dev/null; fi
  hogs=()
}
# On any end (the last line's exit, a failure, Ctrl-C, a CI runner's SIGTERM): the busy processes stop with the suite.
trap stop_load EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
for ((i = 0; i < load; i++)); do
  node -e 'for (;;) {}' &
  hogs+=("$!")
done
[ "$load" -gt 0 ] && echo "── TEST_LOAD=${load}: ${load} busy process(es) beside the suite (pids ${hogs[*]})"

reports="$(mktemp -d)"
passed=0
failed=0

# A step that is not a test runner counts as one test: it passes or it fails.
check() {
  local name="$1"; shift
  echo "── ${name}: $*"
  if "$@"; then passed=$((passed + 1)); echo "── ${name}: ok, $(into_phase) s into the phase"
  else failed=$((failed + 1)); echo "── ${name}: FAILED, $(into_phase) s into the phase"; fi
}

# Seconds since the current phase began: when each step of a phase ends says which one the phase waits on.
into_phase() {
  awk -v t0="$phase_started" -v t1="$EPOCHREALTIME" 'BEGIN { printf "%.0f", t1 - t0 }'
}

# Runs a step in the background with its output in `log`, which ends with when the step did; its exit
# code is the step's (`finished` below waits for it).
background() {
  local log="$1"; shift
  { "$@" >"$log" 2>&1; local code=$?; echo "── ended $(into_phase) s into the phase" >>"$log"; exit "$code"; } &
}

# Adds a runner's JSON report to the totals (vitest and Playwright write different shapes).
count() {
  local kind="$1" file="$2"
  if [ ! -s "$file" ]; then failed=$((failed + 1)); echo "── ${kind}: no report written"; return; fi
  read -r p f < <(node scripts/count-report.mjs "$kind" "$file")
  passed=$((passed + p)); failed=$((failed + f))
}

# Each phase's wall time and CPU time (user + sys of the processes it started and waited for),
# printed as it ends and again before the totals: on a shared machine the wall time alone does
# not say what a phase costs. `times` runs in this shell (a subshell would count its own children).
# Beside it, how busy the whole machine was (/proc/stat, all cores): it also counts what `times`
# cannot, the servers that detach (PostgreSQL, Redis) and anything else running, so a phase at
# 100% is bound by the cores and one well below it waits on something else.
phase_log=""
phase_name=""
phase_started=0
phase_cpu=0
phase_stat=""
# "busy total" clock ticks of every core since boot; empty where there is no /proc/stat.
machine_ticks() {
  awk '$1 == "cpu" { busy = $2 + $3 + $4 + $7 + $8 + $9; print busy, busy + $5 + $6 }' /proc/stat 2>/dev/null
}
# ", machine N% busy" between two machine_ticks readings; nothing when either is missing.
busy_share() {
  awk -v s0="$1" -v s1="$2" 'BEGIN { split(s0, a, " "); split(s1, b, " ")
    if (b[2] > a[2]) printf ", machine %3.0f%% busy", 100 * (b[1] - a[1]) / (b[2] - a[2]) }'
}
phase() {
  times >"$reports/times"
  local now="$EPOCHREALTIME" cpu line stat
  cpu="$(awk 'NR == 2 { split($1, user, "m"); split($2, sys, "m"); printf "%.1f", user[1] * 60 + user[2] + sys[1] * 60 + sys[2] }' "$reports/times")"
  stat="$(machine_ticks)"
  if [ -n "$phase_name" ]; then
    line="$(awk -v name="$phase_name" -v t0="$phase_started" -v t1="$now" -v c0="$phase_cpu" -v c1="$cpu" \
      'BEGIN { printf "%-28s %5.0f s wall %5.0f s CPU", name, t1 - t0, c1 - c0 }')$(busy_share "$phase_stat" "$stat")"
    echo "── time: ${line}"
    phase_log+="${line}"$'\n'
  fi
  phase_name="${1:-}"
  phase_started="$now"
  phase_cpu="$cpu"
  phase_stat="$stat"
}
suite_started="$EPOCHREALTIME"
suite_stat="$(machine_ticks)"

phase "set-up"
echo "── Node.js $(node --version) ($(command -v node))"

bash scripts/ensure-chromium.sh || { failed=$((failed + 1)); echo "── chromium: missing"; }
# The contact store's and the shared cache's tests start their own PostgreSQL and Redis; where these
# cannot be installed (not root, no apt) those tests skip with one line each instead of failing.
bash scripts/ensure-postgres.sh || echo "── postgresql: missing; its tests are skipped"
bash scripts/ensure-redis.sh || echo "── redis-server: missing; its tests are skipped"

# The unit tests run beside the type-check and the builds: most of their time is spent waiting on
# child processes, servers and timers, which leaves a core idle that the builds use. The files
# that mostly wait on real timers (vitest.config.ts's "timed" project) run last, beside the
# publishing browser tests, in the CPU those leave idle.
phase "unit tests, type-check, builds"
echo "── unit tests (vitest, projects unit and unit-tools): started in the background"
background "$reports/vitest-unit.log" npx vitest run --project unit --project unit-tools --reporter=default --reporter=json --outputFile.json="$reports/vitest-unit.json"
unit_tests=$!

# The browser tests check canonical and Open Graph URLs against this origin
# (tests/e2e/support/site-url.ts); a build for production sets its own.
export NEXT_PUBLIC_SITE_URL="${NEXT_PUBLIC_SITE_URL:-https://elena-varga.example}"
check "drift check" npx tsx bin/portfolio.ts check
# Formatting: Biome, half a second (npm run format writes what this checks). The type-check and the lint run further down.
check "format" npm run --silent format:check
# Dead code: knip (knip.jsonc), a few seconds: no file, export or dependency that nothing uses.
check "knip" npm run --silent knip
# The two builds, started at once: each keeps about one core busy for most of its run (webpack),
# so together they take little more than the longer one alone. All are done before any browser runs.
#
# The main build, with the browser tests' preview settings: frame-ancestors is fixed at
# build time, and preview.spec.ts checks that no secret reached the output.
# webpack, not Turbopack: Turbopack inlines a per-page bootstrap script whose
# hash is only known after the build, which the Content-Security-Policy
# (fixed when the build starts) could then only allow with 'unsafe-inline'.
# Not type-checked again: Next.js would check the same files (tsconfig.json's) that the
# type-check step below does, with 6.0, for most of a minute.
background "$reports/next-build.log" env $(grep -v '^#' tests/e2e/fixtures/preview.env | xargs) NEXT_SKIP_TYPECHECK=1 npx next build --webpack
main_build=$!
# The second build (tests/e2e/hostile-build.ts): from a local space that `space push` filled
# with content/, plus hostile stories and 40 more projects, standalone output.
# space-push-build.spec.ts compares its pages with the main build's; hostile-content,
# publishing (build B) and instances serve it or copies of it.
background "$reports/hostile-build.log" npx tsx tests/e2e/hostile-build.ts
hostile_build=$!

# Waits until a background build printed `line`, or ended. Quiet (-s) while the log does not
# exist yet: the background job opens it, and the first look may come before it has.
wait_for_line() {
  local pid="$1" log="$2" line="$3"
  while kill -0 "$pid" 2>/dev/null && ! grep -sqF "$line" "$log"; do sleep 0.5; done
}
# The type-check: TypeScript 7's native compiler (npm run typecheck, scripts/native-typecheck), 15 s of
# CPU on this tree against 6.0's 46 s. 6.0 stays the project's TypeScript, for the JavaScript API
# Next.js, ts-morph and typescript-eslint use, which 7 does not have. It reads next-env.d.ts and the
# route types in .next/types, which each build writes before it compiles (and says so): it starts
# once both have. The lint runs in the last phase (below).
compiling="Creating an optimized production build"
wait_for_line "$main_build" "$reports/next-build.log" "$compiling"
wait_for_line "$hostile_build" "$reports/hostile-build.log" "$compiling"
check "type-check" npm run --silent typecheck

# A background step's exit code, with its output shown once it is done.
finished() {
  local pid="$1" log="$2" code=0
  wait "$pid" || code=$?
  cat "$log"
  return "$code"
}
finished "$unit_tests" "$reports/vitest-unit.log"
count vitest "$reports/vitest-unit.json"
check "next build" finished "$main_build" "$reports/next-build.log"
check "space push, then next build from the space with the hostile content" finished "$hostile_build" "$reports/hostile-build.log"

phase "desktop and phone"
# The generator package proved outside the repository (tests/package: npm pack, installs into temporary
# projects, tsc, one next build) and the migration scenarios (tsc and a next build over a copy of the
# site): child processes that use the core the browser tests leave idle (vitest.config.ts).
echo "── package and scenario tests (vitest, project beside-browsers): started in the background"
background "$reports/vitest-beside-browsers.log" npx vitest run --project beside-browsers --reporter=default --reporter=json --outputFile.json="$reports/vitest-beside-browsers.json"
beside_browsers=$!
echo "── browser tests (Playwright, Chromium)"
PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/playwright.json" npx playwright test --project=desktop --project=phone --reporter=list,json
echo "── browser tests: ended $(into_phase) s into the phase"
count playwright "$reports/playwright.json"
finished "$beside_browsers" "$reports/vitest-beside-browsers.log"
count vitest "$reports/vitest-beside-browsers.json"

# What holds a clock, last: the unit tests of vitest.config.ts's "timed" project, beside the
# publishing browser tests (webhooks, build A replaced by build B, from copies of the two builds)
# and then the instances tests (a copy of the second build, two servers sharing a real Redis;
# skipped with one line without redis-server), one Playwright run after the other: all three mostly
# wait on servers and timers, so together they leave the machine about a third idle; beside the
# CPU-bound phases above, they would only wait longer. (None of them holds a wall-clock limit: a
# busy machine makes them slower, not failing; `TEST_LOAD=2 npm test` shows it.) Instances never
# runs beside publishing, so the two do not wait on each other's servers.
#
# The lint (ESLint with type information, npm run lint: about a minute of one core) runs here, at
# normal CPU priority, in the third of the machine these tests leave idle. In the first phase, where
# it ran before, the cores were busy (98%) and the builds and unit tests waited for its minute of CPU
# (58 s alone): moved here, that phase took 199-224 s instead of 264 s, and this one 73-77 s instead
# of 72 s. Not at a low priority (it ran at nice 19 once): on a machine with no idle CPU (other work
# at normal priority on every core) a nice 19 process gets almost none, and the lint had 23 s of CPU
# in 15 minutes beside two busy processes; at normal priority it gets its share and ends in bounded
# time. Not in the second phase: `next dev` (dev-markup.spec.ts) rewrites next-env.d.ts, which the
# lint's program reads, for a while. Nothing in this phase writes the sources.
phase "timed, publishing, instances"
echo "── lint (ESLint): started in the background"
background "$reports/lint.log" npm run --silent lint
lint=$!
echo "── unit tests (vitest, project timed): started in the background"
background "$reports/vitest-timed.log" npx vitest run --project timed --reporter=default --reporter=json --outputFile.json="$reports/vitest-timed.json"
timed_tests=$!
echo "── publishing browser tests (Playwright)"
PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/publishing.json" npx playwright test --project=publishing --reporter=list,json
echo "── publishing browser tests: ended $(into_phase) s into the phase"
count playwright "$reports/publishing.json"
echo "── instances tests (Playwright, Redis)"
PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/instances.json" npx playwright test --project=instances --reporter=list,json
echo "── instances tests: ended $(into_phase) s into the phase"
count playwright "$reports/instances.json"
finished "$timed_tests" "$reports/vitest-timed.log"
count vitest "$reports/vitest-timed.json"
check "lint" finished "$lint" "$reports/lint.log"

phase
echo "── times"
printf '%s' "$phase_log"
echo "$(awk -v t0="$suite_started" -v t1="$phase_started" -v cpu="$phase_cpu" \
  'BEGIN { printf "%-28s %5.0f s wall %5.0f s CPU", "all", t1 - t0, cpu }')$(busy_share "$suite_stat" "$phase_stat")"
echo "${passed} passed, ${failed} failed"
[ "$failed" -eq 0 ]
