/**
 * `npm run bench`: runs every `bench/*.bench.ts` in name order, each in its
 * own process (a benchmark must not warm caches or JIT for the next one),
 * with its output (a markdown table) passed straight through. A benchmark
 * is added by dropping a file here; `npm run bench -- name` runs only the
 * files whose name contains `name`. Exits 1 if any benchmark did.
 */
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const benchDir = dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const files = readdirSync(benchDir)
  .filter((name) => name.endsWith(".bench.ts"))
  .filter((name) => filters.length === 0 || filters.some((f) => name.includes(f)))
  .sort((a, b) => a.localeCompare(b, "en-us"));

function run(file: string): Promise<number> {
  return new Promise((resolve) => {
    // tsx's CLI from this process's own node: the same loader `npm run bench` used.
    const child = spawn(process.execPath, [join(benchDir, "..", "node_modules", "tsx", "dist", "cli.mjs"), join(benchDir, file)], {
      stdio: "inherit",
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    });
    child.on("error", (error) => {
      console.error(`bench: could not start ${file}: ${error.message}`);
      resolve(1);
    });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

if (files.length === 0) {
  console.error(`bench: no bench/*.bench.ts file${filters.length ? ` matching ${filters.join(", ")}` : ""}`);
  process.exit(1);
}
// Figures depend on the runtime (the flood bench's server answered faster on Node 24 than on 20): say which.
console.log(`Node.js ${process.version} (${process.execPath})`);
const failed: string[] = [];
for (const file of files) {
  console.log(`\n## ${file}\n`);
  const started = performance.now();
  const code = await run(file);
  console.log(`\n_${file}: ${code === 0 ? "done" : `exit ${code}`} in ${((performance.now() - started) / 1000).toFixed(1)} s_`);
  if (code !== 0) failed.push(file);
}
if (failed.length > 0) {
  console.error(`\nbench: failed: ${failed.join(", ")}`);
  process.exit(1);
}
