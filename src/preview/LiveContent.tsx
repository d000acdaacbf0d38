import { useEffect, useRef } from "react";
import type { LiveProps } from "./preview-props";
import { LIVE_ROUTE, STORY_EVENT } from "./live-protocol";

/** Development only: applies the story each time its file under content/ is saved. */
export function LiveContent({ live, onStory }: { live: LiveProps; onStory: (story: unknown) => void }) {
  const onStoryRef = useRef(onStory);
  onStoryRef.current = onStory;

  useEffect(() => {
    const source = new EventSource(`${LIVE_ROUTE}?slug=${encodeURIComponent(live.fullSlug)}`);
    source.addEventListener(STORY_EVENT, (event) => {
      try {
        onStoryRef.current(JSON.parse((event as MessageEvent<string>).data));
      } catch (error) {
        console.error(`live content: unreadable story: ${String(error)}`);
      }
    });
    return () => source.close();
  }, [live.fullSlug]);

  return null;
}
