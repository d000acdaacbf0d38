/**
 * The `never` check at the end of each exhaustive switch: a node or mark kind
 * added to the generated unions fails tsc until it has a case. At run time,
 * content newer than the build renders the fallback instead of throwing.
 */
export function unreachable<T>(value: never, fallback: T): T {
  if (process.env.NODE_ENV === "development") {
    console.warn("Rich text: no renderer for", value);
  }
  return fallback;
}
