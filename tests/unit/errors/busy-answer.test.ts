/**
 * A render whose content request the site turned away (its queue was full,
 * publishing first: src/content/access/rate-limit) is answered 503 with
 * Retry-After and the security headers, not the 500 Next.js sets for a
 * thrown error, and without the header and footer's request that would
 * queue behind the same crowd. src/pages/_error.tsx's getInitialProps, on
 * a real ServerResponse, with the error the limiter throws.
 */
import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import { describe, expect, it, vi } from "vitest";
import ErrorPage from "../../../src/pages/_error";
import { ContentBusyError } from "../../../src/content/access/rate-limit/content-busy";
import { BOTS, BROWSERS } from "../../e2e/support/user-agents";

function exchange(userAgent: string) {
  const req = new IncomingMessage(new Socket());
  req.url = "/projects/new-this-morning";
  req.headers = { "user-agent": userAgent };
  const res = new ServerResponse(req);
  // Next.js has set this for the thrown error before it renders the error page.
  res.statusCode = 500;
  return { req, res };
}

describe("a turned-away render", () => {
  it("a person: 503, Retry-After, the security headers, no content request for the frame", async () => {
    const { req, res } = exchange(BROWSERS["Chrome desktop"]);
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const props = await ErrorPage.getInitialProps!({
      req,
      res,
      err: new ContentBusyError("visitor", "16 already waiting", 1),
      pathname: "/_error",
      query: {},
      AppTree: () => null,
    } as never);
    expect(props).toMatchObject({ status: 503, path: "/projects/new-this-morning", site: null });
    expect(res.statusCode).toBe(503);
    expect(res.getHeader("retry-after")).toBe("1");
    expect(String(res.getHeader("content-security-policy"))).toMatch(/object-src 'none'/);
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it("a bot: the status line, 503, with Retry-After", async () => {
    const { req, res } = exchange(BOTS.Googlebot);
    const ended = vi.spyOn(res, "end");
    await ErrorPage.getInitialProps!({
      req,
      res,
      err: new ContentBusyError("visitor", "waited 3000 ms for a slot", 2),
      pathname: "/_error",
      query: {},
      AppTree: () => null,
    } as never);
    expect(res.statusCode).toBe(503);
    expect(res.getHeader("retry-after")).toBe("2");
    expect(ended).toHaveBeenCalledWith("503 Service Unavailable\n");
  });

  it("any other thrown error stays the 500 it was", async () => {
    const { req, res } = exchange(BOTS.Googlebot);
    await ErrorPage.getInitialProps!({ req, res, err: new Error("boom"), pathname: "/_error", query: {}, AppTree: () => null } as never);
    expect(res.statusCode).toBe(500);
    expect(res.getHeader("retry-after")).toBeUndefined();
  });
});
