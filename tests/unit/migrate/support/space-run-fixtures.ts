import type { LoadedMigration } from "../../../../tools/migrations/run/migrate-story";

/** The stories the space-run tests write: a page of teasers, each teaser's uid named by its headline. */
export const teaser = (headline: string) => ({ component: "teaser", _uid: `teaser-${headline}`, headline });
export const page = (...body: object[]) => ({ component: "page", _uid: "root", body });

/** `teaser.headline` upper-cased: a change only where a teaser is. */
export const shout: LoadedMigration = {
  id: "20260101000000-shout",
  blocks: {
    teaser: (block: never) => ({ ...(block as object), headline: String((block as { headline: string }).headline).toUpperCase() }),
  },
};

/** When the runs of these tests ran (their journals and snapshots name it). */
export const RAN = new Date("2026-01-02T03:04:05.000Z");
