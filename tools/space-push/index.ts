/** `space push`'s content step, as the CLI and tests use it. */
export { pushContent, pushContentTo, readLocalContent, type PushContentOptions } from "./push-content";
export { defaultJournalPath } from "./journal";
export { describeAction, type PushAction, type PushSummary, type KindCounts } from "./push-summary";
export { totalRequests, type RequestCounts } from "./request-counts";
export { SpacePushError } from "./push-context";
export { LocalContentError } from "./local-stories";
export { MissingAssetsError } from "./local-assets";
