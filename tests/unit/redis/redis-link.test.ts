/**
 * The one Redis connection code (src/redis/redis-link.mjs), where no Redis
 * answers: the page cache, the story → pages map and the content API's
 * limit each go on without it, so a link must not hold them up or fill the
 * log. (With a real Redis stopped and restarted, each user's own tests check
 * it: shared-cache/cache-handler, publishing/shared-map,
 * content/request-limit-redis.)
 */
import { afterEach, describe, expect, it } from "vitest";
import { openRedisLink, type RedisLink } from "../../../src/redis/redis-link.mjs";
import { freePort } from "../../support/free-port";

const lines: string[] = [];
const log = { warn: (line: string) => lines.push(line), info: (line: string) => lines.push(line) };
let link: RedisLink | undefined;

afterEach(async () => {
  await link?.close();
  link = undefined;
  lines.length = 0;
});

const options = {
  user: "test",
  meanwhile: "carrying on alone",
  afterwards: "sharing again",
  connectWaitMs: 300,
  commandTimeoutMs: 300,
  log,
};

describe("a link to a Redis that is not there", () => {
  it("waits for it once, at most connectWaitMs, then fails commands without waiting; one line, naming host and port", async () => {
    const port = await freePort();
    link = openRedisLink(`redis://user:hunter2@127.0.0.1:${port}`, options);
    expect(await link.ready()).toBe(false);
    for (let i = 0; i < 5; i++) await expect(link.run((client) => client.get("key"))).rejects.toThrow();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^test: Redis at 127\\.0\\.0\\.1:${port} is unreachable \\(.+\\); carrying on alone$`));
    expect(lines.join("\n")).not.toContain("hunter2");
    expect(link.availability.isDown()).toBe(true);
  });

  it("a URL node-redis refuses: the client is not made, commands fail, closing still works", async () => {
    link = openRedisLink("redis://127.0.0.1:notaport", options);
    await expect(link.client).rejects.toThrow();
    await expect(link.run((client) => client.get("key"))).rejects.toThrow();
  });

  it("once closed, a command is refused and nothing more is logged", async () => {
    const port = await freePort();
    link = openRedisLink(`redis://127.0.0.1:${port}`, options);
    await link.close();
    await expect(link.run((client) => client.get("key"))).rejects.toThrow("the Redis link is closed");
    expect(lines).toEqual([]);
  });
});
