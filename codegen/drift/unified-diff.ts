/**
 * A unified diff (`diff -u` format) of two texts, for the drift check's
 * message. Common leading and trailing lines are trimmed first; the rest is
 * matched by longest common subsequence, which is plenty for generated files.
 */

type Edit = { op: " " | "-" | "+"; line: string };

const CONTEXT = 3;
/** Above this many LCS table cells, the changed middle is shown as one replacement. */
const MAX_CELLS = 4_000_000;

export function unifiedDiff(oldText: string, newText: string, oldLabel: string, newLabel: string): string {
  const edits = diffLines(splitLines(oldText), splitLines(newText));
  if (edits.every((edit) => edit.op === " ")) return "";
  return [`--- ${oldLabel}`, `+++ ${newLabel}`, ...hunks(edits)].join("\n") + "\n";
}

function splitLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

function diffLines(a: string[], b: string[]): Edit[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  const same = (lines: string[]): Edit[] => lines.map((line) => ({ op: " ", line }));
  return [...same(a.slice(0, start)), ...middle(a.slice(start, endA), b.slice(start, endB)), ...same(a.slice(endA))];
}

function middle(a: string[], b: string[]): Edit[] {
  if ((a.length + 1) * (b.length + 1) > MAX_CELLS) {
    return [...a.map((line): Edit => ({ op: "-", line })), ...b.map((line): Edit => ({ op: "+", line }))];
  }
  // lengths[i][j] = LCS length of a[i..] and b[j..], in one flat array.
  const width = b.length + 1;
  const lengths = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      lengths[i * width + j] =
        a[i] === b[j]
          ? (lengths[(i + 1) * width + j + 1] ?? 0) + 1
          : Math.max(lengths[(i + 1) * width + j] ?? 0, lengths[i * width + j + 1] ?? 0);
    }
  }
  const edits: Edit[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      edits.push({ op: " ", line: a[i] ?? "" });
      i += 1;
      j += 1;
    } else if (i < a.length && (j === b.length || (lengths[(i + 1) * width + j] ?? 0) >= (lengths[i * width + j + 1] ?? 0))) {
      // Deletions first, as diff -u prints them.
      edits.push({ op: "-", line: a[i] ?? "" });
      i += 1;
    } else {
      edits.push({ op: "+", line: b[j] ?? "" });
      j += 1;
    }
  }
  return edits;
}

/** Groups edits into `@@ -a,n +b,m @@` hunks with three lines of context. */
function hunks(edits: Edit[]): string[] {
  const changed = edits.flatMap((edit, index) => (edit.op === " " ? [] : [index]));
  const out: string[] = [];
  let cursor = 0;
  while (cursor < changed.length) {
    const first = changed[cursor] ?? 0;
    let last = first;
    while (cursor < changed.length && (changed[cursor] ?? 0) - last <= CONTEXT * 2) {
      last = changed[cursor] ?? last;
      cursor += 1;
    }
    const from = Math.max(0, first - CONTEXT);
    const to = Math.min(edits.length, last + CONTEXT + 1);
    const before = edits.slice(0, from);
    const oldStart = before.filter((edit) => edit.op !== "+").length;
    const newStart = before.filter((edit) => edit.op !== "-").length;
    const slice = edits.slice(from, to);
    const oldCount = slice.filter((edit) => edit.op !== "+").length;
    const newCount = slice.filter((edit) => edit.op !== "-").length;
    out.push(`@@ -${oldCount === 0 ? oldStart : oldStart + 1},${oldCount} +${newCount === 0 ? newStart : newStart + 1},${newCount} @@`);
    out.push(...slice.map((edit) => `${edit.op}${edit.line}`));
  }
  return out;
}
