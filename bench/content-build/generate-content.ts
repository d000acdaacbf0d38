/**
 * A content directory for the build benchmark: the embedded content (home,
 * site, its projects and assets) plus generated projects up to `projects`,
 * each a copy of an embedded project with its own id, uuid, slug and three
 * `related` projects picked by a seeded generator, so runs are comparable.
 */
import { cp, mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";

interface StoryJson {
  id: number;
  uuid: string;
  name: string;
  slug: string;
  full_slug: string;
  content: Record<string, unknown> & { title?: string; related?: string[] };
  [key: string]: unknown;
}

const TEMPLATES = ["tidewater", "fieldnotes", "klei-atelier", "ledger-lane", "2024/atlas"];
const RELATED_PER_PROJECT = 3;

/** mulberry32: small, fast and good enough to pick related projects reproducibly. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function uuidFor(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
}

export async function generateContent(embeddedDir: string, outDir: string, projects: number): Promise<void> {
  await cp(embeddedDir, outDir, { recursive: true });
  const templates = await Promise.all(
    TEMPLATES.map(
      async (slug) => JSON.parse(await readFile(join(embeddedDir, "stories", "projects", `${slug}.json`), "utf8")) as StoryJson,
    ),
  );
  const count = projects - templates.length;
  const uuids = [...templates.map((t) => t.uuid), ...Array.from({ length: count }, (_, i) => uuidFor(i + 1))];
  const random = seeded(4);
  await mkdir(join(outDir, "stories", "projects", "bench"), { recursive: true });
  await Promise.all(
    Array.from({ length: count }, (_, i) => {
      const template = templates[i % templates.length] as StoryJson;
      const slug = `p${String(i + 1).padStart(4, "0")}`;
      const uuid = uuidFor(i + 1);
      const related = new Set<string>();
      while (related.size < RELATED_PER_PROJECT) {
        const pick = uuids[Math.floor(random() * uuids.length)] as string;
        if (pick !== uuid) related.add(pick);
      }
      const story: StoryJson = {
        ...template,
        id: 700000000 + i,
        uuid,
        name: `Bench ${slug}`,
        slug,
        full_slug: `projects/bench/${slug}`,
        position: i,
        content: { ...template.content, title: `Bench project ${slug}`, related: [...related] },
      };
      return writeFile(join(outDir, "stories", "projects", "bench", `${slug}.json`), JSON.stringify(story));
    }),
  );
}
