import { join } from "node:path";

/** How the contact form stores and delivers, from the environment (README, "Environment variables"). */
export interface ContactConfig {
  /** The SQLite file every message is written to before anything else happens. */
  dbPath: string;
  /** smtp:// or smtps:// URL; without it messages are stored and listed, not mailed. */
  smtpUrl: string | undefined;
  /** Recipient; without it the owner's address from the site's content. */
  to: string | undefined;
  /** Sender; without it the recipient (many SMTP servers only relay their own addresses). */
  from: string | undefined;
  rateLimit: { limit: number; windowMs: number };
  /** Behind one reverse proxy: count the address it puts last in X-Forwarded-For. */
  trustProxy: boolean;
  /** Wait before the first retry; it doubles per failed attempt up to MAX_RETRY_MS. */
  retryBaseMs: number;
}

export const DEFAULT_DB_PATH = join(".data", "contact.sqlite");
const DEFAULT_RATE_LIMIT = { limit: 5, windowMs: 10 * 60_000 };
const DEFAULT_RETRY_MS = 30_000;
/** Retries never wait longer than an hour, so a fixed server gets the backlog within the hour. */
export const MAX_RETRY_MS = 60 * 60_000;

export function readContactConfig(env: Readonly<Record<string, string | undefined>> = process.env): ContactConfig {
  return {
    dbPath: env.CONTACT_DB?.trim() || DEFAULT_DB_PATH,
    smtpUrl: env.SMTP_URL?.trim() || undefined,
    to: env.CONTACT_TO?.trim() || undefined,
    from: env.CONTACT_FROM?.trim() || undefined,
    rateLimit: parseRateLimit(env.CONTACT_RATE_LIMIT),
    trustProxy: env.CONTACT_TRUST_PROXY === "1" || env.CONTACT_TRUST_PROXY === "true",
    retryBaseMs: positiveInteger(env.CONTACT_RETRY_MS, "CONTACT_RETRY_MS") ?? DEFAULT_RETRY_MS,
  };
}

/** "5/600": five messages per address in any 600 seconds. */
function parseRateLimit(value: string | undefined): ContactConfig["rateLimit"] {
  if (!value?.trim()) return DEFAULT_RATE_LIMIT;
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(value);
  if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) {
    console.warn(`contact: CONTACT_RATE_LIMIT="${value}" is not "<messages>/<seconds>" (e.g. 5/600); using 5/600.`);
    return DEFAULT_RATE_LIMIT;
  }
  return { limit: Number(match[1]), windowMs: Number(match[2]) * 1000 };
}

function positiveInteger(value: string | undefined, name: string): number | undefined {
  if (!value?.trim()) return undefined;
  const parsed = Number(value);
  if (Number.isInteger(parsed) && parsed > 0) return parsed;
  console.warn(`contact: ${name}="${value}" is not a positive whole number of milliseconds; using the default.`);
  return undefined;
}
