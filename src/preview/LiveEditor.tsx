import { useCallback, useLayoutEffect, useRef } from "react";
import { applyInputStory } from "./apply-input-story";
import { relatedStories, unresolvedRelations, withKnownRelations } from "./known-relations";
import { LIVE_ACCEPT, type LiveContentType, type LiveStories } from "./live-accept";
import { LiveContent } from "./LiveContent";
import { PreviewBridge } from "./PreviewBridge";
import type { LiveProps, PreviewProps } from "./preview-props";
import { fetchRelations } from "./relation-fetch";

export interface LiveEditorProps<K extends LiveContentType> {
  contentType: K;
  /** The story the page shows now. */
  current: LiveStories[K];
  /** Set in the Visual Editor: loads the bridge and follows its events. */
  preview?: PreviewProps;
  /** Set in `next dev` on the embedded content: follows edits of the story file. */
  live?: LiveProps;
  /** Shows an accepted incoming story instead. */
  onShow: (story: LiveStories[K]) => void;
}

/**
 * Follows the editor's `input` events or saved files and hands each story
 * that passes the page's checks to `onShow`. Loaded by <LiveStory> only in
 * preview or live editing, with the validators it needs.
 */
export function LiveEditor<K extends LiveContentType>({ contentType, current, preview, live, onShow }: LiveEditorProps<K>) {
  // The latest props for `apply`, which the bridge and the live stream keep; set once the render
  // commits, before any event can reach `apply`.
  const currentRef = useRef(current);
  const onShowRef = useRef(onShow);
  useLayoutEffect(() => {
    currentRef.current = current;
    onShowRef.current = onShow;
  });
  /** Draft stories loaded for relations the editor added; kept for later input events. */
  const fetched = useRef(new Map<string, Record<string, unknown>>());
  /** Uuids asked for once: one that does not resolve is not asked for on every keystroke. */
  const asked = useRef(new Set<string>());
  /** Counts input events, so a slow relations answer never undoes a newer edit. */
  const latest = useRef(0);
  const inPreview = preview !== undefined;
  const previewStoryId = preview?.storyId;
  const apply = useCallback(
    (incoming: unknown) => {
      const page = LIVE_ACCEPT[contentType];
      const sequence = ++latest.current;
      const show = () => {
        const next = applyInputStory(incoming, currentRef.current, page, fetched.current);
        if (next !== currentRef.current) onShowRef.current(next);
      };
      show();
      const known = new Map([...fetched.current, ...relatedStories(currentRef.current, page.relations)]);
      const missing = unresolvedRelations(withKnownRelations(incoming, known, page.relations), page.relations).filter(
        (uuid) => !asked.current.has(uuid),
      );
      if (!inPreview || missing.length === 0) return;
      for (const uuid of missing) asked.current.add(uuid);
      void fetchRelations(missing, previewStoryId).then((stories) => {
        for (const [uuid, related] of stories) fetched.current.set(uuid, related);
        if (sequence === latest.current && stories.size > 0) show();
      });
    },
    [contentType, inPreview, previewStoryId],
  );

  return (
    <>
      {preview && <PreviewBridge preview={preview} onInput={apply} />}
      {live && <LiveContent live={live} onStory={apply} />}
    </>
  );
}
