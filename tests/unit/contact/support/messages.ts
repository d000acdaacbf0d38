/** A contact message as acceptContact would store it, for tests of the store and delivery. */
import { randomUUID } from "node:crypto";
import type { NewMessage } from "../../../../src/contact/server/store/message-store";

export function newMessage(overrides: Partial<NewMessage> = {}): NewMessage {
  return {
    uuid: randomUUID(),
    receivedAt: 1_700_000_000_000,
    recipient: "hello@elenavarga.design",
    replyTo: "femke@example.com",
    subject: "Contact form: Femke de Wit",
    fields: [
      { name: "name", label: "Your name", value: "Femke de Wit" },
      { name: "message", label: "Message", value: "We are redesigning the stop displays." },
    ],
    ...overrides,
  };
}
