/**
 * How the environment picks the platform, the delivery mode, where the
 * counted address comes from, the send timeout and the drain's secret
 * (config.ts). A value that cannot be used falls back to the safe choice
 * with a warning that names it; a trust setting never falls back to trust.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { detectPlatform, readContactConfig, type AddressSource } from "../../../src/contact/server/config";
import { ContactDbError } from "../../../src/contact/server/store/location";

afterEach(() => {
  vi.restoreAllMocks();
});

const quiet = () => vi.spyOn(console, "warn").mockImplementation(() => undefined);

describe("the platform, from the variables the platform sets", () => {
  it.each<[string, Record<string, string>, ReturnType<typeof detectPlatform>]>([
    ["nothing", {}, null],
    ["VERCEL=1", { VERCEL: "1" }, "vercel"],
    ["VERCEL=0", { VERCEL: "0" }, null],
    ["VERCEL=true (not what Vercel sets)", { VERCEL: "true" }, null],
    ["NETLIFY=true", { NETLIFY: "true" }, "netlify"],
    ["NETLIFY=1 (not what Netlify sets)", { NETLIFY: "1" }, null],
    ["AWS_LAMBDA_FUNCTION_NAME", { AWS_LAMBDA_FUNCTION_NAME: "site-ssr" }, "lambda"],
    ["an empty AWS_LAMBDA_FUNCTION_NAME", { AWS_LAMBDA_FUNCTION_NAME: "" }, null],
    ["Vercel's variables win over Lambda's (Vercel runs on it)", { VERCEL: "1", AWS_LAMBDA_FUNCTION_NAME: "x" }, "vercel"],
    ["Netlify's win over Lambda's", { NETLIFY: "true", AWS_LAMBDA_FUNCTION_NAME: "x" }, "netlify"],
  ])("%s", (_name, env, platform) => {
    expect(detectPlatform(env)).toBe(platform);
    expect(readContactConfig(env).platform).toBe(platform);
  });
});

describe("CONTACT_DELIVERY", () => {
  it.each<[string, Record<string, string>, "background" | "request"]>([
    ["unset on a long-lived server: the background loop", {}, "background"],
    ["unset on Vercel: within the request", { VERCEL: "1" }, "request"],
    ["unset on Netlify: within the request", { NETLIFY: "true" }, "request"],
    ["unset on Lambda: within the request", { AWS_LAMBDA_FUNCTION_NAME: "x" }, "request"],
    ["request on a server", { CONTACT_DELIVERY: "request" }, "request"],
    ["background on Vercel (the owner's choice)", { VERCEL: "1", CONTACT_DELIVERY: "background" }, "background"],
    ["spaces and case", { CONTACT_DELIVERY: " Request " }, "request"],
    ["blank", { VERCEL: "1", CONTACT_DELIVERY: "  " }, "request"],
  ])("%s", (_name, env, mode) => {
    const warn = quiet();
    expect(readContactConfig(env).delivery).toBe(mode);
    expect(warn).not.toHaveBeenCalled();
  });

  it.each<[Record<string, string>, "background" | "request"]>([
    [{ CONTACT_DELIVERY: "now" }, "background"],
    [{ CONTACT_DELIVERY: "now", VERCEL: "1" }, "request"],
  ])("an unknown value warns, naming it, and chooses from the platform: %j", (env, mode) => {
    const warn = quiet();
    expect(readContactConfig(env).delivery).toBe(mode);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('CONTACT_DELIVERY="now"');
  });
});

describe("CONTACT_TRUST_PROXY: where the counted address comes from", () => {
  const connection: AddressSource = { kind: "connection" };
  const proxy: AddressSource = { kind: "last-forwarded-for" };
  const vercel: AddressSource = { kind: "platform-header", header: "x-real-ip" };
  const netlify: AddressSource = { kind: "platform-header", header: "x-nf-client-connection-ip" };

  it.each<[string, Record<string, string>, AddressSource]>([
    ["unset, no platform: the connection", {}, connection],
    ["unset on Vercel: Vercel's header", { VERCEL: "1" }, vercel],
    ["unset on Netlify: Netlify's header", { NETLIFY: "true" }, netlify],
    ["unset on Lambda: the connection (no header to trust)", { AWS_LAMBDA_FUNCTION_NAME: "x" }, connection],
    ["1: one reverse proxy", { CONTACT_TRUST_PROXY: "1" }, proxy],
    ["true", { CONTACT_TRUST_PROXY: "true" }, proxy],
    ["1 on Vercel: the owner's proxy, not the platform's header", { CONTACT_TRUST_PROXY: "1", VERCEL: "1" }, proxy],
    ["0: the connection", { CONTACT_TRUST_PROXY: "0" }, connection],
    ["false", { CONTACT_TRUST_PROXY: "false" }, connection],
    ["0 on Vercel: the connection, as asked", { CONTACT_TRUST_PROXY: "0", VERCEL: "1" }, connection],
    ["vercel off Vercel", { CONTACT_TRUST_PROXY: "vercel" }, vercel],
    ["netlify", { CONTACT_TRUST_PROXY: "netlify" }, netlify],
    ["netlify on Vercel", { CONTACT_TRUST_PROXY: "netlify", VERCEL: "1" }, netlify],
    ["case and spaces", { CONTACT_TRUST_PROXY: " Vercel " }, vercel],
    ["blank", { CONTACT_TRUST_PROXY: " " }, connection],
  ])("%s", (_name, env, source) => {
    const warn = quiet();
    expect(readContactConfig(env).addressSource).toEqual(source);
    expect(warn).not.toHaveBeenCalled();
  });

  it.each<[string, Record<string, string>]>([
    ["yes", { CONTACT_TRUST_PROXY: "yes" }],
    ["2 proxies", { CONTACT_TRUST_PROXY: "2" }],
    ["cloudflare", { CONTACT_TRUST_PROXY: "cloudflare" }],
    ["an unknown value on Vercel: still the connection, never a header", { CONTACT_TRUST_PROXY: "yes", VERCEL: "1" }],
  ])("%s: the connection, with a warning that names the value", (_name, env) => {
    const warn = quiet();
    expect(readContactConfig(env).addressSource).toEqual(connection);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain(`CONTACT_TRUST_PROXY="${env.CONTACT_TRUST_PROXY}"`);
  });
});

describe("CONTACT_SEND_TIMEOUT_MS", () => {
  it.each([
    [undefined, 15_000],
    ["", 15_000],
    ["2500", 2500],
    [" 1 ", 1],
  ])("%j → %i ms", (value, ms) => {
    expect(readContactConfig({ CONTACT_SEND_TIMEOUT_MS: value }).sendTimeoutMs).toBe(ms);
  });

  it.each(["0", "-1", "1.5", "15s"])("%j falls back to 15 s with a warning that names it", (value) => {
    const warn = quiet();
    expect(readContactConfig({ CONTACT_SEND_TIMEOUT_MS: value }).sendTimeoutMs).toBe(15_000);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain(`CONTACT_SEND_TIMEOUT_MS="${value}"`);
  });
});

describe("CRON_SECRET", () => {
  it.each([
    [undefined, undefined],
    ["", undefined],
    ["   ", undefined],
    ["s3cret", "s3cret"],
    [" s3cret ", "s3cret"],
  ])("%j → %j", (value, secret) => {
    expect(readContactConfig({ CRON_SECRET: value }).cronSecret).toBe(secret);
  });
});

describe("CONTACT_DB", () => {
  it("a postgres URL is the store", () => {
    expect(readContactConfig({ CONTACT_DB: "postgres://u:p@db.example:5432/site" }).store).toEqual({
      kind: "postgres",
      url: "postgres://u:p@db.example:5432/site",
    });
  });

  it("one that cannot work throws the ContactDbError, so the server does not start on it", () => {
    expect(() => readContactConfig({ CONTACT_DB: "mysql://u:p@db.example/site" })).toThrow(ContactDbError);
  });
});
