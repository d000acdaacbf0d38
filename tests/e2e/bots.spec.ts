import { expect, test } from "@playwright/test";
import { BOTS, BROWSERS } from "./support/user-agents";

test.skip(({ isMobile }) => isMobile, "server answers do not depend on the viewport");

for (const [name, userAgent] of Object.entries(BOTS)) {
  test(`${name} gets a 404 with no error view`, async ({ request }) => {
    const response = await request.get("/projects/no-such-project", { headers: { "user-agent": userAgent } });
    expect(response.status()).toBe(404);
    const body = await response.text();
    expect(body).toBe("404 Not Found\n");
    expect(response.headers()["content-type"]).toContain("text/plain");
  });
}

for (const [name, userAgent] of Object.entries(BROWSERS)) {
  test(`${name} is a person: the full not-found view`, async ({ request }) => {
    const response = await request.get("/projects/no-such-project", { headers: { "user-agent": userAgent } });
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain("Page not found: /projects/no-such-project");
  });
}

test("a bot still gets real pages: only error views are withheld", async ({ request }) => {
  const response = await request.get("/", { headers: { "user-agent": BOTS.Googlebot } });
  expect(response.status()).toBe(200);
  expect(await response.text()).toContain("<main");
});
