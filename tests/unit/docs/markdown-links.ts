import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, extname, join, relative, resolve, sep } from "node:path";

/**
 * The links of the README and docs/, read as GitHub renders them: inline links and images, link
 * reference definitions and `<img src>` / `<a href>`, outside code; a heading's anchor made by
 * GitHub's slug rules. Plain string work, no Markdown parser: the whole check takes milliseconds.
 */

export type Link = { readonly file: string; readonly line: number; readonly target: string };

/** A fence's opening line: up to any indentation (fences sit inside list items), three or more backticks or tildes. */
const FENCE = /^\s*(`{3,}|~{3,})/;

/** The text with fenced code blocks blanked out (same lines), so a `# comment` in a shell block is no heading. */
export function withoutFences(text: string): string {
  const lines = text.split("\n");
  let fence: string | undefined;
  const kept = lines.map((line) => {
    const match = FENCE.exec(line);
    if (fence === undefined) {
      if (!match) return line;
      fence = match[1]!;
      return "";
    }
    if (match && match[1]![0] === fence[0] && match[1]!.length >= fence.length && line.trim() === match[1]) fence = undefined;
    return "";
  });
  return kept.join("\n");
}

/**
 * The text with fenced code blocks and inline code spans blanked out (same length, same lines),
 * so a `[x](y)` inside code is no link.
 */
export function withoutCode(text: string): string {
  // An escaped backtick opens no code span; a span may run over lines, not over a blank line.
  return withoutFences(text)
    .replace(/\\`/g, "  ")
    .replace(/(`+)((?:(?!\n\s*\n)[\s\S])*?[^`])\1(?!`)/g, (span) => span.replace(/[^\n]/g, " "));
}

/** The text a heading shows: inline markup gone, code and link texts kept. */
function headingText(raw: string): string {
  return raw
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, "")
    .replace(/`/g, "")
    .replace(/\*+/g, "")
    .replace(/(^|[^\p{L}\p{N}])_+|_+(?=[^\p{L}\p{N}]|$)/gu, "$1");
}

/**
 * GitHub's anchor for a heading (github-slugger): lower case; every character removed but
 * letters, marks, digits, connector punctuation (`_`), hyphens and spaces; each space a hyphen.
 */
export function githubSlug(heading: string): string {
  return headingText(heading)
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, "")
    .replace(/ /g, "-");
}

/** Every anchor a Markdown text offers: its ATX headings' slugs (a repeated one gets -1, -2, …) and HTML ids and names. */
export function anchors(text: string): Set<string> {
  const code = withoutFences(text);
  const seen = new Map<string, number>();
  const found = new Set<string>();
  for (const line of code.split("\n")) {
    const heading = /^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/.exec(line);
    if (heading) {
      const slug = githubSlug(heading[1]!);
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      found.add(count === 0 ? slug : `${slug}-${count}`);
    }
    for (const match of line.matchAll(/<[a-z][^>]*?\s(?:id|name)\s*=\s*["']([^"']+)["']/gi)) found.add(match[1]!);
  }
  return found;
}

const INLINE = /!?\[(?:[^[\]]|\[[^[\]]*\])*\]\(\s*(<[^>\n]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*\)/g;
const DEFINITION = /^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/gm;
const HTML = /<(?:img|a|source)\b[^>]*?\s(?:src|href)\s*=\s*["']([^"']*)["']/gi;
const AUTOLINK = /<([a-z][a-z0-9+.-]*:[^\s<>]*)>/gi;

/** Every link and image target in a Markdown text, with its line. */
export function links(file: string, text: string): Link[] {
  const code = withoutCode(text);
  const starts = [...code.matchAll(/\n/g)].map((match) => match.index + 1);
  const lineOf = (index: number) => {
    let line = 1;
    while (line <= starts.length && starts[line - 1]! <= index) line++;
    return line;
  };
  const found: Link[] = [];
  for (const pattern of [INLINE, DEFINITION, HTML, AUTOLINK]) {
    for (const match of code.matchAll(pattern)) {
      const target = match[1]!.replace(/^<(.*)>$/, "$1");
      found.push({ file, line: lineOf(match.index), target });
    }
  }
  return found.sort((a, b) => a.line - b.line);
}

const anchorsOf = new WeakMap<(path: string) => string, Map<string, Set<string>>>();

/** Why a link does not resolve, or undefined when it does. Files are read through `read`, which caches them (see reader). */
export function problem(link: Link, repo: string, read: (path: string) => string): string | undefined {
  const { target } = link;
  if (target === "") return "empty link";
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(target)?.[1]?.toLowerCase();
  if (scheme === "http" || scheme === "https") {
    if (!URL.canParse(target) || /\s/.test(target)) return "malformed URL";
    return new URL(target).hostname.includes(".") || new URL(target).hostname === "localhost" ? undefined : "URL without a host name";
  }
  if (scheme === "mailto") return URL.canParse(target) ? undefined : "malformed mailto link";
  if (scheme !== undefined) return `unexpected scheme ${scheme}:`;
  if (target.startsWith("//")) return "protocol-relative link";

  const hash = target.indexOf("#");
  const pathPart = hash === -1 ? target : target.slice(0, hash);
  const anchor = hash === -1 ? undefined : target.slice(hash + 1);
  let path: string;
  try {
    path = decodeURI(pathPart.split("?")[0]!);
  } catch {
    return "malformed percent-encoding";
  }
  const resolved = path === "" ? link.file : path.startsWith("/") ? join(repo, path) : resolve(dirname(link.file), path);
  if (resolved !== repo && !resolved.startsWith(repo + sep)) return "points outside the repository";
  if (!existsSync(resolved)) return `no such file: ${relative(repo, resolved)}`;
  if (anchor === undefined) return undefined;
  if (anchor === "") return "empty anchor";
  if (statSync(resolved).isDirectory()) return "anchor on a folder";
  if (extname(resolved).toLowerCase() !== ".md") {
    return /^L\d+(?:-L\d+)?$/.test(anchor) ? undefined : `anchor #${anchor} on a file that is not Markdown`;
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(anchor);
  } catch {
    return "malformed percent-encoding";
  }
  let known = anchorsOf.get(read);
  if (!known) anchorsOf.set(read, (known = new Map()));
  let found = known.get(resolved);
  if (!found) known.set(resolved, (found = anchors(read(resolved))));
  return found.has(decoded) ? undefined : `no heading #${decoded} in ${relative(repo, resolved)}`;
}

