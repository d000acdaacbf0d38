/**
 * The database going away, on a PostgreSQL cluster of this file's own (the
 * run's shared one must stay up for the other files): which errors mean
 * "try again shortly" (isStoreUnreachable: 503 + Retry-After) and which mean
 * "something is wrong" (500), and a send during which the database goes
 * away: recorded once it is back, mailed exactly once.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { deliverDue, type DeliveryOptions } from "../../../src/contact/server/delivery";
import { createSmtpMailer, type Mailer } from "../../../src/contact/server/mailer";
import { openMessageStore, type MessageStore } from "../../../src/contact/server/store/message-store";
import { isStoreUnreachable } from "../../../src/contact/server/store/unreachable";
import { createUnrecordedDeliveries } from "../../../src/contact/server/unrecorded-deliveries";
import { startLoopbackSmtp, type LoopbackSmtp } from "../../support/loopback-smtp";
import { postgresBinaries, startLocalPostgres, type LocalPostgres } from "../../support/postgres";
import { newMessage } from "./support/messages";

const hasPostgres = postgresBinaries() !== null;
let cluster: LocalPostgres;
const open: MessageStore[] = [];
const temp = mkdtempSync(join(tmpdir(), "contact-outage-"));

async function admin(query: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: cluster.url() });
  await client.connect();
  try {
    return await client.query(query);
  } finally {
    await client.end();
  }
}

/** The error opening the store at `location` fails with. */
async function openingError(location: Parameters<typeof openMessageStore>[0]): Promise<unknown> {
  try {
    open.push(await openMessageStore(location));
  } catch (error) {
    return error;
  }
  throw new Error("the store opened");
}

beforeAll(async () => {
  if (!hasPostgres) return;
  cluster = await startLocalPostgres();
  // Passwords on loopback for one role, so a wrong one is really refused (the cluster trusts everyone else).
  const dataDirectory = (await admin("SHOW data_directory")).rows[0].data_directory as string;
  writeFileSync(
    join(dataDirectory, "pg_hba.conf"),
    "local all all trust\nhost all portfolio_pw 127.0.0.1/32 scram-sha-256\nhost all all 127.0.0.1/32 trust\n",
  );
  await admin("SELECT pg_reload_conf()");
  await admin("CREATE ROLE portfolio_pw LOGIN PASSWORD 'right-password'");
});

afterEach(async () => {
  await Promise.all(open.splice(0).map((store) => store.close().catch(() => undefined)));
});

afterAll(async () => {
  await cluster?.stop();
  rmSync(temp, { recursive: true, force: true });
});

