/**
 * A copy of the repository in a temp folder to run `next build` in, so the
 * benchmark never touches the working tree. By default the copy is the
 * committed HEAD (`git clone`); BENCH_SOURCE=worktree copies the working
 * tree's tracked and untracked files instead. node_modules is hard-linked
 * (Turbopack refuses a symlinked one).
 */
import { execFile, spawn } from "node:child_process";
import { cp, mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { promisify } from "node:util";

const exec = promisify(execFile);

export async function makeScratchCopy(repo: string, target: string): Promise<string> {
  if (process.env.BENCH_SOURCE === "worktree") {
    const { stdout } = await exec("git", ["ls-files", "-co", "--exclude-standard", "-z"], { cwd: repo, maxBuffer: 64 << 20 });
    for (const file of stdout.split("\0").filter(Boolean)) {
      await mkdir(dirname(join(target, file)), { recursive: true });
      await cp(join(repo, file), join(target, file)).catch(() => undefined); // deleted but still listed
    }
  } else {
    await exec("git", ["clone", "-q", "--shared", repo, target]);
  }
  await exec("cp", ["-al", join(repo, "node_modules"), join(target, "node_modules")]);
  const { stdout } = await exec("git", ["rev-parse", "--short", "HEAD"], { cwd: repo });
  return process.env.BENCH_SOURCE === "worktree" ? `working tree at ${stdout.trim()}` : `HEAD ${stdout.trim()}`;
}

export interface BuildResult {
  code: number;
  ms: number;
  output: string;
}

/** Runs `next build` asynchronously: the content API lives in this process and must keep answering. */
export function nextBuild(dir: string, env: Record<string, string>): Promise<BuildResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(dir, "node_modules", "next", "dist", "bin", "next"), "build", "--webpack"], {
      cwd: dir,
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", (code) => resolve({ code: code ?? 1, ms: performance.now() - started, output }));
  });
}
