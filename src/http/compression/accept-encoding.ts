/**
 * The content coding an answer is sent in, chosen from the request's
 * Accept-Encoding (RFC 9110, 12.5.3): Brotli where the client takes it (a
 * third smaller than gzip on the site's HTML), else gzip, else none.
 * A coding with q=0 is refused, `*` stands for any coding not named, and
 * no header at all means the client takes any coding; the site still sends
 * identity then, as a client that names none may not decode one.
 */
export type ContentCoding = "br" | "gzip" | "identity";

/** In the server's order of preference. */
const PREFERRED: readonly Exclude<ContentCoding, "identity">[] = ["br", "gzip"];

export function contentCoding(acceptEncoding: string | string[] | undefined): ContentCoding {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(",") : acceptEncoding;
  if (!header) return "identity";
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name, ...parameters] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = parameters.map((parameter) => /^\s*q\s*=(.*)$/.exec(parameter)?.[1]).find((value) => value !== undefined);
    // A weight that is not a number refuses the coding rather than choosing it.
    const weight = q === undefined ? 1 : Number(q.trim() || Number.NaN);
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: string) => weights.get(coding) ?? weights.get("*") ?? 0;
  let best: ContentCoding = "identity";
  let bestWeight = 0;
  for (const coding of PREFERRED) {
    const weight = weightOf(coding);
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best;
}