/** README.md and every Markdown file under docs/, as absolute paths. */
export function documentationFiles(repo: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return walk(path);
      return entry.name.endsWith(".md") ? [path] : [];
    });
  return [join(repo, "README.md"), ...walk(join(repo, "docs")).sort()];
}

export function reader(): (path: string) => string {
  const cache = new Map<string, string>();
  return (path) => {
    let text = cache.get(path);
    if (text === undefined) {
      text = readFileSync(path, "utf8");
      cache.set(path, text);
    }
    return text;
  };
}

const SOURCE = /\.(?:[cm]?[jt]sx?|sh)$/;

/** The code and scripts under these folders (node_modules and build output left out), as absolute paths. */
export function sourceFiles(repo: string, folders: readonly string[]): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === "node_modules" || entry.name === "dist" ? [] : walk(path);
      return SOURCE.test(entry.name) || relative(repo, path) === join(".ci", "run") ? [path] : [];
    });
  return folders.flatMap((folder) => (existsSync(join(repo, folder)) ? walk(join(repo, folder)) : []));
}

/**
 * Where a file of code names a doc (`docs/deploy.md#contact-messages`, `README.md#set-up`): a path
 * from the repository's root, so each is returned as a link from the README.
 */
export function docReferences(text: string, repo: string): Link[] {
  if (!text.includes("docs/") && !text.includes("README.md")) return [];
  return [...text.matchAll(/(?<![\w/.-])((?:docs\/[\w./-]+\.md|README\.md)(?:#[\w-]+)?)/g)].map((match) => ({
    file: join(repo, "README.md"),
    line: text.slice(0, match.index).split("\n").length,
    target: match[1]!,
  }));
}
