/** The addresses of the scripts a page's HTML loads (`<script src>`), in document order. */
export function scriptSources(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)].map(([, src]) => src!);
}

/**
 * The code of each inline module script in a page's HTML, in document order: a published page's
 * one is the islands script (src/islands/build-islands.ts), whose text holds its build's id.
 */
export function inlineModules(html: string): string[] {
  return [...html.matchAll(/<script type="module">([^]*?)<\/script>/g)].map(([, code]) => code!);
}

/** The paths a module at `from` names with `pattern` (whose first group is the specifier). */
function importedPaths(code: string, from: string, pattern: RegExp): string[] {
  return [...code.matchAll(pattern)].map(([, specifier]) => new URL(specifier!, `http://site${from}`).pathname);
}

/** The modules a module's code imports statically (`import … from "./x.js"`), as paths from `from`. */
function staticImports(code: string, from: string): string[] {
  return importedPaths(code, from, /\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g);
}

/** The modules a module's code imports when it runs (`import("…")`), as paths from `from`. */
function dynamicImports(code: string, from: string): string[] {
  return importedPaths(code, from, /\bimport\(\s*["']([^"']+)["']\s*\)/g);
}

/**
 * The scripts every page runs, with their code: its inline modules (keyed `inline module 1`, …),
 * those its HTML loads, what an inline module imports (a published page's islands script imports
 * the rest of its script once the first frame is out, src/islands/islands-entry.ts), and every
 * module those import statically. What only another file imports on demand (the contact form's
 * chunk, once the form comes near) is not among them.
 */
export async function startingScripts(fetchText: (path: string) => Promise<string>, html: string): Promise<Map<string, string>> {
  const scripts = new Map<string, string>();
  const queue = scriptSources(html);
  inlineModules(html).forEach((code, index) => {
    scripts.set(`inline module ${index + 1}`, code);
    queue.push(...staticImports(code, "/"), ...dynamicImports(code, "/"));
  });
  while (queue.length > 0) {
    const src = queue.shift()!;
    if (scripts.has(src)) continue;
    const code = await fetchText(src);
    scripts.set(src, code);
    queue.push(...staticImports(code, src));
  }
  return scripts;
}
