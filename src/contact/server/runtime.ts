import { readContactConfig, type ContactConfig } from "./config";
import type { DeliveryOptions } from "./delivery";
import { createDeliveryLoop, type DeliveryLoop } from "./delivery-loop";
import { createSmtpMailer, type Mailer } from "./mailer";
import { openMessageStore, type MessageStore } from "./store/message-store";
import { createUnrecordedDeliveries } from "./unrecorded-deliveries";
import { forgetProcessState, processState } from "../../process/process-state";

export interface ContactRuntime {
  config: ContactConfig;
  /** The store, opened (and its tables brought up to date) on first use; a failed open is tried again on the next call. */
  store(): Promise<MessageStore>;
  /** Null without SMTP_URL: messages are then kept for `portfolio messages list`. */
  mailer(): Mailer | null;
  /** The background sender: null without SMTP_URL, and in delivery mode "request". */
  loop(): Promise<DeliveryLoop | null>;
  deliveryOptions: DeliveryOptions;
  /** Stops the loop and closes the store and mailer (tests; a server simply exits). */
  close(): Promise<void>;
}

// On globalThis: Next.js may load this module once per bundle (API route,
// page, instrumentation), and the process needs one database pool, one
// sender and one record of unrecorded sends.
const KEY = "portfolio.contact.runtime";

function createRuntime(): ContactRuntime {
  const config = readContactConfig();
  const deliveryOptions: DeliveryOptions = {
    retryBaseMs: config.retryBaseMs,
    sendTimeoutMs: config.sendTimeoutMs,
    unrecorded: createUnrecordedDeliveries(),
  };
  let store: Promise<MessageStore> | undefined;
  let mailer: Mailer | null | undefined;
  let loop: Promise<DeliveryLoop | null> | undefined;
  const runtime: ContactRuntime = {
    config,
    deliveryOptions,
    store() {
      store ??= openMessageStore(config.store).catch((error: unknown) => {
        store = undefined;
        throw error;
      });
      return store;
    },
    mailer() {
      if (mailer === undefined) mailer = config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.from, config.sendTimeoutMs) : null;
      return mailer;
    },
    loop() {
      loop ??= (async () => {
        const sender = runtime.mailer();
        if (!sender || config.delivery !== "background") return null;
        return createDeliveryLoop(await runtime.store(), sender, deliveryOptions);
      })().catch((error: unknown) => {
        loop = undefined;
        throw error;
      });
      return loop;
    },
    async close() {
      (await loop?.catch(() => null))?.stop();
      mailer?.close();
      await (await store?.catch(() => null))?.close();
      forgetProcessState(KEY, runtime);
    },
  };
  return runtime;
}

/** The process's contact runtime; throws a ContactDbError when CONTACT_DB cannot be used. */
export function contactRuntime(): ContactRuntime {
  return processState(KEY, createRuntime);
}
