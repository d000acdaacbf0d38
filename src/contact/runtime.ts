import { readContactConfig, type ContactConfig } from "./config";
import { createDeliveryLoop, type DeliveryLoop } from "./delivery-loop";
import { createSmtpMailer } from "./mailer";
import { openMessageStore, type MessageStore } from "./message-store";
import { createRateLimiter, type RateLimiter } from "./rate-limit";

interface ContactRuntime {
  config: ContactConfig;
  limiter: RateLimiter;
  store(): MessageStore;
  /** Null without SMTP_URL: messages are then kept for `portfolio messages list`. */
  loop(): DeliveryLoop | null;
}

// On globalThis: Next.js may load this module once per bundle (API route,
// page, instrumentation), and the process needs one database handle, one
// rate limiter and one sender.
const KEY = Symbol.for("portfolio.contact.runtime");

function createRuntime(): ContactRuntime {
  const config = readContactConfig();
  let store: MessageStore | undefined;
  let loop: DeliveryLoop | null | undefined;
  const runtime: ContactRuntime = {
    config,
    limiter: createRateLimiter(config.rateLimit),
    store: () => (store ??= openMessageStore(config.dbPath)),
    loop() {
      if (loop === undefined) {
        loop = config.smtpUrl ? createDeliveryLoop(runtime.store(), createSmtpMailer(config.smtpUrl, config.from), config.retryBaseMs) : null;
      }
      return loop;
    },
  };
  return runtime;
}

export function contactRuntime(): ContactRuntime {
  const holder = globalThis as { [KEY]?: ContactRuntime };
  return (holder[KEY] ??= createRuntime());
}

/**
 * Called once when the server starts: whatever a previous process stored
 * and did not deliver (SMTP was down, or the process died between storing
 * and sending) goes out now, and the loop keeps retrying after that.
 */
export function startDelivery(): void {
  // The site must start even when the store cannot open (unwritable folder,
  // native module not built): pages work, and each post answers 500 itself.
  try {
    void contactRuntime().loop()?.kick();
  } catch (error) {
    console.error(`contact: cannot open ${contactRuntime().config.dbPath}; queued messages wait for a restart:`, error);
  }
}
