/**
 * `portfolio webhook send`: the CLI signs and posts the payload Storyblok
 * would send, to a local HTTP server that checks the signature with the
 * site's own check and records what arrived.
 */
import { execFile } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { hasValidSignature } from "../../../src/publishing/webhook-signature";
import { REPO } from "../../support/repo-root";

const exec = promisify(execFile);
const SECRET = "cli-secret";

interface Received {
  path: string;
  signed: boolean;
  payload: Record<string, unknown>;
}
let received: Received[];
let server: Server;
let site: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const signed = hasValidSignature(body, req.headers["webhook-signature"] as string | undefined, SECRET);
      received.push({ path: req.url ?? "", signed, payload: JSON.parse(body.toString()) });
      res.writeHead(signed ? 200 : 401, { "content-type": "application/json" });
      res.end(JSON.stringify(signed ? { revalidated: ["/"] } : { error: "bad signature" }));
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));
beforeEach(() => {
  received = [];
});

async function send(args: string[], env: Record<string, string> = {}) {
  const clean = { ...process.env, ...env };
  if (!env.STORYBLOK_WEBHOOK_SECRET) delete clean.STORYBLOK_WEBHOOK_SECRET;
  try {
    const { stdout, stderr } = await exec("node", ["bin/portfolio.js", "webhook", "send", ...args], { cwd: REPO, env: clean });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe("portfolio webhook send", () => {
  it("signs a published webhook for a story named by slug, with its id from content/, to the site's /api/revalidate", async () => {
    const result = await send(["published", "projects/2024/atlas", "--url", site, "--secret", SECRET]);
    expect(result.code).toBe(0);
    expect(received).toEqual([
      {
        path: "/api/revalidate",
        signed: true,
        payload: expect.objectContaining({ action: "published", story_id: 512004201, full_slug: "projects/2024/atlas", space_id: 0 }),
      },
    ]);
    expect(result.stdout).toMatch(/^200 in \d+ ms: \{"revalidated":\["\/"\]\}/);
  });

  it("sends a deleted story by id without a full_slug, as Storyblok does, secret from the environment", async () => {
    const result = await send(["deleted", "4242", "--url", `${site}/hooks/custom`], { STORYBLOK_WEBHOOK_SECRET: SECRET });
    expect(result.code).toBe(0);
    expect(received[0]?.path).toBe("/hooks/custom");
    expect(received[0]?.payload).toEqual({ text: "The Story 4242 was deleted.", action: "deleted", space_id: 0, story_id: 4242 });
  });

  it("exits 1 and prints the answer when the site refuses the webhook", async () => {
    const result = await send(["published", "home", "--url", site, "--secret", "wrong"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("401");
  });

  it.each([
    [["updated", "home"], "<action> must be one of"],
    [["published", "home"], "No webhook secret"],
    [["published", "projects/nowhere", "--secret", "x"], "give its numeric id"],
    [["moved", "4242", "--secret", "x"], "needs its new full slug"],
  ])("usage errors exit 2 without sending: %j", async (args, message) => {
    const result = await send([...args, "--url", site]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(received).toEqual([]);
  });

  it("exits 1 naming the site when nothing answers", async () => {
    const result = await send(["published", "home", "--url", "http://127.0.0.1:9/", "--secret", SECRET]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("Could not reach http://127.0.0.1:9/");
  });
});
