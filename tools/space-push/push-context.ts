/** The state one push carries from step to step: what it talks to, what it learned of the space, what it did. */
import type { Journal } from "./journal";
import type { StoryReferenceFields } from "./reference-fields";
import type { SpaceAssetRef } from "./rewrite-references";
import type { SpaceApi, SpaceStorySummary } from "./space-api";
import type { PushAction, PushSummary } from "./push-summary";
import { failureMessage, toManagementRequestError } from "../management-api/management-errors";

interface SpaceStoryRef {
  id: number;
  uuid: string;
}

export interface PushContext {
  api: SpaceApi;
  journal: Journal;
  fields: StoryReferenceFields;
  summary: PushSummary;
  /** Called for every write as it is made (the CLI prints it). */
  onAction?: (action: PushAction) => void;
  /** Overwrite stories edited in the space since the last push (else they are reported and left alone). */
  force?: boolean;
  /** The space's stories and folders by full slug (no trailing slash for folders), as listed when the push began. */
  spaceStories: Map<string, SpaceStorySummary>;
  /** The space's folders by full slug, once matched or created. */
  folders: Map<string, SpaceStoryRef>;
  /** Folder full slug by the id the content's source space gave it. */
  folderSlugBySourceId: Map<number, string>;
  /** The space's asset for each local path (`/assets/…`). */
  assets: Map<string, SpaceAssetRef>;
  /** The space's story for each content story, by the content's uuid. */
  stories: Map<string, SpaceStoryRef>;
}

export function recordAction(context: PushContext, action: PushAction): void {
  context.summary.actions.push(action);
  context.onAction?.(action);
}

/** A failed request, named by what it was for: `creating story "home": 422 Unprocessable Entity: {...}`. */
export class SpacePushError extends Error {
  override name = "SpacePushError";
  constructor(
    readonly step: string,
    readonly status: number | undefined,
    message: string,
  ) {
    super(`${step}: ${message}`);
  }
}

export async function step<T>(what: string, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof SpacePushError) throw error;
    // A refused or dropped connection says only "fetch failed"; failureMessage adds its cause.
    throw new SpacePushError(what, toManagementRequestError(error).status, failureMessage(error));
  }
}
