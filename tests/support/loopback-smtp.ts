/**
 * A real SMTP server (the `smtp-server` package) on 127.0.0.1, for tests of
 * delivery: it records every message it accepts, can be stopped and started
 * again on the same port (SMTP "down", then "back"), can refuse mail or one
 * recipient, and can hold a message before answering it (a slow server).
 */
import { SMTPServer } from "smtp-server";
import { HANG_GUARD_MS, untilHangGuard } from "./hang-guard";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  headers: Record<string, string>;
  /** The body with its transfer encoding undone, as the visitor typed it. */
  text: string;
}

export interface LoopbackSmtp {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Makes the server answer DATA with a temporary failure (451) until called with false. */
  refuse(on: boolean): void;
  /** Makes the server refuse RCPT TO for `address` (550, "no such user") until called with null. */
  refuseRecipient(address: string | null): void;
  /**
   * Makes the server keep each message it has read without answering until
   * `release()`: the sender is left waiting mid-send. The promise resolves
   * once a message is being held.
   */
  hold(): Promise<void>;
  /** Answers (accepts) every held message and stops holding. */
  release(): void;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** The messages once `count` have come; a hang guard (tests/support/hang-guard.ts) ends a wait that never would. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const soft = body.replace(/=\r?\n/g, "");
  for (let i = 0; i < soft.length; i += 1) {
    if (soft[i] === "=" && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i] ?? "", "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}

function parseMail(raw: string): { headers: Record<string, string>; text: string } {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const body = raw.slice(split + 4);
  const headers: Record<string, string> = {};
  for (const line of head.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const encoding = headers["content-transfer-encoding"]?.toLowerCase();
  const decoded =
    encoding === "quoted-printable"
      ? decodeQuotedPrintable(body)
      : encoding === "base64"
        ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
        : body;
  return { headers, text: decoded.replace(/\r\n/g, "\n") };
}

export async function startLoopbackSmtp(port = 0): Promise<LoopbackSmtp> {
  const received: ReceivedMail[] = [];
  let refusing = false;
  let refusedRecipient: string | null = null;
  let holding: { held: () => void; waiting: (() => void)[] } | null = null;
  let server: SMTPServer | undefined;
  let boundPort = port;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = new SMTPServer({
        // Plain SMTP on loopback: no TLS to negotiate, no login required.
        disabledCommands: ["STARTTLS", "AUTH"],
        authOptional: true,
        logger: false,
        onRcptTo(address, _session, callback) {
          if (address.address.toLowerCase() === refusedRecipient?.toLowerCase()) {
            callback(
              Object.assign(new Error(`5.1.1 <${address.address}>: Recipient address rejected: User unknown in local recipient table`), {
                responseCode: 550,
              }),
            );
            return;
          }
          callback();
        },
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("end", async () => {
            if (holding) {
              const held = holding;
              await new Promise<void>((resolve) => {
                held.waiting.push(resolve);
                held.held();
              });
            }
            if (refusing) {
              const error = Object.assign(new Error("Mailbox temporarily unavailable"), { responseCode: 451 });
              callback(error);
              return;
            }
            const raw = Buffer.concat(chunks).toString("utf8");
            const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
            received.push({ from, to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw, ...parseMail(raw) });
            callback();
          });
        },
      });
      server.on("error", reject);
      server.listen(boundPort, "127.0.0.1", () => {
        const address = server?.server.address();
        if (address && typeof address === "object") boundPort = address.port;
        resolve();
      });
    });

  await listen();
  return {
    get port() {
      return boundPort;
    },
    get url() {
      return `smtp://127.0.0.1:${boundPort}`;
    },
    received,
    refuse(on) {
      refusing = on;
    },
    refuseRecipient(address) {
      refusedRecipient = address;
    },
    hold() {
      return new Promise<void>((held) => {
        holding = { held, waiting: [] };
      });
    },
    release() {
      const waiting = holding?.waiting ?? [];
      holding = null;
      for (const resolve of waiting) resolve();
    },
    stop: () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
    start: listen,
    async waitFor(count, timeoutMs = HANG_GUARD_MS) {
      await untilHangGuard(() => received.length >= count, `SMTP: ${count} message(s) received`, timeoutMs, 50);
      return received;
    },
  };
}
