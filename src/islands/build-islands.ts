import { mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import type * as Esbuild from "esbuild";
import { cssModuleClassNames } from "./css-module-names";

/**
 * The islands script (issue 23): what a published page runs, bundled by
 * esbuild as a step of `next build` (next.config.ts calls this once per
 * build), apart from Next.js's own client build, which those pages do not
 * load (`unstable_runtimeJS: false`).
 *
 * The entry is not a file: every published page carries it inline
 * (src/pages/_document.tsx), allowed by its hash in the policy
 * (src/security/page-policies.ts). A phone then starts it with the HTML, not
 * a round trip later, and the first paint waits for no request of it
 * (docs/phone-speed.md). What it imports later (the rest of the page's
 * script once the first frame is on screen, and from there the contact
 * form) goes to `public/islands/`, served by Next.js as the site's own
 * static files (`/islands/…`, next.config.ts gives them a year's cache), and
 * copied with `public/` by every deploy recipe. Every file's name carries a
 * hash of its content, so a new build is new addresses and the old files
 * keep answering the tabs still open on the old build.
 */
const ISLANDS_SOURCE = "src/islands/islands-entry.ts";
const ISLANDS_OUTPUT = "public/islands";
/** Where public/islands is served from. */
export const ISLANDS_URL_PATH = "/islands";
/** Files of earlier builds older than this are removed (tabs open on a build that old reload anyway). */
const KEEP_OLD_FILES_MS = 7 * 24 * 60 * 60 * 1000;

export interface IslandsBuild {
  /** The entry's code, safe inside a <script> element: the document's inline <script type="module">. */
  script: string;
  /** Every file written, as addresses: the chunks the entry imports later, and what they import. */
  files: string[];
}

export interface IslandsOptions {
  /** The project's root (where src/ and public/ are). */
  root: string;
  /** The build's id, inlined for the new-build reload (src/deploy). */
  buildId: string;
  /** The esbuild module; taken as an argument so next.config loads it only when it builds. */
  esbuild: Pick<typeof Esbuild, "build">;
  /** CSS Modules class names as the site's build names them (src/document/short-class-names.ts). */
  className: (file: string, localName: string) => string;
  /** Where the files go; ISLANDS_OUTPUT under `root` unless given (tests). */
  outdir?: string;
}

/** The contact form's module (React and the form), which the entry imports when the form comes near. */
const CONTACT_FORM_SOURCE = "src/contact/form/contact-form-root.tsx";
/** How contact-form-island.ts imports it. */
const CONTACT_FORM_IMPORT = /^\.\/contact-form-root$/;

/** The rest of a page's script (src/islands/take-over.ts), which the entry imports once the first frame is on screen. */
const TAKE_OVER_SOURCE = "src/islands/take-over.ts";

/** How islands-entry.ts imports it. */
const TAKE_OVER_IMPORT = /^\.\/take-over$/;

/**
 * Bundles the islands script, minified ES modules for the browsers Next.js
 * targets, in three builds, each one file, each a step down the chain:
 *   1. the contact form's module, whole (React and esbuild's helpers for
 *      its CommonJS in it), under chunks/;
 *   2. the rest of the page's script (take-over.ts), under chunks/, whose
 *      `import("./contact-form-root")` becomes an import of that file's
 *      address;
 *   3. the entry, whose `import("./take-over")` becomes an import of that
 *      one's.
 * Not one build with code splitting: esbuild then puts the helpers that
 * files share into another file, which the entry imports before it runs, a
 * request a phone waits a round trip for before the menu works, for code
 * the entry never calls. The few helpers two of these share (an attribute's
 * name) are copied into each instead.
 * CSS Modules imported on the way give their class names only: the styles
 * themselves are in the page already, from Next.js's build of the same
 * components.
 */
export async function buildIslands({
  root,
  buildId,
  esbuild,
  className,
  outdir = resolve(root, ISLANDS_OUTPUT),
}: IslandsOptions): Promise<IslandsBuild> {
  mkdirSync(outdir, { recursive: true });
  const started = Date.now();
  const address = (file: string) => `${ISLANDS_URL_PATH}/${relative(outdir, resolve(root, file)).split("\\").join("/")}`;
  const bundle = async (source: string, name: string, entryNames: string, plugins: Esbuild.Plugin[], write: boolean) => {
    const result = await esbuild.build({
      absWorkingDir: root,
      entryPoints: { [name]: source },
      bundle: true,
      format: "esm",
      // What Next.js's default browserslist comes to for scripts (ES2020 with optional chaining, modules).
      target: ["es2020"],
      platform: "browser",
      minify: true,
      jsx: "automatic",
      outdir,
      entryNames,
      assetNames: "assets/[name]-[hash]",
      metafile: true,
      write,
      legalComments: "none",
      logLevel: "silent",
      define: {
        "process.env.NODE_ENV": JSON.stringify("production"),
        "process.env.SITE_BUILD_ID": JSON.stringify(buildId),
      },
      plugins: [cssModuleClassNames(className), ...plugins],
    });
    if (result.errors.length > 0) throw new Error(`islands: esbuild failed: ${result.errors.map((error) => error.text).join("; ")}`);
    const outputs = Object.entries(result.metafile?.outputs ?? {});
    const entry = outputs.find(([, output]) => output.entryPoint === source);
    if (!entry) throw new Error(`islands: esbuild wrote no script for ${source}`);
    return { entry: entry[0], files: outputs.map(([file]) => file), outputFiles: result.outputFiles ?? [] };
  };
  const form = await bundle(CONTACT_FORM_SOURCE, "contact-form-root", "chunks/[name]-[hash]", [], true);
  const rest = await bundle(
    TAKE_OVER_SOURCE,
    "take-over",
    "chunks/[name]-[hash]",
    [importAt(CONTACT_FORM_IMPORT, address(form.entry))],
    true,
  );
  // Not written, so not named by a hash: the pages carry its code.
  const islands = await bundle(ISLANDS_SOURCE, "islands", "[name]", [importAt(TAKE_OVER_IMPORT, address(rest.entry))], false);
  // The entry alone: anything else it made (a chunk, an asset) would be a file nobody writes.
  const [entry, ...others] = islands.outputFiles;
  if (!entry || others.length > 0 || entry.path !== resolve(root, islands.entry))
    throw new Error(`islands: the entry bundled into ${islands.outputFiles.length} files; it must be one, to go inline`);
  const written = [...form.files, ...rest.files].map((file) => resolve(root, file));
  removeOldFiles(outdir, new Set(written), started - KEEP_OLD_FILES_MS);
  return { script: inlineScript(entry.text), files: written.map(address) };
}

/**
 * The entry's code as the text of an inline <script>: nothing in it may end
 * the element early (`</script`) or switch the HTML parser into the state
 * where a later `<script` does (`<!--`). esbuild writes `<\/script` in
 * strings already; code that still holds either stops the build instead of
 * being rewritten blindly.
 */
export function inlineScript(code: string): string {
  const unsafe = /<\/script|<!--/i.exec(code);
  if (unsafe) throw new Error(`islands: the entry's code holds "${unsafe[0]}", which cannot go inside a <script> element`);
  return code.replace(/\n$/, "");
}

/** esbuild plugin: an import matching `filter` is left to the browser, at `url` (a file another build wrote). */
function importAt(filter: RegExp, url: string): Esbuild.Plugin {
  return {
    name: "import-at",
    setup(build) {
      build.onResolve({ filter }, () => ({ path: url, external: true }));
    },
  };
}

/** Files of earlier builds, once older than `before`: a folder that a build a day would otherwise grow without end. */
function removeOldFiles(folder: string, keep: ReadonlySet<string>, before: number): void {
  for (const name of readdirSync(folder, { recursive: true, encoding: "utf8" })) {
    const file = join(folder, name);
    const stats = statSync(file);
    if (stats.isFile() && !keep.has(file) && stats.mtimeMs < before) rmSync(file);
  }
}
