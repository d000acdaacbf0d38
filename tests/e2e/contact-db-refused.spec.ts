/**
 * A CONTACT_DB that cannot work (issue 21): a URL that does not parse or
 * names another database, a SQLite file inside the build output. The server
 * must refuse to start with a message naming the variable, never read a URL
 * as a file name, never show a password from it, and create nothing.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { startNextServer } from "../support/next-server";

const REPO = process.cwd();

test.describe("a CONTACT_DB that cannot work stops the server at start", () => {
  test.beforeAll(({}, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "server start-up: the desktop project runs it once");
  });

  const inBuild = join(REPO, ".next", "contact.sqlite");
  const cases: [string, string][] = [
    ["a Postgres URL with a port out of range", "postgres://:99999/x"],
    ["a Postgres URL without a host, with a password", "postgres://owner:hunter2-pw@/contact"],
    ["another database's URL", "mysql://x"],
    ["a file inside the build output", inBuild],
    ["a relative path into the build output", ".next/contact.sqlite"],
  ];
  for (const [label, value] of cases) {
    test(`${label}: ${value}`, async () => {
      const outcome = await startNextServer({ env: { CONTACT_DB: value, SMTP_URL: "smtp://127.0.0.1:9" } }).then(
        async (server) => {
          const output = server.output();
          await server.stop();
          return { started: true, output };
        },
        (error: unknown) => ({ started: false, output: error instanceof Error ? error.message : String(error) }),
      );
      // Next prints minified source around an error: only the contact lines make a readable failure.
      const said = outcome.output
        .split("\n")
        .filter((line) => line.includes("contact:"))
        .slice(0, 3)
        .join("\n");
      expect(outcome.started, `next start kept serving with CONTACT_DB=${value}:\n${said}`).toBe(false);
      expect(said).toContain("contact: CONTACT_DB");
      expect(outcome.output).not.toContain("hunter2-pw");
      expect(existsSync(inBuild)).toBe(false);
      // A URL is never taken for a file name (it once made a folder "postgres:" with a SQLite file in it).
      for (const folder of ["postgres:", "mysql:"]) expect(existsSync(join(REPO, folder)), folder).toBe(false);
    });
  }
});
