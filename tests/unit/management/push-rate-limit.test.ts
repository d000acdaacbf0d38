/**
 * Storyblok's limit of 3 Management API requests a second, held by `space
 * push` as the CLI runs it: `schema push`, then the content of content/, then
 * a second push that finds nothing to do, through one client as the CLI makes
 * it, against the local Management API answering at that limit (a 429 past
 * it). No second at the server holds more than 3 requests and none is
 * answered 429, the test's own reads sharing the client's window.
 *
 * The one file that pushes at the limit: the other schema and space push
 * tests fill their spaces without it, and Stryker leaves this file out
 * (vitest.stryker.config.ts) as it times what it asserts. The window itself
 * is pinned in-process by request-window.test.ts.
 */
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnsweredRequest } from "../../../tools/local-management-api/request-log";
import { pushSchema, type PushSchemaResult } from "../../../tools/schema-push/push-schema";
import { pushContent, totalRequests, type PushSummary } from "../../../tools/space-push";
import { spaceStoryRows } from "./space-push-readback";
import { busiestSecond, COMPONENTS, CONTENT, removeDirs, ROOT, SPACE_ID, startLocalSpace, type LocalSpace } from "./space-harness";

const dirs: string[] = [];
let space: LocalSpace;
let schema: PushSchemaResult;
let content: PushSummary;
let again: PushSummary;
/** The server's log of each step. */
let schemaLog: AnsweredRequest[];
let contentLog: AnsweredRequest[];

beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), "push-rate-limit-"));
  dirs.push(dir);
  space = await startLocalSpace(join(dir, "space"), { requestsPerSecond: 3 });
  const journalPath = join(dir, "journal.json");
  const push = () =>
    pushContent(space.client(), { spaceId: SPACE_ID, dir: CONTENT, componentsPath: COMPONENTS, target: space.apiUrl, journalPath });

  schema = await pushSchema(space.client(), { schemaDir: join(ROOT, "schema") });
  schemaLog = space.mapi.requests.slice();
  content = await push();
  contentLog = space.mapi.requests.slice(schemaLog.length);
  again = await push();
  // The test's own read, through the same client and so the same window.
  await spaceStoryRows(space.client());
  console.log(
    `at 3 requests a second: schema push ${schemaLog.length} requests, content push ${totalRequests(content.requests)} ` +
      `in ${(content.elapsedMs / 1000).toFixed(1)} s, busiest second ${busiestSecond(space.mapi.requests)}`,
  );
}, 180_000);

afterAll(async () => {
  await space?.close();
  await removeDirs(dirs);
});

describe("space push at Storyblok's 3 requests a second", () => {
  it("pushes the schema and the content (what it writes is proven without the limit, in schema-push and space-push)", () => {
    expect(schema.outcome).toBe("applied");
    expect(schemaLog.length).toBeGreaterThan(25);
    expect(content.stories.created).toBe(7);
    expect(content.assets.created).toBe(17);
    expect(contentLog.length).toBe(totalRequests(content.requests) - content.requests.uploads);
    expect(again.actions).toEqual([]);
  });

  it("never had more than 3 requests in a second at the server in either push, and never a 429", () => {
    for (const log of [schemaLog, contentLog]) {
      expect(busiestSecond(log)).toBeLessThanOrEqual(3);
      expect(log.filter((request) => request.status === 429)).toEqual([]);
    }
  });

  it("kept to the limit over the whole file, the second push and the test's own reads sharing the client's window", () => {
    expect(busiestSecond(space.mapi.requests)).toBeLessThanOrEqual(3);
    expect(space.mapi.requests.filter((request) => request.status === 429)).toEqual([]);
  });
});
