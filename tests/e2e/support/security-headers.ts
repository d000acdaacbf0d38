import { expect, type APIResponse } from "@playwright/test";

/** What next.config.ts's headers() put on every answer, whatever its status (attacks.spec.ts and contact-instances.spec.ts check them with this). */
export function expectSecurityHeaders(response: APIResponse, label: string): void {
  const headers = response.headers();
  const csp = headers["content-security-policy"] ?? "";
  expect(csp, `${label}: Content-Security-Policy`).toMatch(/object-src 'none'/);
  expect(csp, `${label}: frame-ancestors`).toMatch(/frame-ancestors '(self|none)'/);
  expect(headers["x-content-type-options"], `${label}: nosniff`).toBe("nosniff");
  expect(headers["referrer-policy"], `${label}: Referrer-Policy`).toBeTruthy();
}
