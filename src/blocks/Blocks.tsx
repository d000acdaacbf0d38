import type { ComponentType } from "react";
import { checkBlok, type BlokOf, type NestableBlok } from "../generated";
import { registry } from "./registry";
import styles from "./Blocks.module.css";

/**
 * The renderer for one kind of block. Called with a blok's own `component`,
 * so the renderer always matches the blok even though TypeScript cannot
 * correlate the two through a union.
 */
function rendererFor<K extends NestableBlok["component"]>(component: K): ComponentType<{ blok: BlokOf<K> }> {
  return registry[component];
}

interface BlocksProps {
  bloks: readonly NestableBlok[] | undefined;
  /** Show unknown blocks as a notice (development, preview); production renders nothing. */
  showUnknown?: boolean;
}

export function Blocks({ bloks, showUnknown = process.env.NODE_ENV === "development" }: BlocksProps) {
  if (!bloks || bloks.length === 0) return null;
  return (
    <>
      {bloks.map((blok: NestableBlok | null) => {
        // Typed, but content: a null entry or one without a component is skipped (checkBlok below says why for the rest).
        if (typeof blok !== "object" || blok === null || typeof blok.component !== "string") return null;
        // Content can be newer than this build (a block added in Storyblok
        // before the site is regenerated): the types say impossible, the data may not.
        if (!Object.hasOwn(registry, blok.component)) {
          return showUnknown ? <UnknownBlock key={blok._uid} name={blok.component} /> : null;
        }
        // Malformed content (a required field missing, a value of the wrong
        // kind) would crash the page: skip that one block, say why, render the rest.
        const checked = checkBlok(blok);
        if (!checked.ok) {
          console.error(`<Blocks> skipped ${blok.component} ${blok._uid}: ${checked.problems.join("; ")}`);
          return null;
        }
        const Renderer = rendererFor(blok.component);
        return <Renderer key={blok._uid} blok={blok} />;
      })}
    </>
  );
}

function UnknownBlock({ name }: { name: string }) {
  return (
    <div role="note" className={styles.unknown}>
      No renderer for the block <code>{name}</code>. Run <code>npm run codegen</code> and add it to <code>src/blocks/registry.ts</code>.
    </div>
  );
}
