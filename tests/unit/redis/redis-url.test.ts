/**
 * REDIS_URL as every part that shares state through Redis reads it
 * (src/redis/redis-url.mjs): one check, and log lines that name the server
 * by host and port, never its password.
 */
import { describe, expect, it } from "vitest";
import { readRedisUrl, redisUrlProblem, redisWhere } from "../../../src/redis/redis-url.mjs";

describe("redisUrlProblem", () => {
  it.each(["redis://127.0.0.1:6379", "rediss://user:secret@cache.example.com:6380/2", "redis://:secret@cache.internal"])(
    "%s can be used",
    (value) => {
      expect(redisUrlProblem(value)).toBeNull();
    },
  );

  it.each([
    ["cache internal", "REDIS_URL is not a URL: expected redis://host:6379 or rediss://… (TLS)"],
    ["redis//nope", "REDIS_URL is not a URL: expected redis://host:6379 or rediss://… (TLS)"],
    ["localhost:6379", "REDIS_URL must start with redis:// or rediss:// (it starts with localhost://)"],
    ["http://cache.internal:6379", "REDIS_URL must start with redis:// or rediss:// (it starts with http://)"],
    ["postgres://db/x", "REDIS_URL must start with redis:// or rediss:// (it starts with postgres://)"],
    ["redis://", "REDIS_URL has no host"],
  ])("%s: %s", (value, problem) => {
    expect(redisUrlProblem(value)).toBe(problem);
  });

  it("never repeats the password of a URL it refuses", () => {
    expect(redisUrlProblem("http://user:hunter2@cache.example.com")).not.toContain("hunter2");
  });
});

describe("readRedisUrl", () => {
  it.each([
    ["unset", undefined, undefined],
    ["blank", "  ", undefined],
    ["set", " redis://cache.internal:6379 ", "redis://cache.internal:6379"],
  ])("%s", (_name, value, url) => {
    expect(readRedisUrl({ REDIS_URL: value })).toBe(url);
  });
});

describe("redisWhere", () => {
  it("names host and port, never the password", () => {
    expect(redisWhere("redis://user:secret@cache.internal:6380/2")).toBe("cache.internal:6380");
    expect(redisWhere("rediss://cache.internal")).toBe("cache.internal:6379");
    expect(redisWhere("not a url :secret@")).toBe("(unparseable REDIS_URL)");
  });
});
