/**
 * The not-found page answered from a copy (src/errors/not-found-copy.ts):
 * one render per content version, asked of a real HTTP server standing for
 * the site, and each refused path put into it exactly as React would have
 * rendered it.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { COPY_MAX_AGE_MS, COPY_PATH, COPY_RETRY_MS, createNotFoundCopies, escapeText, splitCopy } from "../../../src/errors/not-found-copy";
import { untilHangGuard } from "../../support/hang-guard";

const CSP = "default-src 'self'; object-src 'none'";
let server: Server;
let origin: string;
let asked: { path: string; userAgent: string | undefined }[] = [];
let edition = "one";
let broken = false;

function page(path: string): string {
  return `<!DOCTYPE html><html><head><title>Page Not Found</title></head><body><header>Elena Varga ${edition}</header><h1>${renderToStaticMarkup(createElement("span", null, `Page not found: ${path}`)).slice(6, -7)}</h1></body></html>`;
}

beforeAll(async () => {
  server = createServer((request, response) => {
    asked.push({ path: request.url ?? "", userAgent: request.headers["user-agent"] });
    if (broken) {
      response.writeHead(500, { "content-type": "text/html" }).end("<p>oops</p>");
      return;
    }
    response.writeHead(404, {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": CSP,
      "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
      etag: '"abc"',
    });
    response.end(page(request.url ?? ""));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  asked = [];
  edition = "one";
  broken = false;
});

const BROWSER = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const person = (url: string) => ({ url, userAgent: BROWSER, data: false });

describe("escapeText", () => {
  it.each(["/projects/a<script>alert(1)</script>", `/x"y'z&w`, "/café/ü", "/a&amp;b", "/plain"])(
    "%s: as React escapes a text node",
    (text) => {
      expect(escapeText(text)).toBe(renderToStaticMarkup(createElement("p", null, text)).slice(3, -4));
    },
  );
});

describe("splitCopy", () => {
  it("splits at the one place the heading repeats the copy's path; refuses a page with it nowhere or twice", () => {
    const html = page(COPY_PATH);
    const split = splitCopy(html)!;
    expect(`${split.before}${COPY_PATH}${split.after}`).toBe(html);
    expect(splitCopy(page("/elsewhere"))).toBeUndefined();
    expect(splitCopy(`${html}<a href="${COPY_PATH}">`)).toBeUndefined();
  });
});

describe("answers from the copy", () => {
  it("the rendered page with the path asked for, the page's status and headers; one render for many answers", async () => {
    const copies = createNotFoundCopies({ log: () => undefined });
    const answers = await Promise.all(
      ["/projects/a", "/projects/b?utm=1", "/projects/%3Cb%3E"].map((url) => copies.answer(person(url), 7, origin)),
    );
    const bodies = await Promise.all(answers.map((answer) => answer!.text()));
    expect(bodies[0]).toBe(page("/projects/a"));
    expect(bodies[1]).toBe(page("/projects/b"));
    expect(bodies[2]).toBe(page("/projects/<b>"));
    expect(answers[0]!.status).toBe(404);
    expect(answers[0]!.headers.get("content-security-policy")).toBe(CSP);
    expect(answers[0]!.headers.get("cache-control")).toBe("private, no-cache, no-store, max-age=0, must-revalidate");
    // What describes that one message is not the page's: the copy has no etag of its own.
    expect(answers[0]!.headers.get("etag")).toBeNull();
    expect(asked).toEqual([{ path: COPY_PATH, userAgent: expect.not.stringMatching(/bot/i) }]);
  });

  it("a /_next/data request: Next.js's JSON answer, with the page's headers", async () => {
    const copies = createNotFoundCopies({ log: () => undefined });
    const answer = (await copies.answer({ url: "/projects/a", userAgent: BROWSER, data: true }, 1, origin))!;
    expect(answer.status).toBe(404);
    expect(await answer.json()).toEqual({ notFound: true });
    expect(answer.headers.get("content-type")).toBe("application/json");
    expect(answer.headers.get("content-security-policy")).toBe(CSP);
  });

  it("a bot: the status line as text, as every error page answers bots", async () => {
    const copies = createNotFoundCopies({ log: () => undefined });
    const answer = (await copies.answer(
      { url: "/projects/a", userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", data: false },
      1,
      origin,
    ))!;
    expect(await answer.text()).toBe("404 Not Found\n");
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.headers.get("content-security-policy")).toBe(CSP);
  });

  it("a new content version: the old copy answers while the new one is made, then the new one", async () => {
    const clock = { now: 0 };
    const copies = createNotFoundCopies({ log: () => undefined, now: () => clock.now });
    await copies.answer(person("/projects/a"), 1, origin);
    edition = "two";
    const during = await (await copies.answer(person("/projects/a"), 2, origin))!.text();
    expect(during).toContain("Elena Varga one");
    // The new copy is made in the background: waited for, not given 100 ms that a busy machine may outlast.
    await untilHangGuard(() => asked.length > 1, "the new version's copy asked for");
    await untilHangGuard(
      async () => (await (await copies.answer(person("/projects/a"), 2, origin))!.text()).includes("Elena Varga two"),
      "the new version's copy answering",
    );
    // The same version, older than COPY_MAX_AGE_MS: made again (a header that failed to load once is not kept).
    const made = asked.length;
    clock.now += COPY_MAX_AGE_MS + 1;
    await copies.answer(person("/projects/a"), 2, origin);
    await untilHangGuard(() => asked.length >= made + 1, "the old copy made again");
    expect(asked.length).toBe(made + 1);
  });

  it("a page that cannot be copied: no answer (the page renders itself), one log line, and no new attempt for a while", async () => {
    broken = true;
    const clock = { now: 0 };
    const log: string[] = [];
    const copies = createNotFoundCopies({ log: (line) => log.push(line), now: () => clock.now });
    expect(await copies.answer(person("/projects/a"), 1, origin)).toBeUndefined();
    for (let n = 0; n < 20; n++) expect(await copies.answer(person(`/projects/${n}`), 1, origin)).toBeUndefined();
    expect(asked).toHaveLength(1);
    expect(log).toEqual([expect.stringContaining("the page answered 500")]);
    broken = false;
    clock.now += COPY_RETRY_MS + 1;
    expect(await copies.answer(person("/projects/a"), 1, origin)).toBeDefined();
  });

  it("a server that cannot be reached: no answer, not an error", async () => {
    const copies = createNotFoundCopies({ log: () => undefined });
    expect(await copies.answer(person("/projects/a"), 1, "http://127.0.0.1:9")).toBeUndefined();
  });
});
