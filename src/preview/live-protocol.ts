/** The development live-content stream: server-sent events named `story`, each a story as JSON. */
export const LIVE_ROUTE = "/api/preview/live";
export const STORY_EVENT = "story";
