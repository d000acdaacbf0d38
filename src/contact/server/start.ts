import { ContactDbError, describeLocation } from "./store/location";
import { contactRuntime, type ContactRuntime } from "./runtime";
import type { ContactConfig } from "./config";

function deliveryLine(config: ContactConfig): string {
  if (!config.smtpUrl) return "not mailed (SMTP_URL is not set): read them with `portfolio messages list`";
  const smtpHost = (() => {
    try {
      return new URL(config.smtpUrl).host;
    } catch {
      return "the SMTP server";
    }
  })();
  const drain = config.cronSecret
    ? "GET /api/contact/deliver retries failures"
    : "set CRON_SECRET so a scheduled GET /api/contact/deliver retries failures";
  return config.delivery === "background"
    ? `mailed through ${smtpHost} by this server's background loop, which retries failures`
    : `mailed through ${smtpHost} within each request (the platform's waitUntil, else before answering); ${drain}`;
}

/**
 * Called once when a server starts (instrumentation.ts): checks CONTACT_DB,
 * says in one line where messages are stored and how they are delivered,
 * and in delivery mode "background" starts the sender, so what a previous
 * process stored and did not deliver goes out without waiting for a visitor.
 * A CONTACT_DB that cannot work (another scheme, a malformed URL, a file
 * inside the build) throws: the server does not start with it. A database
 * that is merely down does not stop the site: pages work, posts answer 503.
 */
export function startContact(): void {
  let runtime;
  try {
    runtime = contactRuntime();
  } catch (error) {
    if (error instanceof ContactDbError) throw new Error(`contact: ${error.message}`);
    throw error;
  }
  const { config } = runtime;
  console.log(`contact: messages are stored in ${describeLocation(config.store)}; ${deliveryLine(config)}.`);
  if (config.platform !== null && config.store.kind === "sqlite") {
    console.error(
      `contact: on ${config.platform} a function's files do not last, so a SQLite file loses messages; set CONTACT_DB to a postgres:// URL. The form answers 503 until then.`,
    );
  }
  // Not awaited: opening a database that is slow or down must not hold up the server's start.
  void startLoop(runtime);
}

/** Until the store opens (a database still starting), tried again this often, so a queue left by a previous process is not stranded. */
const RETRY_OPEN_MS = 30_000;

async function startLoop(runtime: ContactRuntime): Promise<void> {
  try {
    void (await runtime.loop())?.kick();
  } catch (error) {
    console.error(
      `contact: cannot open ${describeLocation(runtime.config.store)} (${error instanceof Error ? error.message : String(error)}); trying again in ${RETRY_OPEN_MS / 1000} s.`,
    );
    setTimeout(() => void startLoop(runtime), RETRY_OPEN_MS).unref();
  }
}
