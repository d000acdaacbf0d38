import { vi } from "vitest";

/**
 * PORTFOLIO_CRASH_AT=point for a write run in this process (tools/crash-point.ts), its SIGKILL turned
 * into a throw so the test goes on to check what was left. Undone by vi.unstubAllEnvs() and
 * vi.restoreAllMocks(). crash-point.ts counts passes per process, and test files share a worker's
 * process: a point is named once per worker, so each file names its own points, or imports the write
 * afresh after vi.resetModules() (a new crash-point.ts, counting from zero).
 */
export function crashAt(point: string): void {
  vi.stubEnv("PORTFOLIO_CRASH_AT", point);
  const kill = process.kill.bind(process);
  vi.spyOn(process, "kill").mockImplementation((pid, signal) => {
    if (pid === process.pid && signal === "SIGKILL") throw new Error(`crashed at ${point}`);
    return kill(pid, signal);
  });
}

/**
 * crashAt(point), then `load()`, the write's module imported afresh: vi.resetModules() first gives it a new
 * crash-point.ts, counting passes from zero, so the point is met at its first pass whatever ran before
 * in this process.
 */
export async function importWithCrashAt<T>(point: string, load: () => Promise<T>): Promise<T> {
  vi.resetModules();
  crashAt(point);
  return load();
}
