/**
 * The parts every write to a space goes through, each on its own: the pager
 * (every row of a list, and no page read twice of a list Storyblok does not
 * page), a failure as the CLI reports it (Storyblok's status and answer, a
 * failed connection's cause), the crash points (a kill only at the named
 * point, at its nth pass), and the client's base URL and region.
 */
import { ClientError } from "@storyblok/management-api-client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { crashPoint } from "../../../tools/crash-point";
import { listAll, MAX_PER_PAGE } from "../../../tools/management-api/list-all";
import { clientBaseUrl, connectionRefused, createManagementClient } from "../../../tools/management-api/management-client";
import { failureMessage, ManagementRequestError, toManagementRequestError } from "../../../tools/management-api/management-errors";

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe("listAll", () => {
  /** A list of `rows` rows served `perPage` at a time, with `total` when `headers` says so. */
  function pages(rows: number, total: (count: number) => Record<string, string>) {
    const asked: [number, number][] = [];
    const fetchPage = async (page: number, perPage: number) => {
      asked.push([page, perPage]);
      const slice = Array.from({ length: rows }, (_, index) => index + 1).slice((page - 1) * 2, page * 2);
      return { rows: slice, response: new Response(null, { headers: total(rows) }) };
    };
    return { asked, fetchPage };
  }

  it("reads page after page, the largest pages Storyblok gives, until `total` rows are read", async () => {
    const { asked, fetchPage } = pages(5, (count) => ({ total: String(count) }));
    expect(await listAll(fetchPage)).toEqual([1, 2, 3, 4, 5]);
    expect(asked).toEqual([
      [1, 100],
      [2, 100],
      [3, 100],
    ]);
    expect(MAX_PER_PAGE).toBe(100);
  });

  it("stops at exactly `total` rows, and at an empty page however many `total` says", async () => {
    const exact = pages(4, (count) => ({ total: String(count) }));
    expect(await listAll(exact.fetchPage)).toEqual([1, 2, 3, 4]);
    expect(exact.asked.map(([page]) => page)).toEqual([1, 2]);
    const short = pages(3, () => ({ total: "10" }));
    expect(await listAll(short.fetchPage)).toEqual([1, 2, 3]);
    expect(short.asked.map(([page]) => page)).toEqual([1, 2, 3]);
  });

  it("reads one page of a list without `total`, or with one that is no number: Storyblok answers those whole", async () => {
    for (const headers of [{}, { total: "many" }] as Record<string, string>[]) {
      const { asked, fetchPage } = pages(5, () => headers);
      expect(await listAll(fetchPage)).toEqual([1, 2]);
      expect(asked).toHaveLength(1);
    }
  });
});

describe("a failed request, as the CLI reports it", () => {
  const clientError = (status: number, statusText: string, data: unknown, message = "Request failed") =>
    new ClientError(message, { status, statusText, data });

  it("is Storyblok's status, its text and its answer, as JSON or as text", () => {
    const json = toManagementRequestError(clientError(422, "Unprocessable Entity", { name: ["has already been taken"] }));
    expect(json).toBeInstanceOf(ManagementRequestError);
    expect([json.name, json.message, json.status, json.response]).toEqual([
      "ManagementRequestError",
      '422 Unprocessable Entity: {"name":["has already been taken"]}',
      422,
      { status: 422, statusText: "Unprocessable Entity", data: { name: ["has already been taken"] } },
    ]);
    expect(toManagementRequestError(clientError(502, "Bad Gateway", "upstream down")).message).toBe("502 Bad Gateway: upstream down");
  });

  it("leaves out an empty answer, and names the client's message when the status has no text", () => {
    const empty = toManagementRequestError(clientError(404, "Not Found", ""));
    expect([empty.message, empty.response]).toEqual(["404 Not Found", { status: 404, statusText: "Not Found", data: undefined }]);
    expect(toManagementRequestError(clientError(401, "", undefined, "Unauthorized")).message).toBe("401 Unauthorized");
    // Neither: the status alone, no trailing space.
    expect(toManagementRequestError(clientError(500, "", undefined, "")).message).toBe("500");
  });

  it("is kept as it is when it already has that shape; any other error is its message with no status", () => {
    const known = new ManagementRequestError("x", 500, undefined);
    expect(toManagementRequestError(known)).toBe(known);
    const plain = toManagementRequestError(new TypeError("fetch failed"));
    expect([plain.message, plain.status, plain.response]).toEqual(["fetch failed", undefined, undefined]);
    const thrown = toManagementRequestError("a string");
    expect([thrown.message, thrown.status, thrown.response]).toEqual(["a string", undefined, undefined]);
  });

  it("adds a failed connection's cause, its code before its message, unless the message says it already", () => {
    expect(failureMessage(new TypeError("fetch failed", { cause: { code: "ECONNRESET", message: "socket hang up" } }))).toBe(
      "fetch failed (ECONNRESET)",
    );
    expect(failureMessage(new TypeError("fetch failed", { cause: { message: "Connect Timeout Error" } }))).toBe(
      "fetch failed (Connect Timeout Error)",
    );
    expect(failureMessage(new TypeError("fetch failed", { cause: { code: 7 } }))).toBe("fetch failed");
    expect(failureMessage(new Error("read ECONNRESET", { cause: { code: "ECONNRESET" } }))).toBe("read ECONNRESET");
    expect(failureMessage(clientError(500, "Internal Server Error", { error: "boom" }))).toBe(
      '500 Internal Server Error: {"error":"boom"}',
    );
    expect(failureMessage(undefined)).toBe("undefined");
  });
});

