/**
 * `portfolio messages list` and `portfolio messages retry`: the owner's view
 * of the contact form's store (CONTACT_DB) and a way to flush its queue from
 * a shell or a cron job. Thin shells around src/contact/.
 */
import type { Command } from "commander";
import type { StoredMessage } from "../../src/contact/server/store/message-store";

interface DbFlags {
  db?: string;
}

/** The store the flags (or CONTACT_DB) name, opened; a CONTACT_DB that cannot work exits 2 with its message. */
async function openStore(flags: DbFlags) {
  const { parseStoreLocation, describeLocation, ContactDbError } = await import("../../src/contact/server/store/location");
  const { openMessageStore } = await import("../../src/contact/server/store/message-store");
  let location;
  try {
    location = parseStoreLocation(flags.db ?? process.env.CONTACT_DB);
  } catch (error) {
    if (!(error instanceof ContactDbError)) throw error;
    console.error(flags.db === undefined ? error.message : error.message.replace(/^CONTACT_DB/, "--db"));
    process.exit(2);
  }
  try {
    return { store: await openMessageStore(location), where: describeLocation(location) };
  } catch (error) {
    console.error(`Cannot open ${describeLocation(location)}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  }
}

/**
 * Visitor text goes to the owner's terminal: control characters (an ESC
 * starting a terminal escape sequence, a carriage return that hides the
 * line) are shown as \u{…} instead of being obeyed.
 */
const printable = (text: string) => text.replace(/\p{Cc}/gu, (char) => `\\u{${char.codePointAt(0)?.toString(16)}}`);

const iso = (ms: number | null) => (ms === null ? "—" : new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z"));

function stateOf(message: StoredMessage): string {
  if (message.state === "delivered") return `delivered ${iso(message.deliveredAt)}`;
  if (message.attempts === 0) return "queued";
  return `queued, ${message.attempts} failed attempt(s), next ${iso(message.nextAttemptAt)}: ${message.lastError ?? ""}`;
}

export function registerMessages(program: Command): void {
  const messages = program.command("messages").description("Read the contact form's stored messages and deliver what is queued.");
  const dbOption = "SQLite file or postgres:// URL; default $CONTACT_DB, else .data/contact.sqlite in the project";

  messages
    .command("list")
    .description("List stored messages with their delivery state, oldest first.")
    .option("--db <path>", dbOption)
    .option("--json", "print every message in full as JSON")
    .action(async (flags: DbFlags & { json?: boolean }) => {
      const { store, where } = await openStore(flags);
      const all = await store.list();
      await store.close();
      if (flags.json) {
        // JSON escapes C0 controls itself; C1 (U+0080–U+009F, e.g. a one-byte CSI) it leaves raw.
        console.log(
          JSON.stringify(all, null, 2).replace(/[\u0080-\u009f]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`),
        );
        return;
      }
      for (const message of all) {
        console.log(
          printable(`#${message.id}  ${iso(message.receivedAt)}  ${message.subject}  <${message.replyTo ?? "no reply address"}>`),
        );
        console.log(`    ${printable(stateOf(message))}`);
      }
      const queued = all.filter((message) => message.state === "queued").length;
      console.log(`${all.length} message(s), ${queued} queued, in ${where}`);
    });

  messages
    .command("retry")
    .description("Deliver every queued message now through SMTP_URL; exit 1 when some are still queued.")
    .option("--db <path>", dbOption)
    .action(async (flags: DbFlags) => {
      const { readContactConfig } = await import("../../src/contact/server/config");
      const config = readContactConfig({ ...process.env, CONTACT_DB: undefined });
      if (!config.smtpUrl) {
        console.error("SMTP_URL is not set: there is no server to deliver to (e.g. SMTP_URL=smtp://user:pass@mail.example.com:587).");
        process.exit(2);
      }
      const { createSmtpMailer } = await import("../../src/contact/server/mailer");
      const { deliverDue } = await import("../../src/contact/server/delivery");
      const { createUnrecordedDeliveries } = await import("../../src/contact/server/unrecorded-deliveries");
      const { store } = await openStore(flags);
      const mailer = createSmtpMailer(config.smtpUrl, config.from, config.sendTimeoutMs);
      try {
        // The owner asked for now: backoff waits are skipped, leases held by a live server are not.
        await store.makeAllDue();
        const report = await deliverDue(store, mailer, {
          retryBaseMs: config.retryBaseMs,
          sendTimeoutMs: config.sendTimeoutMs,
          unrecorded: createUnrecordedDeliveries(),
        });
        const queued = (await store.list()).filter((message) => message.state === "queued");
        console.log(`Delivered ${report.delivered}; ${queued.length} still queued.`);
        for (const message of queued) console.error(`#${message.id}: ${message.lastError ?? "being sent by another process"}`);
        process.exitCode = queued.length > 0 ? 1 : 0;
      } finally {
        mailer.close();
        await store.close();
      }
    });
}
