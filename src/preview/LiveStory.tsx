import { useEffect, useState, type ReactNode } from "react";
import type { LiveContentType, LiveStories } from "./live-accept";
import { PreviewMode } from "./preview-mode";
import type { LiveProps, PreviewProps } from "./preview-props";

interface LiveStoryProps<K extends LiveContentType> {
  /** The story from the page's props. */
  story: LiveStories[K];
  /** Which page's checks an incoming story must pass (live-accept.ts). */
  contentType: K;
  /** Set in the Visual Editor: loads the bridge and follows its events. */
  preview?: PreviewProps;
  /** Set in `next dev` on the embedded content: follows edits of the story file. */
  live?: LiveProps;
  children: (story: LiveStories[K]) => ReactNode;
}

/**
 * The story a page shows: its props, replaced live by the editor's `input`
 * events or by saved files in development. Public pages have neither, so
 * they render their props as they are and never download the editor's
 * code (LiveEditor, the bridge, the validators): it is imported only when
 * there is something to follow, after the page has hydrated.
 */
export function LiveStory<K extends LiveContentType>({ story, contentType, preview, live, children }: LiveStoryProps<K>) {
  const [state, setState] = useState({ from: story, shown: story });
  // New props (a navigation, a reload of data) replace whatever was applied live.
  const current = state.from === story ? state.shown : story;
  if (state.from !== story) setState({ from: story, shown: story });

  const [editor, setEditor] = useState<typeof import("./LiveEditor") | null>(null);
  const following = preview !== undefined || live !== undefined;
  useEffect(() => {
    if (!following || editor) return;
    let active = true;
    // Not caught: a chunk that fails to load is an unhandled rejection, which useNewBuildReload watches for.
    void import("./LiveEditor").then((module) => {
      if (active) setEditor(module);
    });
    return () => {
      active = false;
    };
  }, [following, editor]);
  const Editor = editor?.LiveEditor;

  return (
    <PreviewMode.Provider value={preview !== undefined}>
      {Editor && following && (
        <Editor
          contentType={contentType}
          current={current}
          preview={preview}
          live={live}
          onShow={(shown) => setState({ from: story, shown })}
        />
      )}
      {children(current)}
    </PreviewMode.Provider>
  );
}
