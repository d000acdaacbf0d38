/**
 * Which request paths a proxy's matcher runs the proxy for, by Next.js's own
 * code: the matchers Next.js compiles from `config.matcher` (with the site's
 * i18n) and its matching of a request's path against them. Run as a child
 * process by tests/support/proxy-runs-for.ts: Next.js's build modules install
 * a require hook that Vitest's module loader cannot host.
 *
 * stdin: {"matcher": [...], "i18n": {...}, "paths": ["/en/projects/x", ...]}
 * stdout: the paths' answers as a JSON array of booleans, in order.
 */
const { getMiddlewareMatchers } = require("next/dist/build/analysis/get-page-static-info");
const { getMiddlewareRouteMatcher } = require("next/dist/shared/lib/router/utils/middleware-route-matcher");

let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => (input += chunk));
process.stdin.on("end", () => {
  const { matcher, i18n, paths } = JSON.parse(input);
  const matches = getMiddlewareRouteMatcher(getMiddlewareMatchers(matcher, { i18n }));
  // An ordinary visit: no header or cookie the preview's sources look for.
  process.stdout.write(JSON.stringify(paths.map((path) => matches(path, { headers: {}, cookies: {} }, {}))));
});
