/**
 * Where a command's time goes: `node --cpu-prof` profiles (Chrome DevTools'
 * .cpuprofile) summed into the functions with the most self time and the
 * share of each area (the generator's folders, Node's module loading,
 * commander, the garbage collector). The codegen benchmark prints it for the
 * package's bin on the 1,000-component schema.
 *
 * V8 samples at a wall-clock interval: on a busy machine a sample taken after
 * the process waited for a core is charged to whatever then runs, so the
 * shares are the figures to read, not the milliseconds alone.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * A frame's place: a file of the package (`dist/emit/validators-file.js`), a package in
 * node_modules, or Node's own. A frame in the bundled bin (codegen/scripts/bundle-bin.mjs)
 * is placed in the module it was bundled from, which esbuild names in a comment above each.
 */
function placeOf(url: string, line: number, packageDir: string): string {
  if (url === "") return "(V8: compiling, runtime)";
  const path = url.replace(/^file:\/\//, "");
  if (path.startsWith(packageDir)) return bundledModuleAt(path, line) ?? path.slice(packageDir.length + 1);
  const module = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path);
  if (module) return module[1]!;
  return path.startsWith("node:") ? "node (start-up, module loading, fs)" : path;
}

/** Per bundled file, where each module it holds starts: esbuild's `// dist/emit/components-file.js` lines. */
const bundledModules = new Map<string, { line: number; module: string }[]>();

/** The module a line of a bundled file came from; undefined outside any (or in a file esbuild did not write). */
function bundledModuleAt(path: string, line: number): string | undefined {
  let starts = bundledModules.get(path);
  if (starts === undefined) {
    starts = [];
    const lines = /\.c?js$/.test(path) ? readFileSync(path, "utf8").split("\n") : [];
    lines.forEach((text, index) => {
      const marker = /^\/\/ (dist\/\S+\.js)$/.exec(text);
      if (marker) starts!.push({ line: index, module: marker[1]! });
    });
    bundledModules.set(path, starts);
  }
  return starts.findLast((start) => start.line <= line)?.module;
}

/** The area a place belongs to: a folder of the package's dist/ (`dist/emit`), or the place itself. */
function areaOf(place: string): string {
  const inDist = /^dist\/([^/]+)\//.exec(place);
  if (inDist) return `generator: ${inDist[1]}/`;
  if (place.startsWith("dist/")) return "generator: top-level modules";
  return place;
}

const SPECIAL: Record<string, string> = {
  "(garbage collector)": "garbage collector",
  "(program)": "(V8: compiling, runtime)",
  "(idle)": "idle",
};

/** Markdown: the top `top` functions by self time, and every area's share, averaged over the profiles in `dir`. */
export function summariseProfiles(dir: string, packageDir: string, top = 12): string {
  const files = readdirSync(dir).filter((name) => name.endsWith(".cpuprofile"));
  const byFunction = new Map<string, number>();
  const byArea = new Map<string, number>();
  let total = 0;
  for (const file of files) {
    const profile = JSON.parse(readFileSync(join(dir, file), "utf8")) as CpuProfile;
    const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
    profile.samples.forEach((id, index) => {
      const frame = frames.get(id)!;
      const us = profile.timeDeltas[index] ?? 0;
      const special = SPECIAL[frame.functionName];
      const place = special ?? placeOf(frame.url, frame.lineNumber, packageDir);
      // A bundled module's line in the bundle says little: the module alone names it.
      const line = frame.url.endsWith(place) ? `:${frame.lineNumber + 1}` : "";
      const file = frame.url === "" ? "native" : frame.url.startsWith("node:") ? frame.url : `${place}${line}`;
      const name = special ?? `${frame.functionName || "(anonymous)"} (${file})`;
      byFunction.set(name, (byFunction.get(name) ?? 0) + us);
      const area = special ?? areaOf(place);
      byArea.set(area, (byArea.get(area) ?? 0) + us);
      total += us;
    });
  }
  const share = (us: number) => `${((100 * us) / total).toFixed(1)} %`;
  const ms = (us: number) => (us / 1000 / files.length).toFixed(1);
  const sorted = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]);
  return [
    `| area | ms per run | share |`,
    `|---|---:|---:|`,
    ...sorted(byArea).map(([area, us]) => `| ${area} | ${ms(us)} | ${share(us)} |`),
    "",
    `| function (self time) | ms per run | share |`,
    `|---|---:|---:|`,
    ...sorted(byFunction)
      .slice(0, top)
      .map(([name, us]) => `| ${name} | ${ms(us)} | ${share(us)} |`),
  ].join("\n");
}
