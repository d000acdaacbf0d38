/**
 * Generator benchmark (issues 3 and 12): our generator against
 * storyblok-generate-ts 2.2.0 in the same run, on the hedvig schema (38
 * components), on 200 and ~1,000 components built from the real fixtures'
 * own components (bench/real-shape-schema.ts), and on a synthesised
 * 1,000-component schema. Per tool and schema, each measured in fresh node
 * processes, median of BENCH_RUNS (3):
 *
 * - library: one generate call in a fresh process (`generate()` plus writing
 *   its files; their `storyblokToTypescript()`, which writes its file), with
 *   that process's peak RSS;
 * - CLI: the whole command as a user runs it (the generator package's bin,
 *   `storyblok-typed-codegen generate`, built by the package's own `npm run build`
 *   into a copy, as the tarball ships it; their `dist/cli.js`), wall time, CPU time
 *   (user + system: on a busy machine the steadier figure) and peak RSS from
 *   `/usr/bin/time`; and, for ours, `portfolio generate`, the repository's CLI
 *   running the generator in-process (against their CLI in the ratio);
 * - where the bin's time goes: a CPU profile (`node --cpu-prof`) of it on the
 *   real-shape 1,000-component schema, summed by bench/cpu-profile.ts;
 * - output: bytes and lines of every file written;
 * - tsc: `tsc --noEmit -p` (strict, the same options for both), four ways
 *   (TscKind below): the generated types alone, like for like (theirs
 *   generates nothing else); our whole output, with the runtime guards and
 *   their engine; and the whole output with renderers of two kinds
 *   (bench/codegen-consumer.ts). Consumers are generated from the schema,
 *   the same code for both generators but for the type names. Their output
 *   is saved as .ts so that skipLibCheck does not skip it (as ours is not
 *   skipped). Every consumer is a React module, as a site's is, and tsc's
 *   fixed cost (that React module alone: default libs and React's types) is
 *   measured and subtracted for the ratios.
 *
 *   The target is the output's own cost. With renderers the ratio falls
 *   towards 1: most of their time is TypeScript narrowing the same union of
 *   every nestable block in each loop (in `default:` clauses it compares the
 *   narrowed discriminant with every member; there is no keyed fast path as
 *   for `case`), and both generators give that union the same members.
 *
 * Run: `npx tsx bench/codegen.bench.ts` (or `npm run bench -- codegen`).
 * Env: BENCH_RUNS, BENCH_COMPONENTS (default 1000), BENCH_KEEP=1, BENCH_TSC=0 (skip
 * the type-check measures: the generator's own speed only, in a fraction of the time).
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import type { SchemaModel } from "storyblok-typed-codegen";
import { consumerSource, oursTypeNames, readModel, theirTypeNames, type ConsumerKind } from "./codegen-consumer";
import { summariseProfiles } from "./cpu-profile";
import { realShapeSchema } from "./real-shape-schema";
import { synthesizeSchema } from "./synthetic-schema";

const repo = fileURLToPath(new URL("..", import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const COMPONENTS = Number(process.env.BENCH_COMPONENTS ?? 1000);
const WITH_TSC = process.env.BENCH_TSC !== "0";
const work = mkdtempSync(join(tmpdir(), "bench-codegen-"));
symlinkSync(join(repo, "node_modules"), join(work, "node_modules"), "dir");

type Tool = "ours" | "theirs";
interface Measure {
  libMs: number;
  libRssMb: number;
  cliMs: number;
  cliCpuMs: number;
  cliRssMb: number;
  /** Ours: `portfolio generate` (the repository's CLI, the generator in-process); theirs: their CLI again. */
  portfolioMs: number;
  bytes: number;
  lines: number;
  tscBaseMs: number;
  tscMs: Record<TscKind, number>;
  tscErrors: number;
}

/**
 * What tsc checks besides tsc's fixed cost:
 * - types: the generated types alone (ours: components, rich text, Storyblok
 *   field types, registry; theirs: their one file, all types), like for like,
 *   with a module naming every block type;
 * - output: all we generate, with the runtime guards (validators.ts and the
 *   hand-written engine it runs on, which theirs has no counterpart of);
 * - dispatch, switch, registry: the whole output with renderers (see codegen-consumer.ts).
 */
type TscKind = "types" | "output" | Exclude<ConsumerKind, "types">;
const TSC_KINDS: readonly TscKind[] = WITH_TSC ? ["types", "output", "dispatch", "switch", "registry"] : [];
/** Our generated modules that hold only types. */
const OUR_TYPE_MODULES = ["components.ts", "registry.ts", "richtext.ts", "storyblok.ts"];

