import { watch } from "node:fs";
import { basename, dirname, resolve } from "node:path";
import { componentsSource, formatChange } from "../drift/semantic-summary.js";
import { localesSource, modelChangesOf } from "../drift/translation-changes.js";
import { runGenerator, type CodegenFlags } from "./run.js";
import { BadInput, isDirectory, SIDE_KINDS, sideFileCandidates } from "../schema-files.js";
import { readGeneratedDir, writeGenerated } from "./write.js";

/** Editors save in bursts (write, rename, chmod); one regeneration per burst. */
const SETTLE_MS = 40;

/**
 * `watch` (and `portfolio generate --watch`): generates once, then again whenever the
 * schema or one of its side files changes, printing what changed in the
 * content model (the same summary `check` prints), so `tsc --watch` or the
 * dev server beside it shows the compiler's verdict at once. Runs until
 * interrupted; a broken save is reported and the output left as it was.
 */
export function watchSchema(flags: CodegenFlags): void {
  const schema = resolve(flags.schema);
  const dir = isDirectory(schema) ? schema : dirname(schema);
  const sideFiles = SIDE_KINDS.map((kind) => flags[kind])
    .filter((path): path is string => path !== undefined)
    .map((path) => resolve(path));
  const watched = isDirectory(schema)
    ? undefined
    : new Set([basename(schema), ...SIDE_KINDS.flatMap((kind) => sideFileCandidates(schema, kind).map((path) => basename(path)))]);

  let timer: NodeJS.Timeout | undefined;
  const schedule = (file: string | null) => {
    if (watched !== undefined && file !== null && !watched.has(file)) return;
    clearTimeout(timer);
    timer = setTimeout(() => regenerate(flags), SETTLE_MS);
  };
  regenerate(flags);
  watch(dir, (_event, file) => schedule(file));
  for (const path of sideFiles) if (dirname(path) !== dir) watch(path, () => schedule(null));
  console.log(`Watching ${flags.schema} for changes (Ctrl-C to stop).`);
}

function regenerate(flags: CodegenFlags): void {
  const started = performance.now();
  const onDisk = readGeneratedDir(flags.out);
  const before = { components: onDisk.get("components.ts") ?? "", locales: onDisk.get("locales.ts") ?? "" };
  const run = runGenerator(flags);
  const stamp = new Date().toISOString().slice(11, 19);
  if (run === undefined) {
    console.log(`[${stamp}] ${flags.out} left as it was: the schema has errors (above).`);
    return;
  }
  let changed: number;
  try {
    changed = writeGenerated(flags.out, run.files);
  } catch (error) {
    if (!(error instanceof BadInput)) throw error;
    console.log(`[${stamp}] ${error.message}`);
    return;
  }
  const changes =
    before.components === ""
      ? []
      : modelChangesOf(before, { components: componentsSource(run.files), locales: localesSource(run.files) }).map(formatChange);
  const ms = (performance.now() - started).toFixed(0);
  console.log(
    `[${stamp}] ${changed === 0 ? "no change" : `${changed} file(s) changed`} in ${flags.out} (${ms} ms)${changes.length > 0 ? ":" : "."}`,
  );
  for (const change of changes) console.log(`  ${change}`);
  if (run.skipped.length > 0) console.log(`  ${run.skipped.length} component(s) left out; see the errors above.`);
}
