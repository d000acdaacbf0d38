/**
 * What `schema push` decides before its first write, and what it says when a
 * write fails, in-process (the CLI tests prove the same through
 * bin/portfolio): a breaking change is refused unless allowed or covered by
 * migrations the space has had; a dry run and a declined confirmation write
 * nothing; the confirmation is asked once, with the plan, and only when there
 * is something to apply; a failure names Storyblok's answer and how many
 * writes were made before it. Against the local Management API over HTTP,
 * on a space holding schema/ as `schema push` leaves it.
 */
import { cp, mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createManagementClient } from "../../../tools/management-api/management-client";
import { pullSpaceSchema } from "../../../tools/management-api/pull-space-schema";
import { readSpaceJournal, recordInSpace } from "../../../tools/migrations/space/space-journal";
import type { SchemaPlan } from "../../../tools/schema-push/plan-model";
import { pushSchema, SchemaPushError, type PushSchemaOptions } from "../../../tools/schema-push/push-schema";
import { REPO } from "../../support/repo-root";
import { componentIn, THEMES, writeSchemaDir } from "./schema-push-helpers";
import {
  CONTENT,
  isWrite,
  removeDirs,
  spaceWithComponents,
  SPACE_ID,
  startLocalSpace,
  type Interceptor,
  type LocalSpace,
} from "./space-harness";

const MIGRATION = "20261121090000-drop-client";
const dirs: string[] = [];
let temp: string;
/** schema/ without project.client: one breaking change (a field removed), one write. */
let withoutClient: string;
/** schema/ with a new description on project: one change, not breaking. */
let described: string;
let space: LocalSpace | undefined;

beforeAll(async () => {
  temp = await mkdtemp(join(tmpdir(), "schema-push-outcomes-"));
  dirs.push(temp);
  withoutClient = writeSchemaDir(join(temp, "without-client"), (schema) => {
    delete componentIn(schema, "project").schema.client;
  });
  described = writeSchemaDir(join(temp, "described"), (schema) => {
    componentIn(schema, "project").description = "A project, described anew.";
  });
  for (const dir of [withoutClient, described]) await cp(join(REPO, "schema", "relations.json"), join(dir, "relations.json"));
});

afterEach(async () => {
  await space?.close();
  space = undefined;
});
afterAll(() => removeDirs(dirs));

/** A space holding schema/, no limit; `intercept` stands in front of it. */
async function schemaSpace(intercept?: Interceptor): Promise<LocalSpace> {
  const dir = await spaceWithComponents();
  dirs.push(dir);
  space = await startLocalSpace(dir, { requestsPerSecond: Number.POSITIVE_INFINITY, ...(intercept && { intercept }) });
  return space;
}

/** Pushes, and returns the result with the write requests the server saw during it and the plans `confirm` was asked with. */
async function push(target: LocalSpace, options: PushSchemaOptions, answer?: boolean) {
  const asked: SchemaPlan[] = [];
  const from = target.mapi.requests.length;
  const result = await pushSchema(target.client(), {
    ...options,
    ...(answer !== undefined && {
      confirm: (plan: SchemaPlan) => {
        asked.push(plan);
        return answer;
      },
    }),
  });
  return { result, asked, writes: target.mapi.requests.slice(from).filter(isWrite) };
}

async function projectFields(target: LocalSpace): Promise<string[]> {
  const project = (await target.mapi.store.read()).components.find((component) => component.name === "project")!;
  return Object.keys(project.schema as Record<string, unknown>);
}

const NONE = { created: 0, updated: 0, deleted: 0 };

