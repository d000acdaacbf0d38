import { parseStoreLocation } from "../../../src/contact/server/store/location";
import { openMessageStore, type StoredMessage } from "../../../src/contact/server/store/message-store";

/** The read in progress; the next waits for it (see storedMessages). */
let reading: Promise<unknown> = Promise.resolve();

/**
 * Every message in the store CONTACT_DB=`contactDb` names (a SQLite path or
 * a postgres:// URL), read through the site's own store code, which a
 * server uses too: opened, listed and closed again, so a test never holds
 * the file or a connection while a server works on it.
 *
 * One read at a time: opening the store takes SQLite's write lock for its
 * migrations, and better-sqlite3 waits for a lock synchronously, so a second
 * store opened by this same process would block the first one's commit
 * until its busy timeout ran out ("database is locked").
 */
export function storedMessages(contactDb: string): Promise<StoredMessage[]> {
  const read = reading.then(async () => {
    const store = await openMessageStore(parseStoreLocation(contactDb));
    try {
      return await store.list();
    } finally {
      await store.close();
    }
  });
  reading = read.catch(() => undefined);
  return read;
}
