/** `space push`'s content step, as the CLI and tests use it. */
export { pushContent, readLocalContent } from "./push-content";
export { defaultJournalPath } from "./journal";
export { describeAction, type PushSummary } from "./push-summary";
export { totalRequests } from "./request-counts";
export { SpacePushError } from "./push-context";
export { LocalContentError } from "./local-stories";
export { MissingAssetsError } from "./local-assets";
