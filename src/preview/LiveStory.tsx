import dynamic from "next/dynamic";
import { useCallback, useRef, useState, type ReactNode } from "react";
import { applyInputStory } from "./apply-input-story";
import { relatedStories, unresolvedRelations, withKnownRelations } from "./known-relations";
import { fetchRelations } from "./relation-fetch";
import { PreviewMode } from "./preview-mode";
import type { LiveProps, PreviewProps } from "./preview-props";

// Loaded only when used: visitors' pages never download the editor's code.
const PreviewBridge = dynamic(() => import("./PreviewBridge").then((module) => module.PreviewBridge), { ssr: false });
const LiveContent = dynamic(() => import("./LiveContent").then((module) => module.LiveContent), { ssr: false });

interface LiveStoryProps<S> {
  /** The story from the page's props. */
  story: S;
  /** Set in the Visual Editor: loads the bridge and follows its events. */
  preview?: PreviewProps;
  /** Set in `next dev` on the embedded content: follows edits of the story file. */
  live?: LiveProps;
  /** Checks and shapes an incoming story the way the page's getStaticProps does; null refuses it. */
  accept: (story: unknown) => S | null;
  children: (story: S) => ReactNode;
}

/**
 * The story a page shows: its props, replaced live by the editor's `input`
 * events or by saved files in development. Public pages have neither, so
 * they render their props as they are.
 */
export function LiveStory<S>({ story, preview, live, accept, children }: LiveStoryProps<S>) {
  const [state, setState] = useState({ from: story, shown: story });
  // New props (a navigation, a reload of data) replace whatever was applied live.
  const current = state.from === story ? state.shown : story;
  if (state.from !== story) setState({ from: story, shown: story });

  const currentRef = useRef(current);
  currentRef.current = current;
  /** Draft stories loaded for relations the editor added; kept for later input events. */
  const fetched = useRef(new Map<string, Record<string, unknown>>());
  /** Uuids asked for once: one that does not resolve is not asked for on every keystroke. */
  const asked = useRef(new Set<string>());
  /** Counts input events, so a slow relations answer never undoes a newer edit. */
  const latest = useRef(0);
  const inPreview = preview !== undefined;
  const apply = useCallback(
    (incoming: unknown) => {
      const sequence = ++latest.current;
      const show = () => {
        const next = applyInputStory(incoming, currentRef.current, accept, fetched.current);
        if (next !== currentRef.current) setState({ from: story, shown: next });
      };
      show();
      const known = new Map([...fetched.current, ...relatedStories(currentRef.current)]);
      const missing = unresolvedRelations(withKnownRelations(incoming, known)).filter((uuid) => !asked.current.has(uuid));
      if (!inPreview || missing.length === 0) return;
      for (const uuid of missing) asked.current.add(uuid);
      void fetchRelations(missing).then((stories) => {
        for (const [uuid, related] of stories) fetched.current.set(uuid, related);
        if (sequence === latest.current && stories.size > 0) show();
      });
    },
    [accept, story, inPreview],
  );

  return (
    <PreviewMode.Provider value={preview !== undefined}>
      {preview && <PreviewBridge preview={preview} onInput={apply} />}
      {live && <LiveContent live={live} onStory={apply} />}
      {children(current)}
    </PreviewMode.Provider>
  );
}
