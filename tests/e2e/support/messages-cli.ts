import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import type { StoredMessage } from "../../../src/contact/server/store/message-store";

const run = promisify(execFile);

/**
 * `portfolio messages list --json`, run from the repository as the owner
 * runs it: with `--db <db>`, or with nothing configured (CONTACT_DB unset)
 * when `db` is undefined. In a process of its own, never blocking this one's
 * servers (the loopback SMTP server lives in the test's process).
 */
export async function listWithCli(db?: string): Promise<StoredMessage[]> {
  const repo = process.cwd();
  const env = { ...process.env };
  delete env.CONTACT_DB;
  const args = [join(repo, "bin", "portfolio.js"), "messages", "list", "--json", ...(db === undefined ? [] : ["--db", db])];
  const { stdout } = await run(process.execPath, args, { cwd: repo, env });
  return JSON.parse(stdout) as StoredMessage[];
}