describe("before the first write", () => {
  it("schema/ as the space has it: unchanged, nothing asked, nothing written", async () => {
    const target = await schemaSpace();
    const { result, asked, writes } = await push(target, { schemaDir: join(REPO, "schema") }, true);
    expect(result.outcome).toBe("unchanged");
    expect(result.writes).toEqual(NONE);
    expect(asked).toEqual([]);
    expect(writes).toEqual([]);
  });

  it("a breaking change: refused without allowBreaking, nothing asked or written, the field still there", async () => {
    const target = await schemaSpace();
    const { result, asked, writes } = await push(target, { schemaDir: withoutClient }, true);
    expect(result.outcome).toBe("refused");
    expect(result.plan.breaking).toEqual([{ subject: "field project.client", reason: "removed" }]);
    expect(result.coverage).toBeUndefined();
    expect(result.writes).toEqual(NONE);
    expect(asked).toEqual([]);
    expect(writes).toEqual([]);
    expect(await projectFields(target)).toContain("client");
  });

  it("a dry run, breaking allowed or not breaking at all: the plan, nothing asked or written", async () => {
    const target = await schemaSpace();
    for (const options of [
      { schemaDir: withoutClient, allowBreaking: true, dryRun: true },
      { schemaDir: described, dryRun: true },
    ]) {
      const { result, asked, writes } = await push(target, options, true);
      expect(result.outcome).toBe("dry-run");
      expect(result.plan.components.map((step) => `${step.action} ${step.name}`)).toEqual(["change project"]);
      expect(result.writes).toEqual(NONE);
      expect(asked).toEqual([]);
      expect(writes).toEqual([]);
    }
    expect(await projectFields(target)).toContain("client");
  });

  it("declined: asked once with the plan, nothing written", async () => {
    const target = await schemaSpace();
    const { result, asked, writes } = await push(target, { schemaDir: withoutClient, allowBreaking: true }, false);
    expect(result.outcome).toBe("declined");
    expect(asked).toEqual([result.plan]);
    expect(result.writes).toEqual(NONE);
    expect(writes).toEqual([]);
    expect(await projectFields(target)).toContain("client");
  });

  it("confirmed: asked once, then applied with one write, counted", async () => {
    const target = await schemaSpace();
    const { result, asked, writes } = await push(target, { schemaDir: withoutClient, allowBreaking: true }, true);
    expect(result.outcome).toBe("applied");
    expect(asked).toHaveLength(1);
    expect(result.writes).toEqual({ created: 0, updated: 1, deleted: 0 });
    expect(writes.map((request) => request.method)).toEqual(["PUT"]);
    expect(await projectFields(target)).not.toContain("client");
  });
});

describe("a breaking change migrations have covered", () => {
  /** A migrations folder whose last migration's schema is `withoutClient`. */
  async function migrationsTo(): Promise<string> {
    const migrations = await mkdtemp(join(temp, "migrations-"));
    await cp(join(REPO, "schema"), join(migrations, "20261120090000-baseline", "schema"), { recursive: true });
    await cp(withoutClient, join(migrations, MIGRATION, "schema"), { recursive: true });
    await writeFile(join(migrations, `${MIGRATION}.ts`), "export default {};\n");
    return migrations;
  }

  it("is refused while the space has not had the migration, saying why; nothing written", async () => {
    const target = await schemaSpace();
    const { result, writes } = await push(target, { schemaDir: withoutClient, migrationsDir: await migrationsTo(), spaceId: 7 });
    expect(result.outcome).toBe("refused");
    expect(result.coverage).toEqual({
      covered: false,
      reason: `the space has not had 1 migration(s): ${MIGRATION} (\`portfolio migrate run --space 7\` runs them)`,
    });
    expect(writes).toEqual([]);
  });

  it("without the space's id, names its place in the command it advises", async () => {
    const target = await schemaSpace();
    const { result } = await push(target, { schemaDir: withoutClient, migrationsDir: await migrationsTo() });
    expect(result.outcome).toBe("refused");
    expect(result.coverage).toEqual({
      covered: false,
      reason: `the space has not had 1 migration(s): ${MIGRATION} (\`portfolio migrate run --space ID\` runs them)`,
    });
  });

  it("is applied without allowBreaking once the space's journal lists it, and the plan says why", async () => {
    const target = await schemaSpace();
    const client = target.client();
    await recordInSpace(client, await readSpaceJournal(client), [MIGRATION], "2026-11-21T09:05:00.000Z");
    const migrations = await migrationsTo();
    const { result } = await push(target, { schemaDir: withoutClient, migrationsDir: migrations });
    expect(result.outcome).toBe("applied");
    expect(result.coverage).toEqual({ covered: true, migrations: [MIGRATION] });
    expect(result.plan.notes).toContain(
      `The breaking changes are ones the space's stories have been through: the space has had every migration in ${migrations}/ (1), and ${withoutClient}/ is the last one's schema.`,
    );
    expect(await projectFields(target)).not.toContain("client");
  });

  it("for space push, is applied when the content it pushes has had it, and the plan names the content", async () => {
    const target = await schemaSpace();
    const content = await mkdtemp(join(temp, "content-"));
    await cp(CONTENT, content, { recursive: true });
    await mkdir(join(content, ".migrations"));
    await writeFile(
      join(content, ".migrations", "journal.json"),
      JSON.stringify({ runs: [{ ran: "2026-11-21T09:05:00.000Z", migrations: [MIGRATION], files: [] }] }),
    );
    const migrations = await migrationsTo();
    const { result } = await push(target, {
      schemaDir: withoutClient,
      migrationsDir: migrations,
      pushing: { dir: content, slugs: [] },
      dryRun: true,
    });
    expect(result.outcome).toBe("dry-run");
    expect(result.plan.notes).toContain(
      `The breaking changes are ones the pushed stories have been through: ${content} has had every migration in ${migrations}/ (1), ${withoutClient}/ is the last one's schema, and the space holds no other story.`,
    );
  });
});

