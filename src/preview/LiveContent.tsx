import { useEffect, useEffectEvent } from "react";
import type { LiveProps } from "./preview-props";
import { LIVE_ROUTE, STORY_EVENT } from "./live-protocol";

/** Development only: applies the story each time its file under content/ is saved. */
export function LiveContent({ live, onStory }: { live: LiveProps; onStory: (story: unknown) => void }) {
  // The latest onStory, without reconnecting the event stream when it changes.
  const storyArrived = useEffectEvent((story: unknown) => onStory(story));

  useEffect(() => {
    const source = new EventSource(`${LIVE_ROUTE}?slug=${encodeURIComponent(live.fullSlug)}`);
    source.addEventListener(STORY_EVENT, (event) => {
      try {
        storyArrived(JSON.parse((event as MessageEvent<string>).data));
      } catch (error) {
        console.error(`live content: unreadable story: ${String(error)}`);
      }
    });
    return () => source.close();
  }, [live.fullSlug]);

  return null;
}
