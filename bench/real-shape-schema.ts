/**
 * A large schema with real names and real field definitions: every component
 * of the public schemas in tests/fixtures/schemas (hedvig-market-web,
 * fran-moreno-alcala, storyblok-nuxt-ultimate-tutorial: 70 components, 425
 * fields; the first of any name they share), replicated with suffixes (`hero_block`, `hero_block_2`, …) until
 * there are N. Each copy's whitelists and story filters point at the
 * components of the same copy, so unions and aliases have their real shape.
 * Unlike the synthetic schema its names are long, mixed-case, spaced and
 * hyphenated, which is where name handling and sorting cost.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const SOURCES = ["hedvig-market-web", "fran-moreno-alcala", "storyblok-nuxt-ultimate-tutorial"];
type Raw = Record<string, unknown> & { name: string; schema?: Record<string, Record<string, unknown>> };

export function realShapeSchema({ components }: { components: number }) {
  const dir = fileURLToPath(new URL("../tests/fixtures/schemas", import.meta.url));
  const all = SOURCES.flatMap(
    (name) => (JSON.parse(readFileSync(join(dir, `${name}.components.json`), "utf8")) as { components: Raw[] }).components,
  );
  // Names several projects share (`page`, `global`) are taken from the first: a schema lists each name once.
  const names = new Set<string>();
  const originals = all.filter((component) => !names.has(component.name) && names.add(component.name));
  const list: Raw[] = [];
  for (let copy = 1; list.length < components; copy += 1) {
    const rename = (name: string) => (copy === 1 || !names.has(name) ? name : `${name}_${copy}`);
    for (const original of originals) {
      if (list.length === components) break;
      const schema = Object.fromEntries(
        Object.entries(original.schema ?? {}).map(([key, field]) => [
          key,
          {
            ...field,
            ...(Array.isArray(field.component_whitelist)
              ? { component_whitelist: field.component_whitelist.map((n) => rename(String(n))) }
              : {}),
            ...(Array.isArray(field.filter_content_type)
              ? { filter_content_type: field.filter_content_type.map((n) => rename(String(n))) }
              : {}),
          },
        ]),
      );
      list.push({ ...original, name: rename(original.name), id: Number(original.id ?? 0) + copy * 100000, schema });
    }
  }
  return { components: list, component_groups: [] };
}
