#!/usr/bin/env bash
# The README's `npm start` on the Node.js on PATH: the production build, then `next start`,
# until / answers 200; then the server is stopped. .ci/run runs it on the machine's Node 20
# after `npm ci`, before the suite moves to Node 24. Its own port (PORT), so a server already
# on 3000 neither answers for it nor stops it; the output goes to a log, shown on failure.
set -euo pipefail
cd "$(dirname "$0")/.."
port="$(node -e 'const s = require("node:net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')"
log="$(mktemp)"
started="$EPOCHREALTIME"
# Its own session, so stopping it stops npm, next build's workers and next start together.
PORT="$port" setsid npm start >"$log" 2>&1 </dev/null &
server=$!
stop() { kill -TERM -- "-$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -f "$log"; }
trap stop EXIT
# One process asks / every second (a connection refused while the build runs) until it answers,
# the server ends, or the time is up; it prints the status, or nothing.
status="$(node --input-type=module - "http://127.0.0.1:$port/" "$server" "${START_CHECK_TIMEOUT:-900}" <<'JS'
const [url, pid, limit] = process.argv.slice(2);
const deadline = Date.now() + Number(limit) * 1000;
const alive = () => { try { process.kill(Number(pid), 0); return true; } catch { return false; } };
while (alive() && Date.now() < deadline) {
  const status = await fetch(url, { signal: AbortSignal.timeout(30_000) }).then((response) => response.status, () => undefined);
  if (status !== undefined) { console.log(status); break; }
  await new Promise((resolve) => setTimeout(resolve, 1000));
}
JS
)"
seconds="$(awk -v t0="$started" -v t1="$EPOCHREALTIME" 'BEGIN { printf "%.0f", t1 - t0 }')"
if [ "$status" = "200" ]; then
  echo "npm start on Node.js $(node --version): / answered 200 after ${seconds} s"
  exit 0
fi
echo "npm start on Node.js $(node --version): / answered ${status:-nothing} after ${seconds} s; its output:" >&2
cat "$log" >&2
exit 1