// The library as plain JS, as a user's build would load it; no TypeScript loader in the measured process.
const oursLib = join(work, "codegen.mjs");
await build({
  entryPoints: [join(repo, "codegen/index.ts")],
  bundle: true,
  platform: "node",
  format: "esm",
  outfile: oursLib,
  logLevel: "error",
});

const child = join(work, "library-call.mjs");
writeFileSync(
  child,
  `import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
const [tool, schema, out] = process.argv.slice(2);
const json = JSON.parse(readFileSync(schema, "utf8"));
mkdirSync(out, { recursive: true });
let run;
if (tool === "ours") {
  const { generate } = await import(${JSON.stringify(oursLib)});
  run = async () => {
    for (const file of generate({ documents: [json], schemaLabel: "schema.json" }).files) writeFileSync(join(out, file.path), file.contents);
  };
} else {
  const module = createRequire(${JSON.stringify(join(repo, "package.json"))})("storyblok-generate-ts");
  const generate = module.default ?? module;
  run = () => generate({ componentsJson: json, path: join(out, "theirs.ts") });
}
const log = console.log;
console.log = () => {}; // their per-field notices would be timed as terminal output
const started = performance.now();
await run();
const ms = performance.now() - started;
log(JSON.stringify({ ms, rssKb: process.resourceUsage().maxRSS }));
`,
);

