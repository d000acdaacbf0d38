/**
 * One naming function for every declaration and every reference, so a name
 * is computed once and looked up after that. See docs/generated-code.md.
 */

/**
 * `hero_section` → `HeroSection`, `HeaderV1-Navigation item` →
 * `HeaderV1NavigationItem`, `2col` → `_2col`. Anything that is not a letter or
 * a digit (`_`, `-`, spaces, emoji) separates words; each word keeps its own
 * casing after the first letter, so `camelCase` splits on case changes too.
 */
export function pascalCase(name: string): string {
  const words = name.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const joined = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join("");
  return /^\p{N}/u.test(joined) ? `_${joined}` : joined;
}

/**
 * Hands out identifiers and remembers who has each. `claim` takes a stem and
 * the names built from it (a component's `XBlok` and `XStory`) and appends
 * 2, 3, … to the stem until none of them is taken, so related names stay in step.
 */
export class NameTable {
  private readonly owners = new Map<string, string>();

  /** Names no schema entry may take (the generated files' own exports). */
  constructor(reserved: Iterable<string>) {
    for (const name of reserved) this.owners.set(name, "a name the generated files export");
  }

  isFree(names: readonly string[]): boolean {
    return names.every((name) => !this.owners.has(name));
  }

  /** Returns the stem used, and who held the wanted name when it was not free (the caller warns). */
  claim(stem: string, build: (stem: string) => string[], owner: string): { stem: string; takenBy?: string } {
    let candidate = stem;
    for (let suffix = 2; build(candidate).some((name) => this.owners.has(name)); suffix += 1) {
      candidate = `${stem}${suffix}`;
    }
    for (const name of build(candidate)) this.owners.set(name, owner);
    if (candidate === stem) return { stem };
    const holder = build(stem)
      .map((name) => this.owners.get(name))
      .find((who) => who !== undefined);
    return { stem: candidate, takenBy: holder };
  }
}

/** A property key as written in a type: bare when it is an identifier, quoted otherwise. */
export function propertyKey(key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key);
}
