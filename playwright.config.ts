import { defineConfig } from "@playwright/test";
import { previewEnv, SITE_PORT } from "./tests/e2e/fixtures/preview-setup";
import { BROWSERS } from "./tests/e2e/support/user-agents";
import { OFFLINE_CHROMIUM_FLAGS } from "./tests/support/chromium-flags";
import { HANG_GUARD_MS } from "./tests/support/hang-guard";

const port = SITE_PORT;
/**
 * The publishing tests (tests/e2e/publishing.spec.ts, page-gate.spec.ts): their own copies of the
 * builds, their own servers on the content API over HTTP, and counts of its requests.
 */
const PUBLISHING = /(publishing|page-gate)\.spec\.ts$/;
/** Two instances on one Redis (tests/e2e/instances.spec.ts): its own copy of a build, and servers, HTTP only. */
const INSTANCES = /(^|[\\/])instances\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Hang guards, not limits (tests/support/hang-guard.ts): a test waits for events, and these only end a wait
  // that would never end. A test takes seconds on a quiet machine; an assertion that waits (a locator's
  // `toHaveText`, `expect.poll`) waits for a page to answer, which takes well under a second.
  timeout: 4 * HANG_GUARD_MS,
  expect: { timeout: HANG_GUARD_MS },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      // Debian's Chromium; the flags keep it off the (closed) network at start-up.
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [...OFFLINE_CHROMIUM_FLAGS],
    },
  },
  projects: [
    // A person's browser: headless Chromium's own user agent says "HeadlessChrome",
    // which the site (rightly) treats as a bot and answers errors without a view.
    {
      name: "desktop",
      use: { viewport: { width: 1280, height: 800 }, userAgent: BROWSERS["Chrome desktop"] },
      testIgnore: [PUBLISHING, INSTANCES],
    },
    {
      name: "phone",
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent: BROWSERS["Chrome Android"] },
      testIgnore: [PUBLISHING, INSTANCES],
    },
    // Serves copies of the two builds itself (build A replaced by build B); scripts/test-all.sh
    // runs it after desktop and phone, beside the timed unit tests only.
    {
      name: "publishing",
      testMatch: PUBLISHING,
      use: { viewport: { width: 1280, height: 800 }, userAgent: BROWSERS["Chrome desktop"] },
    },
    // A copy of the second build served by two instances sharing a Redis; run last (scripts/test-all.sh),
    // after publishing, beside the timed unit tests only: its servers mostly wait, and beside the
    // CPU-bound phases they would only wait longer (no test of it holds a wall-clock limit).
    { name: "instances", testMatch: INSTANCES },
  ],
  webServer: {
    // Tests run against the production build (`next build` runs before them).
    command: `npx next start -p ${port} -H 127.0.0.1`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    // Preview secrets and the editor stand-in's origin (tests/e2e/fixtures/preview-setup.ts).
    env: { NEXT_TELEMETRY_DISABLED: "1", ...previewEnv() },
  },
});
