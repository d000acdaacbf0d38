/**
 * Next.js calls register() once when the server starts. The contact form's
 * sender starts here, so messages a previous process stored but did not
 * deliver go out without waiting for the next visitor.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startDelivery } = await import("./contact/runtime");
  startDelivery();
}
