/**
 * The places where a write to an owner's content or space can be cut short,
 * named so a test can kill the CLI there: `PORTFOLIO_CRASH_AT=<point>` (or
 * `<point>:<n>`, the nth time) sends the process SIGKILL when it gets there,
 * as a power cut or a closed laptop would: no `finally`, no exit handler,
 * nothing flushed but what is already on disk or on the wire. Unset (always,
 * outside those tests), it does nothing.
 *
 * The points (each sits after the write it names, before what records it):
 *   folder-run:after-intent      migrate run wrote last-run.json, no story yet
 *   folder-run:after-file        a story file written (nth), the journal not yet
 *   folder-undo:after-journal    migrate undo put the journal back, no story yet
 *   folder-undo:after-file       a story file restored (nth)
 *   space-run:after-intent       migrate run --space wrote its snapshot, no story yet
 *   space-run:after-story        a story written (nth), the snapshot not yet told
 *   space-run:after-entry        a journal entry created in the space (nth), the snapshot not yet told
 *   space-undo:after-journal     migrate undo --space took the run's entries out, no story yet
 *   space-undo:after-story       a story restored (nth)
 *   space-push:after-folder      a folder created (nth), the journal not yet told
 *   space-push:after-signed      an upload signed and journalled, its file not yet posted
 *   space-push:after-finished    an upload finished (nth), the journal not yet told
 *   space-push:after-story       a story created or written (nth), the journal not yet told
 */

/** How often each point was reached in this process: the env names one pass of a loop. */
const reached = new Map<string, number>();

export function crashPoint(point: string): void {
  const wanted = process.env.PORTFOLIO_CRASH_AT;
  if (wanted === undefined || wanted === "") return;
  const [, name, nth = "1"] = /^(.*?)(?::(\d+))?$/.exec(wanted)!;
  if (name !== point) return;
  const count = (reached.get(point) ?? 0) + 1;
  reached.set(point, count);
  if (count === Number(nth)) process.kill(process.pid, "SIGKILL");
}
