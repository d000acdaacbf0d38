/** What a push did (or, in a dry run, would do): the CLI's summary and the numbers a test or a benchmark reads. */
import { emptyRequestCounts, type RequestCounts } from "./request-counts";

interface KindCounts {
  /** Create requests (a folder, an upload, a story). */
  created: number;
  /** Other writes: updates, publishes, unpublishes, a re-uploaded file. */
  updated: number;
  /** Items the space already held as they are: no write. */
  unchanged: number;
}

type ItemKind = "folder" | "asset" | "story";

/** One write, reported as it happens (or would happen). */
export interface PushAction {
  kind: ItemKind;
  verb: "create" | "update" | "publish" | "unpublish" | "upload" | "replace";
  /** The folder's or story's full slug, the asset's path. */
  name: string;
  detail?: string;
}

export interface PushSummary {
  dryRun: boolean;
  folders: KindCounts;
  assets: KindCounts;
  stories: KindCounts;
  requests: RequestCounts;
  actions: PushAction[];
  /** References left as written: a story not in the content, an asset that is not local. */
  warnings: string[];
  /**
   * Stories edited in the space since this machine last pushed them (the space's `updated_at` is not
   * the one the journal recorded after that push, and the story holds neither version the push would
   * write): left as the space has them unless the push is forced.
   */
  editedInSpace: string[];
  elapsedMs: number;
}

export function emptySummary(dryRun: boolean): PushSummary {
  const counts = (): KindCounts => ({ created: 0, updated: 0, unchanged: 0 });
  return {
    dryRun,
    folders: counts(),
    assets: counts(),
    stories: counts(),
    requests: emptyRequestCounts(),
    actions: [],
    warnings: [],
    editedInSpace: [],
    elapsedMs: 0,
  };
}

export function describeAction({ kind, verb, name, detail }: PushAction): string {
  return `${verb} ${kind} ${name}${detail ? ` (${detail})` : ""}`;
}
