/** What a page in preview tells the browser: nothing secret, only what the bridge needs. */
export interface PreviewProps {
  /** The story open in the editor; bridge events for any other story are ignored. */
  storyId: number;
  /** STORYBLOK_BRIDGE_URL */
  bridgeUrl: string;
  /** The editor's origin: the bridge posts its messages there. */
  editorOrigin: string;
  /** The page's resolve_relations, so the editor resolves the same relations in `input` events. */
  resolveRelations: string[];
}

/** Dev-only live editing of the embedded content (see live-content.ts). */
export interface LiveProps {
  /** The story's full_slug, as the live endpoint looks it up. */
  fullSlug: string;
}