describe("a failing request", () => {
  it("reading the space: a SchemaPushError with Storyblok's answer and no writes", async () => {
    const target = await schemaSpace();
    const wrongToken = createManagementClient({ token: "wrong", spaceId: SPACE_ID, apiUrl: target.apiUrl, requestsPerSecond: 1000 });
    const error = await pushSchema(wrongToken, { schemaDir: described }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SchemaPushError);
    expect((error as SchemaPushError).failure.status).toBe(401);
    expect(String(error)).toBe(`SchemaPushError: ${(error as SchemaPushError).message}`);
    expect((error as SchemaPushError).writes).toEqual(NONE);
  });

  it("a write: a SchemaPushError with the answer and the writes made before it", async () => {
    let writes = 0;
    // The second write is refused: the first (a group) was made.
    const target = await schemaSpace(async (request, forward) => {
      if (request.method === "GET" || ++writes !== 2) return forward(request);
      return new Response(JSON.stringify({ name: ["is invalid"] }), { status: 422, headers: { "content-type": "application/json" } });
    });
    const twoNew = writeSchemaDir(join(temp, "two-new"), (schema) => {
      schema.component_groups.push({ name: "Extras", uuid: "0f0e0d0c-0b0a-4908-8706-050403020100" });
      componentIn(schema, "project").description = "Described.";
    });
    const error = await pushSchema(target.client(), { schemaDir: twoNew }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SchemaPushError);
    expect((error as SchemaPushError).message).toBe('422 Unprocessable Entity: {"name":["is invalid"]}');
    expect((error as SchemaPushError).writes).toEqual({ created: 1, updated: 0, deleted: 0 });
  });
});

describe("schema pull's reading of the space", () => {
  it("gives each datasource as schema/ saves it (slug, name, entries' names and values) and reads no presets: components list theirs", async () => {
    const target = await schemaSpace();
    const withThemes = writeSchemaDir(join(temp, "themes"), () => {}, THEMES);
    expect((await pushSchema(target.client(), { schemaDir: withThemes })).outcome).toBe("applied");
    const from = target.mapi.requests.length;
    const pulled = await pullSpaceSchema(target.client());
    expect(pulled.datasources).toEqual(THEMES.datasources);
    const read = target.mapi.requests.slice(from).map((request) => request.path.replace(/\?.*/, ""));
    expect(read.filter((path) => path.includes("/presets"))).toEqual([]);
    expect(read).toContain(`/v1/spaces/${SPACE_ID}/components`);
  });
});
