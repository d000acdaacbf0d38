import type { ComponentType } from "react";
import type { NestableBlok } from "../generated";
import type { ShownBlok } from "../content/access/story-queries";
import { brokenProblems } from "../content/shaping/broken-blok";
import { usePreviewMode } from "../preview/preview-mode";
import { registry } from "./registry";
import { editableAttributes } from "../preview/editable";
import styles from "./Blocks.module.css";

/**
 * The renderer for one kind of block. Called with a blok's own `component`,
 * so the renderer always matches the blok even though TypeScript cannot
 * correlate the two through a union.
 */
function rendererFor<K extends NestableBlok["component"]>(component: K): ComponentType<{ blok: ShownBlok<K> }> {
  return registry[component];
}

interface BlocksProps {
  bloks: readonly ShownBlok[] | undefined;
  /** Show broken blocks as a notice (development, the Visual Editor); the public gets nothing and a log line. */
  showUnknown?: boolean;
}

export function Blocks({ bloks, showUnknown }: BlocksProps) {
  const preview = usePreviewMode();
  if (!bloks || bloks.length === 0) return null;
  const showNotices = showUnknown ?? (preview || process.env.NODE_ENV === "development");
  return (
    <>
      {bloks.map((blok: ShownBlok | null) => {
        // Typed, but content: a null entry or one without a component is skipped (the marks below say why for the rest).
        if (typeof blok !== "object" || blok === null || typeof blok.component !== "string") return null;
        // Content can be newer than this build (a block added in Storyblok
        // before the site is regenerated): the types say impossible, the data may not.
        if (!Object.hasOwn(registry, blok.component)) {
          if (showNotices) return <UnknownBlock key={blok._uid} blok={blok} />;
          console.error(`<Blocks> skipped ${blok.component} ${blok._uid}: no renderer`);
          return null;
        }
        // Malformed content (a required field missing, a value of the wrong
        // kind) would crash the page: skip that one block, say why, render the rest.
        // The data boundary found it (story-contract.ts), so the browser carries no validators.
        const problems = brokenProblems(blok);
        if (problems) {
          if (showNotices) return <InvalidBlock key={blok._uid} blok={blok} problems={problems} />;
          console.error(`<Blocks> skipped ${blok.component} ${blok._uid}: ${problems.join("; ")}`);
          return null;
        }
        const Renderer = rendererFor(blok.component);
        return <Renderer key={blok._uid} blok={blok} />;
      })}
    </>
  );
}

/* The notices keep the blok's editable attributes, so the editor can still select (and fix or delete) it. */

function UnknownBlock({ blok }: { blok: ShownBlok }) {
  return (
    <div role="note" className={styles.unknown} {...editableAttributes(blok)}>
      No renderer for the block <code>{blok.component}</code>. Run <code>npm run codegen</code> and add it to{" "}
      <code>src/blocks/registry.ts</code>.
    </div>
  );
}

function InvalidBlock({ blok, problems }: { blok: ShownBlok; problems: readonly string[] }) {
  return (
    <div role="note" className={styles.unknown} {...editableAttributes(blok)}>
      The block <code>{blok.component}</code> is not shown to visitors: {problems.join("; ")}.
    </div>
  );
}
