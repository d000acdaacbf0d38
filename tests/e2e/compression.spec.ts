/**
 * The site's answers compressed at the server's door
 * (src/http/compression/compress-responses.ts), against `next start` of the
 * main build, asked over plain HTTP as browsers and other clients ask: every
 * coding decodes to the same page, with every security header; HEAD and 304
 * carry no body; a file already compressed (a font) is sent as it is.
 *
 * Brotli is the proof that the door compresses and Next.js does not (its
 * own compression only knows gzip and deflate): when Next.js changes so that
 * the door no longer sees its answers, or compresses them again itself, this
 * file fails. That a regenerated page is never sent as an older page's
 * compressed copy is checked where pages are regenerated
 * (publishing.spec.ts); that a draft is never kept, in
 * tests/unit/http/compress-responses.test.ts.
 */
import { expect, test } from "@playwright/test";
import { requestDecoded } from "../support/decoded-request";
import { expectSecurityHeaders } from "./support/security-headers";

/** A request with exactly these headers to the site at `origin`, its body decoded (tests/support/decoded-request.ts). */
const ask = (origin: string, path: string, headers: Record<string, string>, method = "GET") =>
  requestDecoded(new URL(path, origin).toString(), headers, method);

const BROWSER = "gzip, deflate, br, zstd";

test.describe("compressed answers", () => {
  test.skip(({ isMobile }) => isMobile, "the server's answers do not depend on the viewport: the desktop project checks them");

  for (const path of ["/", "/nl", "/projects/2024/atlas", "/nl/projects/2024/atlas"]) {
    test(`${path}: Brotli, gzip and none decode to the same page, each with the security headers and Vary`, async ({ baseURL }) => {
      const identity = await ask(baseURL!, path, {});
      expect(identity.status).toBe(200);
      expect(identity.headers["content-encoding"]).toBeUndefined();
      expect(identity.body).toContain("</html>");
      for (const [acceptEncoding, coding] of [
        [BROWSER, "br"],
        ["gzip, deflate", "gzip"],
        ["br;q=0, gzip", "gzip"],
        ["identity", undefined],
      ] as const) {
        // Twice: the first request makes the kept copy, the second is sent it.
        for (const round of [1, 2]) {
          const label = `${path}, Accept-Encoding ${acceptEncoding}, request ${round}`;
          const answer = await ask(baseURL!, path, { "Accept-Encoding": acceptEncoding });
          expect(answer.status, label).toBe(200);
          expect(answer.headers["content-encoding"], label).toBe(coding);
          expect(Number(answer.headers["content-length"]), label).toBe(answer.raw.length);
          expect(answer.headers.vary, label).toMatch(/\bAccept-Encoding\b/i);
          expect(answer.body, label).toBe(identity.body);
          expectSecurityHeaders(answer.headers, label);
        }
      }
    });
  }

  test("HEAD: the headers a GET has, no body, not encoded", async ({ baseURL }) => {
    const answer = await ask(baseURL!, "/", { "Accept-Encoding": BROWSER }, "HEAD");
    expect(answer.status).toBe(200);
    expect(answer.raw.length).toBe(0);
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.headers.vary).toMatch(/\bAccept-Encoding\b/i);
    expectSecurityHeaders(answer.headers, "HEAD /");
  });

  test("a request naming the page's ETag is a 304 without a body", async ({ baseURL }) => {
    const page = await ask(baseURL!, "/projects/2024/atlas", { "Accept-Encoding": BROWSER });
    const etag = page.headers.etag;
    expect(etag).toBeTruthy();
    const again = await ask(baseURL!, "/projects/2024/atlas", { "Accept-Encoding": BROWSER, "If-None-Match": etag! });
    expect(again.status).toBe(304);
    expect(again.raw.length).toBe(0);
    expectSecurityHeaders(again.headers, "304");
  });

  test("the build's stylesheet is compressed; a font, already compressed, is sent as it is", async ({ baseURL }) => {
    const html = (await ask(baseURL!, "/", {})).body;
    const stylesheet = html.match(/href="(\/_next\/static\/css\/[^"]+\.css)"/)?.[1];
    const font = html.match(/url\((\/fonts\/[^)]+\.woff2)\)/)?.[1];
    expect(stylesheet).toBeTruthy();
    expect(font).toBeTruthy();

    const css = await ask(baseURL!, stylesheet!, { "Accept-Encoding": BROWSER });
    expect(css.headers["content-encoding"]).toBe("br");
    expect(css.body).toBe((await ask(baseURL!, stylesheet!, {})).body);
    expect(css.headers["cache-control"]).toContain("immutable");

    const woff2 = await ask(baseURL!, font!, { "Accept-Encoding": BROWSER });
    expect(woff2.status).toBe(200);
    expect(woff2.headers["content-encoding"]).toBeUndefined();
    expect(woff2.raw.subarray(0, 4).toString("latin1")).toBe("wOF2");
  });
});
