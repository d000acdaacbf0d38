import nodemailer from "nodemailer";
import type { StoredMessage } from "./store/message-store";

export interface Mailer {
  send(message: StoredMessage): Promise<void>;
  close(): void;
}

/** The message as the owner reads it: each field under its label, in the form's order. */
export function messageText(message: StoredMessage): string {
  const lines = message.fields.map((field) =>
    field.value.includes("\n") || field.value.length > 60 ? `${field.label}:\n${field.value}\n` : `${field.label}: ${field.value || "—"}`,
  );
  return `${lines.join("\n")}\n\n— Sent with the contact form on ${new Date(message.receivedAt).toISOString()} (message ${message.uuid}).\n`;
}

/**
 * Sends stored messages through the SMTP server in `smtpUrl`. Timeouts are
 * short so a server that accepts the connection and then hangs counts as
 * down, and the message goes back to the queue instead of blocking it.
 * The Message-ID comes from the stored message, so if a send is repeated
 * after a crash, mail clients show one message, not two.
 */
export function createSmtpMailer(smtpUrl: string, from: string | undefined, timeoutMs: number): Mailer {
  // Each phase (connecting, the greeting, each reply) has the send's timeout:
  // nodemailer's defaults (2 minutes, 30 s, 10 minutes) let a silent server
  // hold a send, and the visitor waiting on it, far longer than its lease.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  return {
    async send(message) {
      if (!message.recipient) throw new Error("no recipient: set CONTACT_TO, or give the site an email link");
      await transport.sendMail({
        from: from ?? message.recipient,
        to: message.recipient,
        replyTo: message.replyTo ?? undefined,
        subject: message.subject,
        text: messageText(message),
        messageId: `<${message.uuid}@contact-form.invalid>`,
        date: new Date(message.receivedAt),
      });
    },
    close() {
      transport.close();
    },
  };
}
