/** Node's socket errors that mean "no database at the other end right now". */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
]);
/** Postgres: the server is shutting down, starting up, or out of connections; class 08 is any connection failure. */
const POSTGRES_TEMPORARY = new Set(["57P01", "57P02", "57P03", "53300", "40001", "40P01"]);
/** SQLite: another process holds the file longer than busy_timeout. */
const SQLITE_TEMPORARY = new Set(["SQLITE_BUSY", "SQLITE_LOCKED"]);

/**
 * True when a store error is passing (the database is down, restarting,
 * busy, or the network to it is), so the visitor is told to try again in a
 * moment (503 with Retry-After) rather than that something is broken (500),
 * which is what an unwritable folder or a wrong password gets.
 */
export function isStoreUnreachable(error: unknown): boolean {
  for (let cause: unknown = error, depth = 0; cause && depth < 5; cause = (cause as { cause?: unknown }).cause, depth += 1) {
    const code = (cause as { code?: unknown }).code;
    if (
      typeof code === "string" &&
      (NETWORK_CODES.has(code) || POSTGRES_TEMPORARY.has(code) || code.startsWith("08") || SQLITE_TEMPORARY.has(code))
    )
      return true;
    const message = cause instanceof Error ? cause.message : "";
    // node-postgres's own words for a pool that cannot connect in time, and for a connection that broke mid-query.
    if (
      /timeout exceeded when trying to connect|Connection terminated|connection timeout|Client has encountered a connection error/i.test(
        message,
      )
    )
      return true;
  }
  return false;
}

/** Seconds the visitor is asked to wait before posting again while the store is unreachable. */
export const STORE_RETRY_AFTER_SECONDS = 30;