describe.skipIf(!hasPostgres)("isStoreUnreachable", () => {
  it("a paused Postgres (connection refused), when the store opens: true", async () => {
    const url = await cluster.createDatabase();
    await cluster.pause();
    try {
      const error = await openingError({ kind: "postgres", url });
      expect(String(error)).toMatch(/ECONNREFUSED/);
      expect(isStoreUnreachable(error)).toBe(true);
    } finally {
      await cluster.resume();
    }
  });

  it("a Postgres that goes away under an open store: every call fails unreachable, and works again once it is back", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const store = await openMessageStore({ kind: "postgres", url: await cluster.createDatabase() });
    open.push(store);
    await store.add(newMessage());
    await cluster.pause();
    try {
      for (const call of [
        () => store.list(),
        () => store.add(newMessage()),
        () => store.rateLimit.hit("203.0.113.1", { limit: 5, windowMs: 1000 }),
      ]) {
        const error = await call().then(
          () => new Error("it worked"),
          (caught: unknown) => caught,
        );
        expect(isStoreUnreachable(error), String(error)).toBe(true);
      }
    } finally {
      await cluster.resume();
      warn.mockRestore();
    }
    expect(await store.list()).toHaveLength(1);
  });

  it.each<[string, () => Promise<Parameters<typeof openMessageStore>[0]>, RegExp]>([
    [
      "a wrong password",
      async () => ({ kind: "postgres", url: (await cluster.createDatabase()).replace("postgres@", "portfolio_pw:wrong-password@") }),
      /password authentication failed/,
    ],
    ["a missing database", async () => ({ kind: "postgres", url: cluster.url("no_such_database") }), /does not exist/],
    [
      "a SQLite folder that cannot be made (a file is in the way)",
      async () => {
        writeFileSync(join(temp, "a-file"), "");
        return { kind: "sqlite", path: join(temp, "a-file", "contact.sqlite") };
      },
      /EEXIST|ENOTDIR/,
    ],
    // Unwritable even for root: a folder of /proc.
    [
      "a SQLite folder nobody may write (/proc/self)",
      async () => ({ kind: "sqlite", path: "/proc/self/contact.sqlite" }),
      /unable to open database file/,
    ],
  ])("%s: false (500, not a passing outage)", async (_name, location, reason) => {
    const error = await openingError(await location());
    expect(String(error)).toMatch(reason);
    expect(isStoreUnreachable(error)).toBe(false);
  });

  it("the right password opens the store (the case above fails for its password alone)", async () => {
    const url = (await cluster.createDatabase()).replace("postgres@", "portfolio_pw:right-password@");
    await admin(`GRANT ALL ON DATABASE "${new URL(url).pathname.slice(1)}" TO portfolio_pw`);
    await admin(`ALTER DATABASE "${new URL(url).pathname.slice(1)}" OWNER TO portfolio_pw`);
    const store = await openMessageStore({ kind: "postgres", url });
    open.push(store);
    expect(await store.list()).toEqual([]);
  });
});

describe.skipIf(!hasPostgres)("the database goes away in the middle of a send", () => {
  let smtp: LoopbackSmtp;
  let mailer: Mailer;
  beforeAll(async () => {
    smtp = await startLoopbackSmtp();
    mailer = createSmtpMailer(smtp.url, undefined, 5000);
  });
  afterAll(async () => {
    mailer.close();
    await smtp.stop();
  });

  it("the message is recorded delivered once the database is back, and mailed exactly once", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const location = { kind: "postgres", url: await cluster.createDatabase() } as const;
    const store = await openMessageStore(location);
    open.push(store);
    const stored = await store.add(newMessage({ receivedAt: 1000 }));
    const options: DeliveryOptions = { retryBaseMs: 10, sendTimeoutMs: 5000, unrecorded: createUnrecordedDeliveries(), now: () => 2000 };

    const held = smtp.hold();
    const sending = deliverDue(store, mailer, options);
    await held; // SMTP has the message and has not answered yet
    await cluster.pause();
    smtp.release();
    // SMTP took it; "delivered" cannot be written: the run fails, the send is remembered.
    await expect(sending).rejects.toSatisfy(isStoreUnreachable);
    expect(options.unrecorded.entries()).toEqual([[stored.id, 2000]]);

    // While the database is away, nothing more happens.
    await expect(deliverDue(store, mailer, options)).rejects.toSatisfy(isStoreUnreachable);
    await cluster.resume();

    expect(await deliverDue(store, mailer, { ...options, now: () => 2000 + 10 ** 6 })).toEqual({ delivered: 0, failed: 0 });
    expect(options.unrecorded.size).toBe(0);
    expect(await store.list()).toMatchObject([{ id: stored.id, state: "delivered", deliveredAt: 2000 }]);
    const ids = smtp.received.map((mail) => mail.headers["message-id"]);
    expect(ids.filter((id) => id === `<${stored.uuid}@contact-form.invalid>`)).toHaveLength(1);

    // Another instance, after the lease has long run out, finds nothing to send.
    const other = await openMessageStore(location);
    open.push(other);
    expect(await deliverDue(other, mailer, { ...options, unrecorded: createUnrecordedDeliveries(), now: () => 10 ** 9 })).toEqual({
      delivered: 0,
      failed: 0,
    });
    expect(smtp.received).toHaveLength(1);
  });
});
