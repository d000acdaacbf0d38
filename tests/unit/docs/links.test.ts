import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  anchors,
  docReferences,
  documentationFiles,
  githubSlug,
  links,
  problem,
  reader,
  sourceFiles,
  withoutCode,
  withoutFences,
} from "./markdown-links";
import { REPO } from "../../support/repo-root";

/**
 * The README is a front door and docs/ holds one file per topic: every relative link and image
 * between them resolves, to a file that exists and a heading it has, and every web address is
 * well formed (none is fetched).
 */
const FILES = documentationFiles(REPO);
const read = reader();

describe("README.md and docs/", () => {
  it("link only to files and headings that exist", () => {
    const broken = FILES.flatMap((file) =>
      links(file, read(file)).flatMap((link) => {
        const why = problem(link, REPO, read);
        return why === undefined ? [] : [`${relative(REPO, file)}:${link.line}: ${link.target}: ${why}`];
      }),
    );
    expect(broken).toEqual([]);
  });

  it("are where code and scripts say they are (docs/x.md#anchor in a comment or message)", () => {
    const here = resolve(import.meta.dirname);
    const files = sourceFiles(REPO, ["src", "bin", "codegen", "tests", "scripts", "bench", "netlify", "migrations", ".ci"]).filter(
      (file) => !file.startsWith(here),
    );
    const broken = files.flatMap((file) =>
      docReferences(readFileSync(file, "utf8"), REPO).flatMap((reference) => {
        const why = problem(reference, REPO, read);
        return why === undefined ? [] : [`${relative(REPO, file)}:${reference.line}: ${reference.target}: ${why}`];
      }),
    );
    expect(broken).toEqual([]);
  });

  it("are linked: the README reaches every file in docs/", () => {
    const readme = join(REPO, "README.md");
    const reached = new Set(links(readme, read(readme)).map((link) => resolve(REPO, link.target.split("#")[0]!)));
    const unlinked = FILES.filter((file) => file !== readme && !reached.has(file)).map((file) => relative(REPO, file));
    expect(unlinked).toEqual([]);
  });

  it("keep the README a front door: at most 220 lines", () => {
    const lines = read(join(REPO, "README.md")).trimEnd().split("\n").length;
    expect(lines).toBeLessThanOrEqual(220);
  });

  it("open each doc with its title and one line saying what it covers", () => {
    const without = FILES.filter((file) => {
      const [title, blank, first] = read(file).split("\n");
      return !/^# \S/.test(title ?? "") || blank !== "" || !/^[^#|\-*>\s<]/.test(first ?? "");
    });
    expect(without.map((file) => relative(REPO, file))).toEqual([]);
  });

  it("give a doc over 150 lines a table of contents linking each of its sections", () => {
    const missing = FILES.filter((file) => file.includes(`${join(REPO, "docs")}`)).flatMap((file) => {
      const text = read(file);
      if (text.trimEnd().split("\n").length <= 150) return [];
      const sections = [...withoutFences(text).matchAll(/^## +(.+)$/gm)].map((match) => githubSlug(match[1]!));
      const firstSection = withoutCode(text).search(/^## /m);
      const listed = new Set(links(file, text.slice(0, firstSection)).map((link) => link.target.replace(/^#/, "")));
      return sections.filter((slug) => !listed.has(slug)).map((slug) => `${relative(REPO, file)}: #${slug}`);
    });
    expect(missing).toEqual([]);
  });
});

describe("the link check itself", () => {
  const dir = mkdtempSync(join(tmpdir(), "doc-links-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("makes GitHub's anchors", () => {
    expect(githubSlug("Publishing: from Storyblok to the live site in seconds")).toBe(
      "publishing-from-storyblok-to-the-live-site-in-seconds",
    );
    expect(githubSlug("What `portfolio generate` writes to `src/generated/`")).toBe("what-portfolio-generate-writes-to-srcgenerated");
    expect(githubSlug("Next.js's preview mode id")).toBe("nextjss-preview-mode-id");
    expect(githubSlug("Unknown paths cost the content API nothing, and publishing goes first")).toBe(
      "unknown-paths-cost-the-content-api-nothing-and-publishing-goes-first",
    );
    expect(githubSlug("A [linked](x.md) *emphasised* snake_case word")).toBe("a-linked-emphasised-snake_case-word");
    expect(githubSlug("Set-up  twice")).toBe("set-up--twice");
    expect([...anchors("# A\n## A\n### A\n```\n# A\n```\n## `space push`\n")]).toEqual(["a", "a-1", "a-2", "space-push"]);
  });

  it("finds links and images outside code only", () => {
    const text = [
      'See [one](a.md#x) and ![shot](img/s.png "title").',
      '`[not](code.md)` and <img src="b.png" alt="">',
      "```md",
      "[not](fenced.md)",
      "```",
      "[ref]: c.md",
      "[`code` in text](d.md)",
    ].join("\n");
    expect(links("/r/f.md", text).map((link) => `${link.line}:${link.target}`)).toEqual([
      "1:a.md#x",
      "1:img/s.png",
      "2:b.png",
      "6:c.md",
      "7:d.md",
    ]);
  });

  it("reports a missing file, a missing heading, a malformed URL and a link out of the repository", () => {
    mkdirSync(join(dir, "docs"), { recursive: true });
    writeFileSync(join(dir, "docs", "t.md"), "# T\n\n## Real heading\n");
    const from = join(dir, "README.md");
    const check = (target: string) => problem({ file: from, line: 1, target }, dir, reader());
    expect(check("docs/t.md#real-heading")).toBeUndefined();
    expect(check("docs/t.md")).toBeUndefined();
    expect(check("docs/t.md#missing")).toBe("no heading #missing in docs/t.md");
    expect(check("docs/gone.md")).toBe("no such file: docs/gone.md");
    expect(check("../outside.md")).toBe("points outside the repository");
    expect(check("https://exa mple.com/")).toBe("malformed URL");
    expect(check("https://www.storyblok.com/docs")).toBeUndefined();
    expect(check("javascript:alert(1)")).toBe("unexpected scheme javascript:");
  });
});
