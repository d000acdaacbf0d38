/**
 * What the schema push tests share: the CLI run as a user runs it, schema
 * folders edited from schema/, and counts read from the local Management
 * API's own request log.
 */
import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import type { AnsweredRequest } from "../../../tools/local-management-api/request-log";
import { REPO } from "../../support/repo-root";

const exec = promisify(execFile);

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** `node bin/portfolio.js …` from the repository, stdin not a terminal, no token in the environment unless given. */
export async function portfolio(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  try {
    const { stdout, stderr } = await exec(process.execPath, ["bin/portfolio.js", ...args], {
      cwd: REPO,
      env: { ...process.env, STORYBLOK_OAUTH_TOKEN: "", STORYBLOK_MANAGEMENT_API_URL: "", ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as CliRun;
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

export type SchemaDocument = {
  components: ({ name: string; schema: Record<string, Record<string, unknown>> } & Record<string, unknown>)[];
  component_groups: ({ name: string; uuid: string } & Record<string, unknown>)[];
};

export function repositorySchema(): SchemaDocument {
  return JSON.parse(readFileSync(join(REPO, "schema/components.json"), "utf8")) as SchemaDocument;
}

export interface DatasourcesDocument {
  datasources: { slug: string; name: string; entries: { name: string; value: string }[] }[];
}

/** A schema folder in `dir`: schema/'s components edited by `edit`, and datasources.json when given. */
export function writeSchemaDir(dir: string, edit: (schema: SchemaDocument) => void = () => {}, datasources?: DatasourcesDocument): string {
  mkdirSync(dir, { recursive: true });
  const schema = repositorySchema();
  edit(schema);
  writeFileSync(join(dir, "components.json"), JSON.stringify(schema, null, 2));
  if (datasources) writeFileSync(join(dir, "datasources.json"), JSON.stringify(datasources, null, 2));
  return dir;
}

export function componentIn(schema: SchemaDocument, name: string): SchemaDocument["components"][number] {
  const component = schema.components.find((candidate) => candidate.name === name);
  if (!component) throw new Error(`schema/ has no component ${name}`);
  return component;
}

/** Requests that change the space. */
export function writesIn(requests: readonly AnsweredRequest[]): AnsweredRequest[] {
  return requests.filter((request) => request.method !== "GET");
}

/** Counted at the emulator's own admissions (admissions.ts). */
export { busiestSecond } from "./admissions";

export const THEMES: DatasourcesDocument = {
  datasources: [
    {
      slug: "themes",
      name: "Themes",
      entries: [
        { name: "Light", value: "light" },
        { name: "Dark", value: "dark" },
      ],
    },
  ],
};
