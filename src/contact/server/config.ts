import { parseStoreLocation, type StoreLocation } from "./store/location";

/** The platform the server runs on, from the variables the platform itself sets. */
export type Platform = "vercel" | "netlify" | "lambda" | null;

/**
 * How a message is sent once it is stored.
 * - "background": the server's own loop sends it after the answer and retries
 *   failures (a long-lived `next start` or standalone server).
 * - "request": it is sent within the request that stored it (the platform's
 *   waitUntil, or before the answer), because the process may be frozen or
 *   gone once the answer is out; failures wait for the scheduled drain.
 */
type DeliveryMode = "background" | "request";

/** Where the address the rate limit counts comes from. */
export type AddressSource =
  | { kind: "connection" }
  /** One reverse proxy (nginx, Caddy …): its own entry, the last of X-Forwarded-For. */
  | { kind: "last-forwarded-for" }
  /** A header the platform's edge sets and overwrites, so a client cannot forge it. */
  | { kind: "platform-header"; header: string };

/** How the contact form stores and delivers, from the environment (docs/environment.md). */
export interface ContactConfig {
  /** Where every message is written before anything else happens (CONTACT_DB). */
  store: StoreLocation;
  /** smtp:// or smtps:// URL; without it messages are stored and listed, not mailed. */
  smtpUrl: string | undefined;
  /** Recipient; without it the owner's address from the site's content. */
  to: string | undefined;
  /** Sender; without it the recipient (many SMTP servers only relay their own addresses). */
  from: string | undefined;
  rateLimit: { limit: number; windowMs: number };
  addressSource: AddressSource;
  platform: Platform;
  delivery: DeliveryMode;
  /** Wait before the first retry; it doubles per failed attempt up to MAX_RETRY_MS. */
  retryBaseMs: number;
  /** The longest one SMTP send may take; a visitor waiting for an in-request send waits no longer. */
  sendTimeoutMs: number;
  /** The bearer token /api/contact/deliver asks for; without it the route refuses every call. */
  cronSecret: string | undefined;
}

const DEFAULT_RATE_LIMIT = { limit: 5, windowMs: 10 * 60_000 };
const DEFAULT_RETRY_MS = 30_000;
const DEFAULT_SEND_TIMEOUT_MS = 15_000;
/** Retries never wait longer than an hour, so a fixed server gets the backlog within the hour. */
export const MAX_RETRY_MS = 60 * 60_000;

/** The header each platform's edge writes with the visitor's address (and overwrites when a client sends it). */
const PLATFORM_ADDRESS_HEADERS = { vercel: "x-real-ip", netlify: "x-nf-client-connection-ip" } as const;

type Env = Readonly<Record<string, string | undefined>>;

/** Throws a ContactDbError (store/location.ts) when CONTACT_DB cannot be used; the server refuses to start on it. */
export function readContactConfig(env: Env = process.env): ContactConfig {
  const platform = detectPlatform(env);
  return {
    store: parseStoreLocation(env.CONTACT_DB),
    smtpUrl: env.SMTP_URL?.trim() || undefined,
    to: env.CONTACT_TO?.trim() || undefined,
    from: env.CONTACT_FROM?.trim() || undefined,
    rateLimit: parseRateLimit(env.CONTACT_RATE_LIMIT),
    addressSource: parseAddressSource(env.CONTACT_TRUST_PROXY, platform),
    platform,
    delivery: parseDeliveryMode(env.CONTACT_DELIVERY, platform),
    retryBaseMs: positiveInteger(env.CONTACT_RETRY_MS, "CONTACT_RETRY_MS") ?? DEFAULT_RETRY_MS,
    sendTimeoutMs: positiveInteger(env.CONTACT_SEND_TIMEOUT_MS, "CONTACT_SEND_TIMEOUT_MS") ?? DEFAULT_SEND_TIMEOUT_MS,
    cronSecret: env.CRON_SECRET?.trim() || undefined,
  };
}

/** Vercel sets VERCEL=1 in its functions, Netlify NETLIFY=true, AWS Lambda (and functions built on it) AWS_LAMBDA_FUNCTION_NAME. */
export function detectPlatform(env: Env): Platform {
  if (env.VERCEL === "1") return "vercel";
  if (env.NETLIFY === "true") return "netlify";
  if (env.AWS_LAMBDA_FUNCTION_NAME) return "lambda";
  return null;
}

function parseDeliveryMode(value: string | undefined, platform: Platform): DeliveryMode {
  const wanted = value?.trim().toLowerCase();
  if (wanted === "background" || wanted === "request") return wanted;
  if (wanted) console.warn(`contact: CONTACT_DELIVERY="${value}" is not "background" or "request"; choosing from the platform.`);
  return platform === null ? "background" : "request";
}

/**
 * CONTACT_TRUST_PROXY: "vercel" or "netlify" (that platform's header), "1"
 * (one reverse proxy: the last X-Forwarded-For entry), "0" (the connection's
 * address). Unset, the platform's header where the platform is detected,
 * else the connection: any header is the client's to forge unless something
 * in front of the server overwrites it.
 */
function parseAddressSource(value: string | undefined, platform: Platform): AddressSource {
  const wanted = value?.trim().toLowerCase() ?? "";
  if (wanted === "vercel" || wanted === "netlify") return { kind: "platform-header", header: PLATFORM_ADDRESS_HEADERS[wanted] };
  if (wanted === "1" || wanted === "true") return { kind: "last-forwarded-for" };
  if (wanted === "0" || wanted === "false") return { kind: "connection" };
  if (wanted) console.warn(`contact: CONTACT_TRUST_PROXY="${value}" is not 1, 0, vercel or netlify; counting the connection's address.`);
  if (!wanted && (platform === "vercel" || platform === "netlify"))
    return { kind: "platform-header", header: PLATFORM_ADDRESS_HEADERS[platform] };
  return { kind: "connection" };
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
