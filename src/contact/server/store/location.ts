import { existsSync } from "node:fs";
import { dirname, isAbsolute, join, resolve, sep } from "node:path";

/** Where the contact form keeps its messages: a SQLite file, or a Postgres database. */
export type StoreLocation = { kind: "sqlite"; path: string } | { kind: "postgres"; url: string };

/** CONTACT_DB cannot be used: the server refuses to start with this message, which names the variable. */
export class ContactDbError extends Error {
  override name = "ContactDbError";
}

const BUILD_FOLDER = ".next";
const DEFAULT_FILE = join(".data", "contact.sqlite");

/**
 * A Next.js build's output folder: named `.next`, or any folder with the
 * BUILD_ID file every build writes (NEXT_DIST_DIR may name it otherwise).
 */
function isBuildOutput(folder: string): boolean {
  return folder.split(sep).at(-1) === BUILD_FOLDER || existsSync(join(folder, "BUILD_ID"));
}

/** The outermost build output folder `path` is in (itself included), or null. */
function enclosingBuildOutput(path: string): string | null {
  let found: string | null = null;
  for (let folder = resolve(path); ; folder = dirname(folder)) {
    if (isBuildOutput(folder)) found = folder;
    if (dirname(folder) === folder) return found;
  }
}

/**
 * The folder a relative CONTACT_DB (and the default) is taken from: the
 * project, never the build. The standalone server changes into
 * `.next/standalone`, which every build replaces; a file kept there would
 * be lost with the next deploy, and `portfolio messages list` run from the
 * repository would read another one. So inside a build's output folder the
 * project is the folder that holds it.
 */
export function projectRoot(cwd: string = process.cwd()): string {
  const build = enclosingBuildOutput(cwd);
  return build === null ? resolve(cwd) : dirname(build);
}

/** "postgres://…", "mysql:…", "file:…": anything that names a scheme is a URL, not a file name. */
const SCHEME = /^([a-z][a-z0-9+.-]+):/i;

/**
 * Reads CONTACT_DB: empty means the SQLite file `.data/contact.sqlite` in
 * the project; a `postgres://` or `postgresql://` URL means that database;
 * anything else is a SQLite path, relative to the project. Throws a
 * ContactDbError for what cannot work: another scheme, a URL that does not
 * parse, a file inside the build output.
 */
export function parseStoreLocation(value: string | undefined, cwd: string = process.cwd()): StoreLocation {
  const raw = value?.trim() ?? "";
  const root = projectRoot(cwd);
  if (raw === "") return { kind: "sqlite", path: join(root, DEFAULT_FILE) };
  if (raw === ":memory:") return { kind: "sqlite", path: raw };

  const scheme = SCHEME.exec(raw)?.[1]?.toLowerCase();
  if (scheme !== undefined) {
    if (scheme !== "postgres" && scheme !== "postgresql") {
      throw new ContactDbError(`CONTACT_DB="${redact(raw)}": "${scheme}:" is not supported; give a postgres:// URL or a SQLite file path.`);
    }
    return { kind: "postgres", url: checkPostgresUrl(raw) };
  }

  const path = isAbsolute(raw) ? raw : join(root, raw);
  if (enclosingBuildOutput(path) !== null) {
    throw new ContactDbError(
      `CONTACT_DB="${raw}" resolves to ${path}, inside a build's output (${enclosingBuildOutput(path)}), which every build replaces. Keep messages outside it, e.g. CONTACT_DB=/var/lib/portfolio/contact.sqlite on a persistent volume.`,
    );
  }
  return { kind: "sqlite", path };
}

function checkPostgresUrl(raw: string): string {
  // A unix socket is given as ?host=/path with no host in the authority, also
  // after credentials (`postgres://user:pass@/db?host=/cloudsql/…`), which
  // WHATWG URL refuses; node-postgres reads it with a stand-in host, and so do we.
  const url = parseUrl(raw) ?? parseUrl(raw.replace("@/", "@stand-in-host/"));
  if (url === null) {
    throw new ContactDbError(`CONTACT_DB is not a valid URL: expected postgres://user:password@host:5432/database.`);
  }
  const hostname = url.hostname === "stand-in-host" && !raw.includes("stand-in-host") ? "" : url.hostname;
  const socket = url.searchParams.get("host");
  if (!hostname && !socket) {
    throw new ContactDbError(`CONTACT_DB="${redact(raw)}" names no host: expected postgres://user:password@host:5432/database.`);
  }
  if (url.port && !(Number(url.port) > 0 && Number(url.port) < 65536)) {
    throw new ContactDbError(`CONTACT_DB="${redact(raw)}" has an invalid port.`);
  }
  return raw;
}

function parseUrl(raw: string): URL | null {
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}

/** The URL without its password, for logs and errors. */
export function redact(raw: string): string {
  try {
    const url = new URL(raw);
    if (url.password) url.password = "***";
    return url.toString();
  } catch {
    // Up to the last "@": a password may hold an unescaped "/" or "@" (which is also why the URL did not parse).
    return raw.replace(/:\/\/([^:@/]*):.*@/, "://$1:***@");
  }
}

/** How the log and `messages list` name the store: a path, or a URL without its password. */
export function describeLocation(location: StoreLocation): string {
  return location.kind === "sqlite" ? `SQLite file ${location.path}` : `Postgres ${redact(location.url)}`;
}
