import { useEffect, useEffectEvent } from "react";
import { reactionTo } from "./bridge-events";
import { loadScript } from "./load-script";
import type { PreviewProps } from "./preview-props";

/** The part of the bridge's API the page uses (@storyblok/preview-bridge's StoryblokBridge). */
interface StoryblokBridge {
  on(events: string[], callback: (event: unknown) => void): void;
  destroy?(): void;
}

interface BridgeConfig {
  resolveRelations: string[];
  /** Where the bridge posts its messages: the editor's origin. */
  customParent: string;
}

/** The bridge script defines `window.StoryblokBridge`. */
function bridgeConstructor(): (new (config: BridgeConfig) => StoryblokBridge) | undefined {
  return (window as unknown as { StoryblokBridge?: new (config: BridgeConfig) => StoryblokBridge }).StoryblokBridge;
}

interface PreviewBridgeProps {
  preview: PreviewProps;
  /** Called with the story of an `input` event for the open story. */
  onInput: (story: unknown) => void;
}

/** Loads the Visual Editor's bridge (rendered only in preview) and routes its events. */
export function PreviewBridge({ preview, onInput }: PreviewBridgeProps) {
  // The latest onInput, without reloading the bridge when it changes.
  const inputArrived = useEffectEvent((story: unknown) => onInput(story));
  const { bridgeUrl, editorOrigin, storyId } = preview;
  const relations = preview.resolveRelations.join(",");

  useEffect(() => {
    let bridge: StoryblokBridge | undefined;
    let active = true;
    loadScript(bridgeUrl)
      .then(() => {
        const Bridge = bridgeConstructor();
        if (!active) return;
        if (!Bridge) throw new Error(`${bridgeUrl} did not define StoryblokBridge`);
        bridge = new Bridge({ resolveRelations: relations ? relations.split(",") : [], customParent: editorOrigin });
        bridge.on(["input", "change", "published"], (event) => {
          const reaction = reactionTo(event, storyId);
          if (reaction.kind === "apply") inputArrived(reaction.story);
          else if (reaction.kind === "reload") window.location.reload();
        });
      })
      .catch((error: unknown) => console.error(`preview: the Visual Editor bridge is not running: ${String(error)}`));
    return () => {
      active = false;
      bridge?.destroy?.();
    };
  }, [bridgeUrl, editorOrigin, storyId, relations]);

  return null;
}
