/** The addresses of the scripts a page's HTML loads (`<script src>`), in document order. */
export function scriptSources(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)].map(([, src]) => src!);
}

/** The islands script's address, as src/islands/build-islands.ts names it. */
export const ISLANDS_SCRIPT = /^\/islands\/islands-[A-Z0-9]+\.js$/;

/** The modules a module's code imports statically (`import … from "./x.js"`; `import("…")` is left out: it loads on demand). */
function staticImports(code: string, from: string): string[] {
  const specifiers = [...code.matchAll(/\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g)].map(([, specifier]) => specifier!);
  return specifiers.map((specifier) => new URL(specifier, `http://site${from}`).pathname);
}

/**
 * The scripts a page starts with: those its HTML loads and every module they
 * import statically, with their code. What loads later (the contact form's
 * chunk, with `import()`) is not among them.
 */
export async function startingScripts(fetchText: (path: string) => Promise<string>, html: string): Promise<Map<string, string>> {
  const scripts = new Map<string, string>();
  const queue = scriptSources(html);
  while (queue.length > 0) {
    const src = queue.shift()!;
    if (scripts.has(src)) continue;
    const code = await fetchText(src);
    scripts.set(src, code);
    queue.push(...staticImports(code, src));
  }
  return scripts;
}
