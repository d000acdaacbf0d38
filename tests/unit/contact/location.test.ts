/**
 * CONTACT_DB → where messages are kept (store/location.ts): a SQLite file
 * under the project, never inside a build's output (which every build
 * replaces), or a Postgres URL; anything else refused at start with an
 * error that names the variable and never shows a password.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ContactDbError, describeLocation, parseStoreLocation, projectRoot, redact } from "../../../src/contact/server/store/location";

const temp = mkdtempSync(join(tmpdir(), "contact-location-"));
const project = join(temp, "proj");
// The standalone output: a .next folder with BUILD_ID, its server in .next/standalone (which has a .next of its own).
mkdirSync(join(project, ".next", "standalone", ".next"), { recursive: true });
writeFileSync(join(project, ".next", "BUILD_ID"), "build-a");
writeFileSync(join(project, ".next", "standalone", ".next", "BUILD_ID"), "build-a");
// A build under another name (NEXT_DIST_DIR=.next-x): recognised by its BUILD_ID.
mkdirSync(join(project, ".next-x", "standalone"), { recursive: true });
writeFileSync(join(project, ".next-x", "BUILD_ID"), "build-b");
mkdirSync(join(project, "src"), { recursive: true });

afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe("a SQLite path: the project root, never the build", () => {
  it.each<[string, string | undefined, string, string]>([
    ["unset", undefined, project, join(project, ".data", "contact.sqlite")],
    ["empty", "", project, join(project, ".data", "contact.sqlite")],
    ["blank", "   ", project, join(project, ".data", "contact.sqlite")],
    ["relative", "messages/site.sqlite", project, join(project, "messages", "site.sqlite")],
    ["relative with ./", "./db.sqlite", project, join(project, "db.sqlite")],
    ["absolute", "/var/lib/portfolio/contact.sqlite", project, "/var/lib/portfolio/contact.sqlite"],
    [
      "unset, from a sub-folder of the project (not a build)",
      undefined,
      join(project, "src"),
      join(project, "src", ".data", "contact.sqlite"),
    ],
    [
      "unset, from .next/standalone (the standalone server's cwd)",
      undefined,
      join(project, ".next", "standalone"),
      join(project, ".data", "contact.sqlite"),
    ],
    [
      "relative, from .next/standalone",
      "messages/site.sqlite",
      join(project, ".next", "standalone"),
      join(project, "messages", "site.sqlite"),
    ],
    ["unset, from inside .next itself", undefined, join(project, ".next"), join(project, ".data", "contact.sqlite")],
    [
      "unset, from a build folder found by its BUILD_ID (.next-x/standalone)",
      undefined,
      join(project, ".next-x", "standalone"),
      join(project, ".data", "contact.sqlite"),
    ],
    ["':memory:' stays in memory", ":memory:", project, ":memory:"],
  ])("%s", (_name, value, cwd, path) => {
    expect(parseStoreLocation(value, cwd)).toEqual({ kind: "sqlite", path });
  });

  it("projectRoot is the folder that holds the build, however deep the cwd is in it", () => {
    expect(projectRoot(join(project, ".next", "standalone", ".next"))).toBe(project);
    expect(projectRoot(join(project, ".next-x", "standalone"))).toBe(project);
    expect(projectRoot(project)).toBe(project);
  });

  it.each<[string, string, string]>([
    ["a relative path into .next", ".next/contact.sqlite", project],
    ["a relative path into .next's cache", ".next/cache/contact.sqlite", project],
    ["an absolute path into .next/standalone", join(project, ".next", "standalone", ".data", "contact.sqlite"), project],
    ["a path that climbs back into .next", "src/../.next/x.sqlite", project],
    ["a path into a build found by its BUILD_ID", ".next-x/contact.sqlite", project],
    ["a folder named .next anywhere", "/srv/other/.next/contact.sqlite", project],
    ["from the standalone server: a path into its build", ".next/standalone/contact.sqlite", join(project, ".next", "standalone")],
  ])("%s is refused with an error that names CONTACT_DB", (_name, value, cwd) => {
    expect(() => parseStoreLocation(value, cwd)).toThrow(ContactDbError);
    expect(() => parseStoreLocation(value, cwd)).toThrow(/^CONTACT_DB=.*inside a build's output/);
  });
});

describe("a Postgres URL", () => {
  it.each([
    "postgres://portfolio:s3cret@db.example.com:5432/site",
    "postgresql://portfolio:s3cret@db.example.com/site?sslmode=require",
    "POSTGRES://db.example.com/site",
    "postgres://portfolio@127.0.0.1:5499/postgres",
    "postgres://[::1]:5432/site",
    "postgres:///site?host=/var/run/postgresql",
    "postgresql://portfolio@/site?host=%2Fvar%2Frun%2Fpostgresql",
    // Cloud SQL's documented form: credentials, then a socket folder.
    "postgres://portfolio:s3cret@/site?host=/cloudsql/project:europe-west1:db",
  ])("%s is the database it names, unchanged", (url) => {
    expect(parseStoreLocation(url, project)).toEqual({ kind: "postgres", url });
  });

  it("is never a file name: no folder named postgres: appears", () => {
    expect(parseStoreLocation("postgres://u@127.0.0.1:5499/postgres", project).kind).toBe("postgres");
  });
});

describe("what cannot work is refused, naming CONTACT_DB, never showing the password", () => {
  it.each<[string, string, RegExp]>([
    ["MySQL", "mysql://site:hunter2pw@db.example.com/site", /"mysql:" is not supported/],
    ["a file: URL", "file:///var/lib/portfolio/contact.sqlite", /"file:" is not supported/],
    ["a file: URL with credentials", "file://u:hunter2pw@host/x.sqlite", /"file:" is not supported/],
    ["http", "http://u:hunter2pw@db.example.com/site", /"http:" is not supported/],
    ["SQLite as a URL", "sqlite:./contact.sqlite", /"sqlite:" is not supported/],
    ["postgres:// with no host", "postgres://", /names no host/],
    ["no host, only a database", "postgres:///site", /names no host/],
    ["a password but no host", "postgres://u:hunter2pw@/site", /names no host/],
    ["port 0", "postgres://u:hunter2pw@db.example.com:0/site", /invalid port/],
    ["a port too large", "postgres://u:hunter2pw@db.example.com:70000/site", /not a valid URL/],
    ["a port that is not a number", "postgres://u:hunter2pw@db.example.com:five/site", /not a valid URL/],
    ["a space in the host", "postgres://u:hunter2pw@db example.com/site", /not a valid URL/],
    ["an unclosed IPv6 bracket", "postgres://u:hunter2pw@[::1/site", /not a valid URL/],
    ["a password with an unescaped slash", "postgres://u:hunter2/pw@db.example.com/site", /not a valid URL/],
    ["another scheme, a password with an unescaped slash", "mysql://u:hunter2/pw@db.example.com/site", /"mysql:" is not supported/],
    ["another scheme, a password with an unescaped @", "mysql://u:hunter2@pw@db.example.com/site", /"mysql:" is not supported/],
  ])("%s", (_name, value, reason) => {
    let error: unknown;
    try {
      parseStoreLocation(value, project);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ContactDbError);
    const message = (error as Error).message;
    expect(message).toMatch(/^CONTACT_DB/);
    expect(message).toMatch(reason);
    expect(message).not.toContain("hunter2");
  });
});

describe("redact and describeLocation: what logs may show", () => {
  it.each([
    ["postgres://portfolio:s3cret@db.example.com:5432/site", "postgres://portfolio:***@db.example.com:5432/site"],
    ["postgres://portfolio@db.example.com/site", "postgres://portfolio@db.example.com/site"],
    ["postgres://db.example.com/site?sslmode=require", "postgres://db.example.com/site?sslmode=require"],
    ["postgres://u:p%40ss@db.example.com/site", "postgres://u:***@db.example.com/site"],
    ["not a url u:s3cret@x", "not a url u:s3cret@x"],
    ["mysql://u:s3c/ret@db.example.com/site", "mysql://u:***@db.example.com/site"],
    ["mysql://u:s3c@ret@db.example.com/site", "mysql://u:***@db.example.com/site"],
  ])("%s → %s", (raw, shown) => {
    expect(redact(raw)).toBe(shown);
  });

  it("names a SQLite file by its path and a database by its URL without the password", () => {
    expect(describeLocation({ kind: "sqlite", path: "/var/lib/contact.sqlite" })).toBe("SQLite file /var/lib/contact.sqlite");
    expect(describeLocation({ kind: "postgres", url: "postgres://u:s3cret@db.example.com/site" })).toBe(
      "Postgres postgres://u:***@db.example.com/site",
    );
  });
});
