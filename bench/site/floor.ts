/**
 * The floor the site is measured against: the barest pages-router Next.js
 * app, one page rendered by React and nothing else (no CSS, no fonts, no
 * images, no data). Whatever it scores on this machine, in this run, is what
 * Next.js and React cost by themselves; the site's budget is relative to it.
 *
 * It is written to a temp folder and built with this repository's own
 * `next`, `react` and `react-dom` (node_modules hard-linked in: Turbopack
 * refuses a symlinked one), so both builds use the same versions.
 */
import { execFile } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";

const exec = promisify(execFile);

/** The same page at `/` and under `/projects/…`, and again under `/nl`, so each site page (in either language) has a floor page at its own path. */
const PAGE = `export default function FloorPage() {
  return (
    <main>
      <h1>A bare Next.js page</h1>
      <p>Rendered by React in the pages router, with nothing else on it.</p>
    </main>
  );
}
`;

const PROJECT_PAGE = `${PAGE}
export function getStaticPaths() {
  return { paths: [], fallback: "blocking" };
}

export function getStaticProps() {
  return { props: {} };
}
`;

export async function writeFloorApp(repo: string, dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, "package.json"), JSON.stringify({ name: "bench-floor", private: true }, null, 2));
  for (const prefix of [[], ["nl"]]) {
    await mkdir(join(dir, "pages", ...prefix, "projects"), { recursive: true });
    await writeFile(join(dir, "pages", ...prefix, "index.jsx"), PAGE);
    await writeFile(join(dir, "pages", ...prefix, "projects", "[...slug].jsx"), PROJECT_PAGE);
  }
  await exec("cp", ["-al", join(repo, "node_modules"), join(dir, "node_modules")]);
}
