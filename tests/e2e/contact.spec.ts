import { expect, test } from "@playwright/test";

test("the contact form shows accessible errors, then sends a valid message", async ({ page }) => {
  await page.goto("/#contact");
  const form = page.locator("#contact form");
  const name = form.getByLabel(/Your name/);
  const email = form.getByLabel(/^Email/);
  const message = form.getByLabel(/Message/);

  await form.getByRole("button", { name: "Send message" }).click();
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(name).toBeFocused();
  // The error is tied to its field, so screen readers read it with the field.
  const errorId = await name.getAttribute("aria-describedby");
  await expect(page.locator(`[id="${errorId}"]`)).toHaveText("Please tell me your name.");
  await expect(form.getByRole("status")).toHaveText(/check the highlighted fields/i);

  await name.fill("Femke de Wit");
  await email.fill("not-an-email");
  await message.fill("Too short");
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(name).not.toHaveAttribute("aria-invalid", "true");
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(message).toHaveAttribute("aria-invalid", "true");

  await email.fill("femke@example.com");
  await message.fill("We are redesigning the stop displays and would like to talk.");
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(form.getByRole("status")).toHaveText(/thank you/i);
  await expect(email).not.toHaveAttribute("aria-invalid", "true");
});

test("the contact API applies the same rules: 422 with messages, 200 when valid", async ({ request }) => {
  const invalid = await request.post("/api/contact", { data: { name: "", email: "nope", message: "hi" } });
  expect(invalid.status()).toBe(422);
  const body: unknown = await invalid.json();
  expect(body).toMatchObject({ ok: false, errors: { name: expect.any(String), email: expect.any(String), message: expect.any(String) } });

  const valid = await request.post("/api/contact", {
    data: { name: "Femke de Wit", email: "femke@example.com", message: "We are redesigning the stop displays." },
  });
  expect(valid.status()).toBe(200);
});
