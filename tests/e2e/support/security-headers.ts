import type { IncomingHttpHeaders } from "node:http";
import { expect, type APIResponse } from "@playwright/test";

/** What next.config.ts's headers() put on every answer, whatever its status (attacks.spec.ts, contact-instances.spec.ts and compression.spec.ts check them with this: a Playwright answer, or the headers of one from node:http). */
export function expectSecurityHeaders(answer: APIResponse | IncomingHttpHeaders, label: string): void {
  const headers = typeof answer.headers === "function" ? (answer as APIResponse).headers() : (answer as IncomingHttpHeaders);
  const csp = headers["content-security-policy"] ?? "";
  expect(csp, `${label}: Content-Security-Policy`).toMatch(/object-src 'none'/);
  expect(csp, `${label}: frame-ancestors`).toMatch(/frame-ancestors '(self|none)'/);
  expect(headers["x-content-type-options"], `${label}: nosniff`).toBe("nosniff");
  expect(headers["referrer-policy"], `${label}: Referrer-Policy`).toBeTruthy();
}
