/**
 * A real PostgreSQL server (Debian's `postgresql` package) for tests: a
 * fresh cluster made with `initdb` in a temporary folder and run with
 * `pg_ctl` on a free loopback port, trust authentication, gone when
 * stopped. initdb and the server refuse to run as root, so as root they
 * run as the `postgres` user the package creates. `.ci/run` installs the
 * package; where the binaries are missing, `postgresBinaries()` is null
 * and the tests that need a server say so and skip.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import pg from "pg";
import { freePort } from "./free-port";

export interface LocalPostgres {
  port: number;
  /** The URL of `database` on this server (the default database by default). */
  url(database?: string): string;
  /** Makes an empty database for one test file or scenario and returns its URL. */
  createDatabase(name?: string): Promise<string>;
  /** Stops the server (fast shutdown: open connections are cut), keeping its data, as a database that goes away. */
  pause(): Promise<void>;
  /** Starts it again on the same port with the same data. */
  resume(): Promise<void>;
  /** Stops it and deletes its folder. */
  stop(): Promise<void>;
  /** The server's log, for failure messages. */
  log(): string;
}

/** The folder holding initdb and pg_ctl: on PATH, or Debian's /usr/lib/postgresql/<version>/bin (newest); null when not installed. */
export function postgresBinaries(): string | null {
  for (const folder of (process.env.PATH ?? "").split(delimiter)) {
    if (folder && existsSync(join(folder, "initdb")) && existsSync(join(folder, "pg_ctl"))) return folder;
  }
  const debian = "/usr/lib/postgresql";
  if (!existsSync(debian)) return null;
  const versions = readdirSync(debian)
    .filter((version) => existsSync(join(debian, version, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(debian, versions[0], "bin") : null;
}

/** The line a test prints when it skips for want of PostgreSQL. */
export const NO_POSTGRES =
  "PostgreSQL is not installed (initdb/pg_ctl not found); install Debian's postgresql package (.ci/run does) to run the Postgres tests.";

const asRoot = typeof process.getuid === "function" && process.getuid() === 0;

/** Runs a PostgreSQL program, as the postgres user when this process is root. */
function run(binaries: string, program: string, args: string[]): void {
  const command = asRoot ? "runuser" : join(binaries, program);
  const fullArgs = asRoot ? ["-u", "postgres", "--", join(binaries, program), ...args] : args;
  const result = spawnSync(command, fullArgs, { encoding: "utf8", cwd: tmpdir() });
  if (result.status !== 0) throw new Error(`${program} ${args.join(" ")} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
}

function postgresUser(): { uid: number; gid: number } {
  const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
  const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
  return { uid, gid };
}

let databases = 0;

export async function startLocalPostgres(): Promise<LocalPostgres> {
  const binaries = postgresBinaries();
  if (!binaries) throw new Error(NO_POSTGRES);
  const folder = mkdtempSync(join(tmpdir(), "portfolio-pg-"));
  if (asRoot) {
    const { uid, gid } = postgresUser();
    chownSync(folder, uid, gid);
  }
  const data = join(folder, "data");
  const logFile = join(folder, "server.log");
  const port = await freePort();
  // No fsync: a test cluster is thrown away, and without it initdb and every commit are many times faster.
  run(binaries, "initdb", ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"]);
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  const start = () => run(binaries, "pg_ctl", ["-D", data, "-l", logFile, "-o", options, "-w", "-t", "60", "start"]);
  const stopServer = (mode: "fast" | "immediate") => run(binaries, "pg_ctl", ["-D", data, "-m", mode, "-w", "-t", "60", "stop"]);
  start();
  let running = true;
  const url = (database = "postgres") => `postgres://postgres@127.0.0.1:${port}/${database}`;

  const stopOnExit = () => {
    if (running)
      spawnSync(asRoot ? "runuser" : join(binaries, "pg_ctl"), [
        ...(asRoot ? ["-u", "postgres", "--", join(binaries, "pg_ctl")] : []),
        "-D",
        data,
        "-m",
        "immediate",
        "stop",
      ]);
    rmSync(folder, { recursive: true, force: true });
  };
  process.once("exit", stopOnExit);

  return {
    port,
    url,
    async createDatabase(name = `test_${process.pid}_${(databases += 1)}_${Date.now().toString(36)}`) {
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name.replace(/"/g, "")}"`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    async pause() {
      stopServer("fast");
      running = false;
    },
    async resume() {
      start();
      running = true;
    },
    async stop() {
      process.off("exit", stopOnExit);
      if (running) stopServer("immediate");
      running = false;
      rmSync(folder, { recursive: true, force: true });
    },
    log: () => (existsSync(logFile) ? readFileSync(logFile, "utf8") : ""),
  };
}
