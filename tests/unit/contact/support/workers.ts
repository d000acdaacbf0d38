/** Runs store-worker.ts in several processes at once and collects what each did. */
import { spawn } from "node:child_process";
import { join } from "node:path";
import type { WorkerJob } from "./store-worker";
import { REPO } from "../../../support/repo-root";

const WORKER = join(import.meta.dirname, "store-worker.ts");

function startWorker(job: WorkerJob) {
  const child = spawn(process.execPath, ["--import", "tsx", WORKER, JSON.stringify(job)], { cwd: REPO, stdio: ["pipe", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.startsWith("ready\n")) resolve();
    });
    child.on("exit", (code) => reject(new Error(`worker exited ${code} before it was ready:\n${err}`)));
  });
  const done = new Promise<unknown>((resolve, reject) =>
    child.on("exit", (code) =>
      code === 0 ? resolve(JSON.parse(out.slice("ready\n".length))) : reject(new Error(`worker exited ${code}:\n${err}`)),
    ),
  );
  return { child, ready, done };
}

/** Starts one process per job, waits until every one has its store open, then lets them all go at once. */
export async function runWorkersTogether<T>(jobs: WorkerJob[]): Promise<T[]> {
  const workers = jobs.map(startWorker);
  await Promise.all(workers.map((worker) => worker.ready));
  for (const worker of workers) worker.child.stdin.write("go\n");
  return (await Promise.all(workers.map((worker) => worker.done))) as T[];
}
