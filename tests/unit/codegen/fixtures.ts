import { readdirSync } from "node:fs";
import { join } from "node:path";
import { isSideFile, readSchemaDocuments, readSideFile } from "storyblok-typed-codegen";
import { REPO } from "../../support/repo-root";

/**
 * The schema fixtures: public schemas from real projects and hand-written
 * ones with one real-world quirk each (`quirks-*`). A directory is the CLI v4
 * per-component layout; side files are read as `portfolio generate` reads them.
 */
const FIXTURES = join(REPO, "tests/fixtures/schemas");

export const fixtures = readdirSync(FIXTURES)
  .filter((name) => !isSideFile(name))
  .sort()
  .map((file) => [file.replace(/\.components\.json$|\.json$/, ""), file] as const);

/** A fixture's generate() input, read the way `portfolio generate --schema <it>` reads it. */
export function fixtureInput(file: string) {
  const path = join(FIXTURES, file);
  return {
    documents: readSchemaDocuments(path),
    datasources: readSideFile(undefined, path, "datasources").value,
    relations: readSideFile(undefined, path, "relations").value,
    languages: readSideFile(undefined, path, "languages").value,
    schemaLabel: `tests/fixtures/schemas/${file}`,
  };
}
