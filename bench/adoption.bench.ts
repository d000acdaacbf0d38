/**
 * Adoption benchmark (issue 56): the generator on real public Storyblok +
 * React projects nobody here wrote. For each project (bench/adoption/projects.ts),
 * from a checkout at the pinned commit:
 *
 * 1. its component schema export and its renderer files, with TypeScript and
 *    the @storyblok/* packages at its lockfile's versions (npm, cached in
 *    `<projects>/.deps/`);
 * 2. types from each generator: ours (codegen/dist's bin), the Storyblok CLI
 *    4.22 `types generate` and storyblok-generate-ts 2.2, and, as a baseline,
 *    the project's own committed types;
 * 3. one mechanical edit: the project's type module is replaced by a shim that
 *    exports its names from the generator's output (bench/adoption/shim.ts);
 *    no renderer changes;
 * 4. `tsc --noEmit --strict` with the project's resolution options, and the
 *    errors counted by the hand classification in bench/adoption/classification.json
 *    (real / false / strict), unclassified ones listed; and the block fields
 *    each generator types `any`.
 *
 * Run: `ADOPTION_PROJECTS=/tmp/adoption npm run bench -- adoption`, the folder
 * holding one checkout per project, named as in projects.ts (bench/adoption/README.md
 * says how to get them). Without ADOPTION_PROJECTS the bench says so and skips.
 * ADOPTION_REPORT=FILE writes every error (with its key and fingerprint) as
 * JSON, the input of a classification; ADOPTION_LIST=1 prints every error
 * with its class and reason; ADOPTION_KEEP=1 keeps the workspaces.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { countAnyFields } from "./adoption/any-fields";
import { CLASSES, type ClassificationEntry, classify, type ErrorClass, fingerprint, readClassification } from "./adoption/classification";
import { installDependencies } from "./adoption/dependencies";
import { GENERATORS, type GeneratorId } from "./adoption/generators";
import { type AdoptionProject, PROJECTS } from "./adoption/projects";
import { type Diagnostic, runTsc } from "./adoption/tsc";
import { GENERATED_DIR, prepareWorkspace } from "./adoption/workspace";

type Variant = GeneratorId | "own";

interface ClassifiedError extends Diagnostic {
  fingerprint: string;
  class?: ErrorClass;
  reason?: string;
}

interface Result {
  project: AdoptionProject;
  variant: Variant;
  tsVersion: string;
  errors: ClassifiedError[];
  anyFields: string[];
  anyIndex: number;
  unmapped: string[];
  stubbed: string[];
}

const projectsDir = process.env.ADOPTION_PROJECTS;
if (!projectsDir) {
  console.log("adoption: skipped. Set ADOPTION_PROJECTS to the folder of the projects' checkouts (bench/adoption/README.md).");
  process.exit(0);
}

const entries: readonly ClassificationEntry[] = readClassification();
const keep = process.env.ADOPTION_KEEP === "1";
const work = mkdtempSync(join(tmpdir(), "bench-adoption-"));
const results: Result[] = [];
const problems: string[] = [];

function checkoutCommit(checkout: string): string | undefined {
  if (!existsSync(join(checkout, ".git"))) return undefined;
  return spawnSync("git", ["-C", checkout, "rev-parse", "HEAD"], { encoding: "utf8" }).stdout.trim();
}

function blockCount(schemaPath: string): number {
  const json = JSON.parse(readFileSync(schemaPath, "utf8")) as unknown;
  return (Array.isArray(json) ? json : (json as { components: unknown[] }).components).length;
}

for (const project of PROJECTS) {
  const checkout = join(projectsDir, project.name);
  if (!existsSync(join(checkout, project.schema))) {
    problems.push(`${project.name}: no checkout at ${checkout} (or no ${project.schema} in it)`);
    continue;
  }
  const commit = checkoutCommit(checkout);
  if (commit !== project.commit) {
    problems.push(`${project.name}: checkout is at ${commit ?? "an unknown commit (no .git)"}, the bench pins ${project.commit}`);
  }
  const nodeModules = installDependencies(projectsDir, project);
  for (const variant of ["own", ...GENERATORS.map((g) => g.id)] as Variant[]) {
    const dir = join(work, `${project.name}-${variant}`);
    const workspace = prepareWorkspace(checkout, project, nodeModules, variant, dir);
    const { version, diagnostics } = runTsc(dir);
    const errors = diagnostics.map((d): ClassifiedError => {
      const entry = variant === "own" ? undefined : classify(entries, project.name, variant, d);
      return { ...d, fingerprint: fingerprint(d.message), class: entry?.class, reason: entry?.reason };
    });
    const anyCount =
      variant === "own" || !workspace.generated ? { fields: [], anyIndex: 0 } : countAnyFields(dir, variant, workspace.generated);
    results.push({
      project,
      variant,
      tsVersion: version,
      errors,
      anyFields: anyCount.fields,
      anyIndex: anyCount.anyIndex,
      unmapped: workspace.unmapped,
      stubbed: workspace.stubbed,
    });
    if (!keep) rmSync(dir, { recursive: true, force: true });
  }
}

const label = (v: Variant) => (v === "own" ? "project's own types (baseline)" : GENERATORS.find((g) => g.id === v)!.label);
const count = (r: Result, c: ErrorClass) => r.errors.filter((e) => e.class === c).length;
const unclassified = (r: Result) => (r.variant === "own" ? 0 : r.errors.filter((e) => e.class === undefined).length);
const inGenerated = (r: Result) => r.errors.filter((e) => e.file.startsWith(`${GENERATED_DIR}/`)).length;

console.log("Projects (checkouts read from ADOPTION_PROJECTS; none of their code is in this repository):\n");
console.log("| project | repo @ commit | licence | framework | blocks | tsc | stubbed imports (any) |");
console.log("|---|---|---|---|---|---|---|");
for (const project of PROJECTS) {
  const first = results.find((r) => r.project === project);
  if (!first) continue;
  const blocks = blockCount(join(projectsDir, project.name, project.schema));
  console.log(
    `| ${project.name} | ${project.repo} @ ${project.commit.slice(0, 7)} | ${project.licence} | ${project.framework} | ${blocks} | ${first.tsVersion} | ${first.stubbed.join(", ") || "–"} |`,
  );
}

console.log("\n`tsc --noEmit --strict` over each project's renderers, its type module swapped for each generator's:\n");
console.log(
  "| project | types | errors | real | false | strict | unrelated | unclassified | in generated code | fields typed any | blocks with `[k]: any` |",
);
console.log("|---|---|---|---|---|---|---|---|---|---|---|");
for (const r of results) {
  const own = r.variant === "own";
  const cells = own
    ? [r.errors.length, "", "", "", "", "", inGenerated(r), "", ""]
    : [r.errors.length, ...CLASSES.map((c) => count(r, c)), unclassified(r), inGenerated(r), r.anyFields.length, r.anyIndex];
  console.log(`| ${r.project.name} | ${label(r.variant)} | ${cells.join(" | ")} |`);
}

console.log("\nAll projects together:\n");
console.log("| types | errors | real | false | strict | unrelated | unclassified | fields typed any |");
console.log("|---|---|---|---|---|---|---|---|");
for (const { id } of GENERATORS) {
  const rs = results.filter((r) => r.variant === id);
  const sum = (f: (r: Result) => number) => rs.reduce((n, r) => n + f(r), 0);
  const cells = [
    sum((r) => r.errors.length),
    ...CLASSES.map((c) => sum((r) => count(r, c))),
    sum(unclassified),
    sum((r) => r.anyFields.length),
  ];
  console.log(`| ${label(id)} | ${cells.join(" | ")} |`);
}

for (const r of results.filter((x) => x.unmapped.length > 0)) {
  problems.push(`${r.project.name}, ${r.variant}: no type for ${r.unmapped.join(", ")} (shimmed as never)`);
}
const open = results.flatMap((r) => (r.variant === "own" ? [] : r.errors.filter((e) => !e.class).map((e) => ({ r, e }))));
if (open.length > 0) {
  console.log(`\nUnclassified (${open.length}): add them to bench/adoption/classification.json (ADOPTION_REPORT writes their keys):\n`);
  for (const { r, e } of open)
    console.log(`- ${r.project.name} / ${r.variant}: ${e.file}(${e.line},${e.column}) ${e.code} [${e.fingerprint}] ${e.message}`);
}
if (process.env.ADOPTION_LIST === "1") {
  console.log("\nEvery error:\n");
  for (const r of results.filter((x) => x.variant !== "own")) {
    for (const e of r.errors) {
      console.log(
        `- ${r.project.name} / ${r.variant}: ${e.file}(${e.line},${e.column}) ${e.code} **${e.class ?? "unclassified"}** ${e.reason ?? ""}`,
      );
    }
  }
}
if (process.env.ADOPTION_REPORT) {
  const report = results.map((r) => ({
    project: r.project.name,
    variant: r.variant,
    tsc: r.tsVersion,
    anyFields: r.anyFields,
    errors: r.errors,
  }));
  writeFileSync(process.env.ADOPTION_REPORT, `${JSON.stringify(report, null, 2)}\n`);
}
if (problems.length > 0) {
  console.log("\nProblems:\n");
  for (const p of problems) console.log(`- ${p}`);
}
if (keep) console.log(`\nWorkspaces kept in ${work}`);
else rmSync(work, { recursive: true, force: true });
if (problems.some((p) => p.includes("no checkout"))) process.exit(1);