describe("crashPoint", () => {
  function kills(): string[] {
    const signals: string[] = [];
    vi.spyOn(process, "kill").mockImplementation((pid, signal) => {
      signals.push(`${pid === process.pid ? "self" : pid}:${String(signal)}`);
      return true;
    });
    return signals;
  }

  it("does nothing unless PORTFOLIO_CRASH_AT names the point", () => {
    const signals = kills();
    crashPoint("unit:unset");
    vi.stubEnv("PORTFOLIO_CRASH_AT", "");
    crashPoint("unit:unset");
    vi.stubEnv("PORTFOLIO_CRASH_AT", "unit:other");
    crashPoint("unit:unset");
    crashPoint("unit:other-too");
    expect(signals).toEqual([]);
  });

  it("kills the process outright (SIGKILL) the first time it gets to the point named", () => {
    const signals = kills();
    vi.stubEnv("PORTFOLIO_CRASH_AT", "unit:first");
    crashPoint("unit:first");
    expect(signals).toEqual(["self:SIGKILL"]);
  });

  it("with `:n`, the nth time only, counting that point alone", () => {
    const signals = kills();
    vi.stubEnv("PORTFOLIO_CRASH_AT", "unit:third:3");
    crashPoint("unit:third");
    crashPoint("unit:not-it");
    crashPoint("unit:third");
    expect(signals).toEqual([]);
    crashPoint("unit:third");
    expect(signals).toEqual(["self:SIGKILL"]);
    crashPoint("unit:third");
    expect(signals).toEqual(["self:SIGKILL"]);
  });

  it("counts past nine: `:12` is the twelfth pass", () => {
    const signals = kills();
    vi.stubEnv("PORTFOLIO_CRASH_AT", "unit:twelfth:12");
    for (let pass = 1; pass < 12; pass++) crashPoint("unit:twelfth");
    expect(signals).toEqual([]);
    crashPoint("unit:twelfth");
    expect(signals).toEqual(["self:SIGKILL"]);
  });
});

describe("the client's address", () => {
  it("is the API URL's origin and path without `/v1` and trailing slashes (the client's paths start with /v1)", () => {
    expect(clientBaseUrl("https://mapi.storyblok.com/v1")).toBe("https://mapi.storyblok.com");
    expect(clientBaseUrl("http://127.0.0.1:4010/v1//")).toBe("http://127.0.0.1:4010");
    expect(clientBaseUrl("http://proxy/storyblok/v1/")).toBe("http://proxy/storyblok");
    expect(clientBaseUrl("http://proxy/v1x")).toBe("http://proxy/v1x");
  });

  it("takes a region Storyblok has, and refuses another unless an API URL is given", () => {
    for (const region of ["eu", "us", "ca", "ap", "cn", undefined])
      expect(() => createManagementClient({ token: "t", spaceId: 1, ...(region && { region }) })).not.toThrow();
    expect(() => createManagementClient({ token: "t", spaceId: 1, region: "mars" })).toThrow(
      'Unknown Storyblok region "mars": use eu, us, ca, ap or cn, or set STORYBLOK_MANAGEMENT_API_URL.',
    );
    expect(() => createManagementClient({ token: "t", spaceId: 1, region: "mars", apiUrl: "http://127.0.0.1:1/v1" })).not.toThrow();
  });

  it("a refused connection is told from any other failure, also when ky wraps it", () => {
    const refused = new TypeError("fetch failed", { cause: { code: "ECONNREFUSED" } });
    expect(connectionRefused(refused)).toBe(true);
    const wrapped = Object.assign(new Error("wrapped"), { name: "NonError", value: refused });
    expect(connectionRefused(wrapped)).toBe(true);
    expect(connectionRefused(Object.assign(new Error("x"), { name: "NonError", cause: { code: "ECONNREFUSED" } }))).toBe(true);
    expect(connectionRefused(Object.assign(new Error("x"), { name: "Other", value: refused }))).toBe(false);
    expect(connectionRefused(new TypeError("fetch failed", { cause: { code: "ECONNRESET" } }))).toBe(false);
    expect(connectionRefused(undefined)).toBe(false);
  });
});
