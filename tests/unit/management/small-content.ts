/**
 * A content folder small enough for a CLI run at 3 requests a second to take
 * seconds, with what a push and a migration must handle: Klei Atelier and two
 * copies of it (each referring to it, the original to itself), one of them
 * with a pending draft, and three files. The crash tests push it again and again.
 */
import { cp, mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CdnStory } from "../../../src/content/sources/local-cdn/story-types";
import { CONTENT } from "./space-harness";

/** The asset files it holds. */
export const FILES = 3;
const COPIES = ["klei-two", "klei-three"];

/** A new folder (the caller removes it). */
export async function smallContent(): Promise<string> {
  const content = await mkdtemp(join(tmpdir(), "small-content-"));
  await mkdir(join(content, "assets"), { recursive: true });
  await mkdir(join(content, "stories", "projects"), { recursive: true });
  await mkdir(join(content, "drafts", "projects"), { recursive: true });
  await cp(join(CONTENT, "assets", "klei-atelier-cover.webp"), join(content, "assets", "klei-atelier-cover.webp"));
  for (const name of ["a", "b"])
    await writeFile(join(content, "assets", `${name}.svg`), `<svg xmlns="http://www.w3.org/2000/svg" id="${name}"/>`);
  const klei = await readFile(join(CONTENT, "stories", "projects", "klei-atelier.json"), "utf8");
  await writeFile(join(content, "stories", "projects", "klei-atelier.json"), klei);
  const story = JSON.parse(klei) as CdnStory;
  for (const [index, slug] of COPIES.entries()) {
    // A copy refers to Klei Atelier where the original refers to itself.
    const copy = {
      ...story,
      id: story.id + 1 + index,
      uuid: `00000000-0000-4000-8000-00000000000${index}`,
      name: `${story.name} ${index + 2}`,
      slug,
      full_slug: `projects/${slug}`,
    };
    await writeFile(join(content, "stories", "projects", `${slug}.json`), JSON.stringify(copy, null, 2));
    if (index === 0)
      await writeFile(
        join(content, "drafts", "projects", `${slug}.json`),
        JSON.stringify({ ...copy, content: { ...copy.content, summary: "A pending draft." } }, null, 2),
      );
  }
  return content;
}
