/**
 * What the request types cost the checker (issue 41): on the
 * 1,000-component real-shape schema (bench/real-shape-schema.ts), a module
 * that types two stories with `ResolvedStory` and 10 relations (relations in
 * nested blocks, in rich text, and in the stories resolved), and reads them
 * through a switch over every nestable block. Beside it, the same module on
 * the stories as stored (`PageStory`, relations as uuids), for comparison.
 *
 * Each run is a fresh process: it builds the program over the generated
 * output, binds it, then times the checker on that one module alone
 * (`getSemanticDiagnostics` of the file: what it and the types it reaches
 * cost, not the rest of the output). CPU time is the target's measure: the
 * machine is shared, and the wall clock counts other processes' turns too.
 * Target: under 2 s.
 *
 * Run: `npm run bench -- resolved-story`. Env: BENCH_RUNS (3), BENCH_KEEP=1.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { generate } from "storyblok-typed-codegen";
import { realShapeSchema } from "./real-shape-schema";

const repo = fileURLToPath(new URL("..", import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TARGET_MS = 2000;
const work = mkdtempSync(join(tmpdir(), "bench-resolved-story-"));
symlinkSync(join(repo, "node_modules"), join(work, "node_modules"), "dir");

/** Ten story fields of the schema: from three copies of the real schemas' own (see real-shape-schema.ts for the names). */
const RELATIONS = [
  "article_list_block.category",
  "article_list_block_2.category",
  "article_list_block_3.category",
  "popular-articles.articles",
  "popular-articles_2.articles",
  "popular-articles_3.articles",
  "article.categories",
  "article_2.categories",
  "ContentPage.layout",
  "ContentPage_2.layout",
];

/** The module, over resolved stories or over stories as stored: the same reads, each field's value as its type has it. */
function consumer(resolved: boolean): string {
  const page = resolved ? 'ResolvedStory<"page", typeof relations>' : "PageStory";
  const article = resolved ? 'ResolvedStory<"article", typeof relations>' : "ArticleStory";
  const read = (value: string, field: string) => (resolved ? `${value}?.content.${field}` : value);
  return `import type { ArticleStory, PageStory, ResolvedStory } from "./generated";

export const relations = ${JSON.stringify(RELATIONS, null, 2).replace(/\n]$/, ",\n]")} as const;

export function render(story: ${page}): unknown[] {
  const out: unknown[] = [];
  for (const blok of story.content.body ?? []) {
    switch (blok.component) {
      case "article_list_block":
        out.push(${read("blok.category", "page_title")});
        break;
      case "article_list_block_2":
        out.push(${read("blok.category", "body?.length")});
        break;
      case "popular-articles":
        out.push(blok.articles?.map((article) => ${resolved ? "article.content.categories?.map((category) => category.content.page_title)" : "article"}));
        break;
      case "popular-articles_3":
        out.push(${resolved ? "blok.articles?.[0]?.full_slug" : "blok.articles?.[0]"});
        break;
      default:
        out.push(blok._uid);
    }
  }
  return out;
}

export function article(story: ${article}): unknown[] {
  const node = story.content.content?.content?.[0];
  const embedded = node?.type === "blok" ? node.attrs.body[0] : undefined;
  return [
    ${resolved ? "story.content.categories?.[0]?.content.page_title" : "story.content.categories?.[0]"},
    embedded?.component === "popular-articles" ? ${resolved ? "embedded.articles?.map((related) => related.content.page_title)" : "embedded.articles"} : undefined,
  ];
}
`;
}

/** One fresh process: the program built and bound, then the checker timed on the one module. */
const CHILD = `
import ts from "typescript";
const [file] = process.argv.slice(2);
const options = { strict: true, noEmit: true, skipLibCheck: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, types: [] };
const program = ts.createProgram([file], options);
program.getTypeChecker();
const source = program.getSourceFile(file);
const before = process.cpuUsage();
const started = performance.now();
const errors = program.getSemanticDiagnostics(source).map((d) => ts.flattenDiagnosticMessageText(d.messageText, " "));
const wallMs = performance.now() - started;
const cpu = process.cpuUsage(before);
console.log(JSON.stringify({ wallMs, cpuMs: (cpu.user + cpu.system) / 1000, instantiations: program.getInstantiationCount(), errors }));
`;

interface Run {
  wallMs: number;
  cpuMs: number;
  instantiations: number;
  errors: string[];
}

function check(file: string): Run {
  const result = spawnSync(process.execPath, [join(work, "check.mjs"), file], { cwd: work, encoding: "utf8", maxBuffer: 1 << 26 });
  if (result.status !== 0) throw new Error(`checking ${file} failed:\n${result.stderr.slice(-2000)}`);
  return JSON.parse(result.stdout.trim().split("\n").at(-1)!) as Run;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

try {
  mkdirSync(join(work, "generated"));
  for (const file of generate({ documents: [realShapeSchema({ components: 1000 })], schemaLabel: "real-shape-1000.json" }).files) {
    writeFileSync(join(work, "generated", file.path), file.contents);
  }
  writeFileSync(join(work, "check.mjs"), CHILD);
  const modules = { resolved: join(work, "resolved.ts"), stored: join(work, "stored.ts") };
  writeFileSync(modules.resolved, consumer(true));
  writeFileSync(modules.stored, consumer(false));

  const runs = { resolved: [] as Run[], stored: [] as Run[] };
  // Alternated, so that the machine's load weighs on both alike.
  for (let i = 0; i < RUNS; i += 1) for (const kind of ["resolved", "stored"] as const) runs[kind].push(check(modules[kind]));
  const errors = [...runs.resolved, ...runs.stored].flatMap((run) => run.errors);
  if (errors.length > 0) throw new Error(`the modules do not compile:\n${[...new Set(errors)].join("\n")}`);

  console.log(
    `The checker on one module over the 1,000-component real-shape schema's output, median of ${RUNS} fresh processes (node ${process.version}).\n`,
  );
  console.log("| module | check CPU | check wall | instantiations |");
  console.log("|---|---:|---:|---:|");
  for (const kind of ["resolved", "stored"] as const) {
    const label = kind === "resolved" ? "ResolvedStory, 10 relations" : "the same reads on PageStory / ArticleStory (as stored)";
    const pick = (key: "cpuMs" | "wallMs" | "instantiations") => median(runs[kind].map((run) => run[key]));
    console.log(`| ${label} | ${pick("cpuMs").toFixed(0)} ms | ${pick("wallMs").toFixed(0)} ms | ${pick("instantiations")} |`);
  }
  const cpu = median(runs.resolved.map((run) => run.cpuMs));
  console.log("\n| target | met | measured |\n|---|---|---:|");
  console.log(
    `| a module using ResolvedStory with 10 relations checks in under 2 s (CPU) | ${cpu < TARGET_MS ? "yes" : "**no**"} | ${cpu.toFixed(0)} ms |`,
  );
  if (cpu >= TARGET_MS) process.exitCode = 1;
} finally {
  if (process.env.BENCH_KEEP === "1") console.log(`\nkept: ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