function node(args: string[], { allowFailure = false } = {}): { ms: number; cpuMs: number; rssKb: number; stdout: string } {
  const started = performance.now();
  const result = spawnSync("/usr/bin/time", ["-f", "%M %U %S", process.execPath, ...args], {
    cwd: repo,
    encoding: "utf8",
    maxBuffer: 1 << 28,
  });
  const ms = performance.now() - started;
  if (result.status !== 0 && !allowFailure) throw new Error(`${args.join(" ")} exited ${result.status}:\n${result.stderr.slice(-2000)}`);
  const [rssKb, user, system] = result.stderr.trim().split("\n").at(-1)!.split(" ").map(Number);
  return { ms, cpuMs: (user! + system!) * 1000, rssKb: rssKb!, stdout: result.stdout };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function outputSize(dir: string): { bytes: number; lines: number } {
  let bytes = 0;
  let lines = 0;
  for (const name of readdirSync(dir)) {
    const text = readFileSync(join(dir, name), "utf8");
    bytes += Buffer.byteLength(text);
    lines += text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
  }
  return { bytes, lines };
}

const TSCONFIG = JSON.stringify({
  compilerOptions: {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: "ES2022",
    module: "ESNext",
    moduleResolution: "Bundler",
    jsx: "react-jsx",
    types: [],
    incremental: false,
  },
  include: ["**/*.ts"],
});

/**
 * What every consumer module starts with: the consumer is a React site, so
 * React's types load whichever generator made the output (ours imports
 * `ComponentType` for the typed registry; a site on theirs imports React in
 * its renderers). Without this, parsing React's types (~0.3 s) would count
 * as ours.
 */
const REACT_SITE = 'import type { ReactNode } from "react";\nexport type SiteNode = ReactNode;\n\n';

/** Both generators' CLI output for one schema, and what the consumers are built from. */
interface Outputs {
  ours: string;
  theirs: string;
  model: SchemaModel;
  oursNames: ReadonlyMap<string, string>;
  theirNames: ReadonlyMap<string, string>;
}

/**
 * The directory tsc is pointed at, made once per tool and kind (every run
 * checks the same files): the output (ours: with the validation engine it
 * imports, unless types only) and one consumer.
 */
function consumerProject(tool: Tool, kind: TscKind, outputs: Outputs, project: string): string {
  const { model, oursNames, theirNames } = outputs;
  const consumer = kind === "output" ? "types" : kind;
  const maps = [oursNames, theirNames];
  mkdirSync(project, { recursive: true });
  writeFileSync(join(project, "tsconfig.json"), TSCONFIG);
  if (tool === "ours" && kind === "types") {
    mkdirSync(join(project, "generated"));
    for (const name of OUR_TYPE_MODULES) copyFileSync(join(outputs.ours, name), join(project, "generated", name));
    writeFileSync(join(project, "consumer.ts"), REACT_SITE + consumerSource(model, maps, oursNames, "./generated/components", consumer));
  } else if (tool === "ours") {
    symlinkSync(outputs.ours, join(project, "generated"), "dir");
    writeFileSync(
      join(project, "consumer.ts"),
      REACT_SITE + consumerSource(model, maps, oursNames, "./generated", consumer, "BlockRegistry"),
    );
  } else {
    copyFileSync(join(outputs.theirs, "theirs.ts"), join(project, "theirs.ts"));
    writeFileSync(join(project, "consumer.ts"), REACT_SITE + consumerSource(model, maps, theirNames, "./theirs", consumer));
  }
  return project;
}

/** tsc's fixed cost: the same options on a module that is nothing but that start (the default libs and React's types load). */
const baseline = join(work, "tsc-baseline");
mkdirSync(baseline);
writeFileSync(join(baseline, "tsconfig.json"), TSCONFIG);
writeFileSync(join(baseline, "site.ts"), REACT_SITE);

const tsc = (project: string) => node([join(repo, "node_modules/typescript/bin/tsc"), "-p", project], { allowFailure: true });

/**
 * The generator package's bin as an adopter runs it: built by the package's own `npm run build`
 * in a copy of its sources (the repository itself runs the sources and needs no dist/), with the
 * repository's node_modules for its dependencies, as an install gives them.
 */
const ourPackage = join(work, "package");
cpSync(join(repo, "codegen"), ourPackage, { recursive: true, filter: (path) => !/[\\/](dist|node_modules)$/.test(path) });
symlinkSync(join(repo, "node_modules"), join(ourPackage, "node_modules"), "dir");
const built = spawnSync("npm", ["run", "--silent", "build"], { cwd: ourPackage, encoding: "utf8" });
if (built.status !== 0) throw new Error(`the package's build failed:\n${built.stdout}${built.stderr}`);
const OUR_BIN = join(ourPackage, "dist/cli/bin.cjs");
const PORTFOLIO = join(repo, "bin/portfolio.js");

/**
 * Both generators' CLI output for one schema, made and read once: each tool's
 * consumer needs the other's type names (only blocks both typed are used).
 */
function outputsFor(label: string, schema: string): Outputs {
  const base = join(work, label.replace(/\W+/g, "-"), "outputs");
  const ours = join(base, "ours");
  const theirs = join(base, "theirs");
  mkdirSync(theirs, { recursive: true });
  node([OUR_BIN, "generate", "--schema", schema, "--out", ours]);
  node([join(repo, "node_modules/storyblok-generate-ts/dist/cli.js"), `source=${schema}`, `target=${join(theirs, "theirs.ts")}`]);
  return {
    ours,
    theirs,
    model: readModel(JSON.parse(readFileSync(schema, "utf8"))),
    oursNames: oursTypeNames(readFileSync(join(ours, "components.ts"), "utf8")),
    theirNames: theirTypeNames(readFileSync(join(theirs, "theirs.ts"), "utf8")),
  };
}

function measure(tool: Tool, label: string, schema: string, outputs: Outputs): Measure {
  const runs: Measure[] = [];
  const cliArgs = (out: string) =>
    tool === "ours"
      ? [OUR_BIN, "generate", "--schema", schema, "--out", out]
      : [join(repo, "node_modules/storyblok-generate-ts/dist/cli.js"), `source=${schema}`, `target=${join(out, "theirs.ts")}`];
  const portfolioArgs = (out: string) => (tool === "ours" ? [PORTFOLIO, "generate", "--schema", schema, "--out", out] : cliArgs(out));
  if (tool === "ours") {
    // One run of each not counted: the OS file cache holds the bin and its modules after it (and portfolio's bundle is built).
    node(cliArgs(join(work, "warm-up")));
    node(portfolioArgs(join(work, "warm-up-portfolio")));
  }
  const projects = TSC_KINDS.map(
    (kind) => [kind, consumerProject(tool, kind, outputs, join(work, label.replace(/\W+/g, "-"), tool, `tsc-${kind}`))] as const,
  );
  for (let i = 0; i < RUNS; i += 1) {
    const base = join(work, label.replace(/\W+/g, "-"), tool, String(i));
    mkdirSync(join(base, "cli"), { recursive: true }); // their CLI does not create its target directory
    const lib = node([child, tool, schema, join(base, "lib")]);
    const libResult = JSON.parse(lib.stdout.trim().split("\n").at(-1)!) as { ms: number; rssKb: number };
    const cli = node(cliArgs(join(base, "cli")));
    const size = outputSize(join(base, "cli"));
    mkdirSync(join(base, "portfolio"), { recursive: true });
    const portfolio = node(portfolioArgs(join(base, "portfolio")));
    const base0 = WITH_TSC ? tsc(baseline) : { ms: 0 };
    const tscMs = {} as Record<TscKind, number>;
    let tscErrors = 0;
    for (const [kind, project] of projects) {
      // tsc exits 2 when the output does not compile; the time still counts, the errors are reported.
      const checked = tsc(project);
      tscMs[kind] = checked.ms;
      tscErrors = Math.max(tscErrors, checked.stdout.match(/error TS\d+/g)?.length ?? 0);
    }
    runs.push({
      libMs: libResult.ms,
      libRssMb: libResult.rssKb / 1024,
      cliMs: cli.ms,
      cliCpuMs: cli.cpuMs,
      cliRssMb: cli.rssKb / 1024,
      portfolioMs: portfolio.ms,
      ...size,
      tscBaseMs: base0.ms,
      tscMs,
      tscErrors,
    });
  }
  const pick = (key: Exclude<keyof Measure, "tscMs">) => median(runs.map((run) => run[key]));
  const pickTsc = (kind: TscKind) => median(runs.map((run) => run.tscMs[kind]));
  return {
    libMs: pick("libMs"),
    libRssMb: pick("libRssMb"),
    cliMs: pick("cliMs"),
    cliCpuMs: pick("cliCpuMs"),
    cliRssMb: pick("cliRssMb"),
    portfolioMs: pick("portfolioMs"),
    bytes: pick("bytes"),
    lines: pick("lines"),
    tscBaseMs: pick("tscBaseMs"),
    tscMs: Object.fromEntries(TSC_KINDS.map((kind) => [kind, pickTsc(kind)])) as Record<TscKind, number>,
    tscErrors: pick("tscErrors"),
  };
}

const PROFILE_RUNS = 3;

/** The bin's CPU profile on one schema, summed over a few fresh runs (bench/cpu-profile.ts). */
function profileBin(schema: string): string {
  const dir = join(work, "cpu-profile");
  for (let i = 0; i < PROFILE_RUNS; i += 1)
    node(["--cpu-prof", "--cpu-prof-dir", dir, OUR_BIN, "generate", "--schema", schema, "--out", join(dir, `out-${i}`)]);
  return summariseProfiles(dir, ourPackage);
}

const synthetic = join(work, `synthetic-${COMPONENTS}.json`);
writeFileSync(synthetic, JSON.stringify(synthesizeSchema({ components: COMPONENTS })));
const realShape = (components: number) => {
  const path = join(work, `real-shape-${components}.json`);
  writeFileSync(path, JSON.stringify(realShapeSchema({ components })));
  return path;
};
const SMALL = 200;
const schemas: [string, string][] = [
  ["hedvig (38)", join(repo, "tests/fixtures/schemas/hedvig-market-web.components.json")],
  [`real-shape (${SMALL})`, realShape(SMALL)],
  [`real-shape (${COMPONENTS})`, realShape(COMPONENTS)],
  [`synthetic (${COMPONENTS})`, synthetic],
];

const CONSUMER_LABELS: Record<TscKind, string> = {
  types: "generated types (like for like) + a module naming every block type",
  output: "whole output incl. runtime guards + a module naming every block type",
  dispatch: "whole output + renderers (nested blocks to one renderer)",
  switch: "whole output + renderers (nested blocks narrowed by switch)",
  registry: "whole output + a typed registry of every nestable renderer",
};

const rows: [string, string, (m: Measure) => number, (v: number) => string][] = [
  ["library call", "ms", (m) => m.libMs, (v) => v.toFixed(0)],
  ["library peak RSS", "MB", (m) => m.libRssMb, (v) => v.toFixed(0)],
  ["whole CLI (the package's bin)", "ms", (m) => m.cliMs, (v) => v.toFixed(0)],
  ["whole CLI, CPU (user + system)", "ms", (m) => m.cliCpuMs, (v) => v.toFixed(0)],
  ["CLI peak RSS", "MB", (m) => m.cliRssMb, (v) => v.toFixed(0)],
  ["portfolio generate (theirs: their CLI)", "ms", (m) => m.portfolioMs, (v) => v.toFixed(0)],
  ["output size", "kB", (m) => m.bytes / 1000, (v) => v.toFixed(1)],
  ["output lines", "lines", (m) => m.lines, (v) => v.toFixed(0)],
  ...(WITH_TSC ? ([["tsc --noEmit, React module alone (fixed cost)", "ms", (m) => m.tscBaseMs, (v) => v.toFixed(0)]] as typeof rows) : []),
  ...TSC_KINDS.flatMap((kind): typeof rows => [
    [`tsc --noEmit, ${CONSUMER_LABELS[kind]}`, "ms", (m) => m.tscMs[kind], (v) => v.toFixed(0)],
    ["  of which above the fixed cost", "ms", (m) => m.tscMs[kind] - m.tscBaseMs, (v) => v.toFixed(0)],
  ]),
  ...(WITH_TSC ? ([["tsc errors (output + any consumer)", "errors", (m) => m.tscErrors, (v) => v.toFixed(0)]] as typeof rows) : []),
];

try {
  const results = schemas.map(([label, schema]) => {
    const outputs = outputsFor(label, schema);
    return { label, ours: measure("ours", label, schema, outputs), theirs: measure("theirs", label, schema, outputs) };
  });
  console.log(`Generator vs storyblok-generate-ts 2.2.0, median of ${RUNS} fresh-process runs (node ${process.version}).\n`);
  console.log(`| schema | measure | unit | ours | theirs | ours/theirs |`);
  console.log(`|---|---|---|---:|---:|---:|`);
  for (const { label, ours, theirs } of results) {
    for (const [name, unit, get, format] of rows) {
      const ratio = get(theirs) === 0 ? "–" : (get(ours) / get(theirs)).toFixed(2);
      console.log(`| ${label} | ${name} | ${unit} | ${format(get(ours))} | ${format(get(theirs))} | ${ratio} |`);
    }
  }
  const [hedvig, small, realLarge, syntheticLarge] = results;
  const large = syntheticLarge;
  const net = (m: Measure, kind: TscKind) => m.tscMs[kind] - m.tscBaseMs;
  const tscRatio = (kind: TscKind) => net(large!.theirs, kind) / net(large!.ours, kind);
  const wallRatio = (kind: TscKind) => large!.theirs.tscMs[kind] / large!.ours.tscMs[kind];
  const measured = (kind: TscKind) => `${tscRatio(kind).toFixed(1)}× (whole tsc run ${wallRatio(kind).toFixed(1)}×)`;
  type Result = (typeof results)[number];
  /** Ours as a fraction of theirs, in the same run: the target is ≤ 0.05 (twenty times faster). */
  const fraction = (r: Result, get: (m: Measure) => number) => get(r.ours) / get(r.theirs);
  const libRatio = (r: Result) => r.theirs.libMs / r.ours.libMs;
  const targets: (readonly [string, boolean | "–", string])[] = [
    ...[realLarge!, syntheticLarge!].flatMap((r) => [
      [
        `≤ 0.05× storyblok-generate-ts's time, ${r.label} (whole CLI: the package's bin as an adopter runs it)`,
        fraction(r, (m) => m.cliMs) <= 0.05,
        `${fraction(r, (m) => m.cliMs).toFixed(3)}×`,
      ] as const,
      [`(reported) the same in CPU time, ${r.label}`, "–", `${fraction(r, (m) => m.cliCpuMs).toFixed(3)}×`] as const,
      [`(reported) portfolio generate, ${r.label}`, "–", `${fraction(r, (m) => m.portfolioMs).toFixed(3)}×`] as const,
      [`(reported) library call, ${r.label}`, "–", `${libRatio(r).toFixed(1)}× faster`] as const,
    ]),
    [`under 0.3 s at ${SMALL} components (whole CLI, real-shape)`, small!.ours.cliMs < 300, `${small!.ours.cliMs.toFixed(0)} ms`],
    ["under 0.3 s for the 38-component schema (whole CLI)", hedvig!.ours.cliMs < 300, `${hedvig!.ours.cliMs.toFixed(0)} ms`],
    ...(WITH_TSC
      ? [
          [
            `output type-checks ≥3× faster (${COMPONENTS} components; tsc above its fixed cost; ${CONSUMER_LABELS.types})`,
            tscRatio("types") >= 3,
            measured("types"),
          ] as const,
          ...(["output", "dispatch", "switch", "registry"] as const).map(
            (kind) => [`(reported, not the target) ${CONSUMER_LABELS[kind]}`, "–", measured(kind)] as const,
          ),
        ]
      : []),
  ];
  console.log(`\n| target | met | measured |\n|---|---|---:|`);
  for (const [target, met, value] of targets) console.log(`| ${target} | ${met === "–" ? met : met ? "yes" : "**no**"} | ${value} |`);
  console.log(`\nWhere the package's bin spends ${realLarge!.label}'s generate (node --cpu-prof, ${PROFILE_RUNS} runs):\n`);
  console.log(profileBin(schemas[2]![1]));
} finally {
  if (process.env.BENCH_KEEP !== "1") rmSync(work, { recursive: true, force: true });
  else console.log(`\n(kept ${work})`);
}
