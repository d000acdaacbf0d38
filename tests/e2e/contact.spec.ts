import { expect, test } from "./support/shared-page";
import { gotoContactForm } from "./support/hydrated";

/**
 * The contact form's behaviour in the browser, against the shared server.
 * Nothing here sends a valid message: delivery has its own server, database
 * and SMTP server in contact-delivery.spec.ts.
 */

test.beforeEach(async ({ sharedPage: page }) => {
  await gotoContactForm(page, "/#contact");
});

test("a field's message appears when it loses focus, not while typing, and goes once the value is fixed", async ({ sharedPage: page }) => {
  const form = page.locator("#contact form");
  const name = form.getByLabel(/^Your name/);
  const email = form.getByLabel(/^Email/);

  await name.focus();
  await email.focus();
  await expect(name).toHaveAttribute("aria-invalid", "true");
  const errorId = await name.getAttribute("aria-describedby");
  await expect(page.locator(`[id="${errorId}"]`)).toHaveText("Your name is required.");

  await email.pressSequentially("femke@");
  await expect(email).not.toHaveAttribute("aria-invalid");
  await email.blur();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByText("Please enter a valid email address.")).toBeVisible();

  // Once shown, the message leaves as soon as the value is valid, and does not turn into another mid-word.
  await email.pressSequentially("example.com");
  await expect(email).not.toHaveAttribute("aria-invalid");
  await expect(form.getByText("Please enter a valid email address.")).toHaveCount(0);

  const website = form.getByLabel(/^Website/);
  await website.fill("elenavarga.design");
  await website.blur();
  await expect(form.getByText("Please enter a valid URL.")).toBeVisible();
});

test("a checkbox shows its message once its value has changed", async ({ sharedPage: page }) => {
  const form = page.locator("#contact form");
  const consent = form.getByLabel(/^Consent to store this message/);
  await consent.focus();
  await consent.blur();
  await expect(consent).not.toHaveAttribute("aria-invalid");

  await consent.check();
  await expect(consent).not.toHaveAttribute("aria-invalid");
  await consent.uncheck();
  await expect(consent).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByText("Consent to store this message is required.")).toBeVisible();
  await consent.check();
  await expect(form.getByText("Consent to store this message is required.")).toHaveCount(0);
});

test("submitting with errors shows every message, announces the form's, and focuses the first invalid field", async ({
  sharedPage: page,
}) => {
  const form = page.locator("#contact form");
  await form.getByLabel(/^Your name/).fill("Femke de Wit");
  await form.getByLabel(/^Message/).fill("Too short");
  await form.getByRole("button", { name: "Send message" }).click();

  const email = form.getByLabel(/^Email/);
  await expect(email).toBeFocused();
  await expect(form.getByRole("status")).toHaveText("Sorry, not all fields are filled out correctly.");
  await expect(form.getByLabel(/^Your name/)).not.toHaveAttribute("aria-invalid");
  for (const [label, message] of [
    [/^Email/, "Email is required."],
    [/^Message/, "Please enter at least 20 characters."],
    [/^Consent to store this message/, "Consent to store this message is required."],
  ] as const) {
    const field = form.getByLabel(label);
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator(`[id="${await field.getAttribute("aria-describedby")}"]`)).toHaveText(message);
  }
  // The honeypot is out of sight and out of the tab order.
  await expect(form.locator('input[name="contact_website"]')).not.toBeInViewport();
  await expect(form.locator('input[name="contact_website"]')).toHaveAttribute("tabindex", "-1");
});

test("when the server cannot be reached the form says so and keeps what was typed", async ({ sharedPage: page }) => {
  // The network fails, as on a train: the request never reaches a server.
  await page.route("**/api/contact", (route) => route.abort("internetdisconnected"));
  const form = page.locator("#contact form");
  const message = "We are redesigning the stop displays and would like to talk.";
  await form.getByLabel(/^Your name/).fill("Femke de Wit");
  await form.getByLabel(/^Email/).fill("femke@example.com");
  await form.getByLabel(/^Message/).fill(message);
  await form.getByLabel(/^Consent to store this message/).check();
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(form.getByRole("status")).toHaveText(/could not be sent/);
  await expect(form.getByLabel(/^Message/)).toHaveValue(message);
  await expect(form.getByLabel(/^Consent to store this message/)).toBeChecked();
  await expect(form.getByRole("button", { name: "Send message" })).toBeEnabled();
});

// The contact API's answers do not depend on the viewport: the desktop project checks them.
test.describe("answers of /api/contact", () => {
  test.skip(({ isMobile }) => isMobile, "server answers do not depend on the viewport");

  test("the contact API applies the same rules: 422 with the same messages, JSON or form-encoded", async ({ request }) => {
    const want = {
      ok: false,
      errors: {
        name: "Your name is required.",
        email: "Please enter a valid email address.",
        message: "Please enter at least 20 characters.",
        consent: "Consent to store this message is required.",
      },
    };
    const json = await request.post("/api/contact", { data: { name: " ", email: "nope", message: "hi" } });
    expect(json.status()).toBe(422);
    expect(await json.json()).toEqual(want);
    const form = await request.post("/api/contact", { form: { name: "", email: "nope", message: "hi", website: "x" } });
    expect(form.status()).toBe(422);
    expect(await form.json()).toEqual({ ...want, errors: { ...want.errors, website: "Please enter a valid URL." } });
  });

  test("the contact API refuses a body over its limit (413) and other methods (405)", async ({ request }) => {
    const huge = await request.post("/api/contact", { data: { message: "x".repeat(70_000) } });
    expect(huge.status()).toBe(413);
    const get = await request.get("/api/contact");
    expect(get.status()).toBe(405);
    expect(get.headers().allow).toBe("POST");
  });
});
