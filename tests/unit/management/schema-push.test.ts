import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generate, pulledSchemaFiles } from "storyblok-typed-codegen";
import type { ManagementClient } from "../../../tools/management-api/management-client";
import { pullSpaceSchema } from "../../../tools/management-api/pull-space-schema";
import { pushSchema, type PushSchemaResult } from "../../../tools/schema-push/push-schema";
import { readGeneratedDir } from "../../../bin/commands/generate";
import { REPO } from "../../support/repo-root";
import { startManagementApi, type RunningManagementApi } from "../content/local-management-api/mapi-harness";
import { repositorySchema, writesIn } from "./schema-push-helpers";

/**
 * `schema push` against the local Management API over HTTP, through the
 * project's Management API client (library calls) and the CLI
 * (`node bin/portfolio.js schema push`). Requests and writes are counted in
 * the emulator's own log.
 */

const temp = mkdtempSync(join(tmpdir(), "schema-push-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

// Without Storyblok's 3 requests a second: push-rate-limit.test.ts proves the push keeps to it.
describe("schema/ pushed to an empty space", () => {
  let api: RunningManagementApi;
  let client: ManagementClient;
  let first: PushSchemaResult;
  let second: PushSchemaResult;
  let secondWrites: number;

  beforeAll(async () => {
    api = await startManagementApi();
    client = api.client();
    first = await pushSchema(client, { schemaDir: join(REPO, "schema") });
    const before = api.api.requests.length;
    second = await pushSchema(client, { schemaDir: join(REPO, "schema") });
    secondWrites = writesIn(api.api.requests.slice(before)).length;
  }, 120_000);
  afterAll(() => api.close());

  it("creates every group and component, one write each, and sets the space's languages in one more", async () => {
    const schema = repositorySchema();
    expect(first.outcome).toBe("applied");
    expect(first.writes).toEqual({ created: schema.component_groups.length + schema.components.length, updated: 1, deleted: 0 });
    expect(first.plan.breaking).toEqual([]);
    const { settings } = await api.api.store.read();
    expect(settings.default_lang_name).toBe("English");
    expect(settings.languages).toEqual([{ code: "nl", name: "Nederlands", ai_translation_code: null }]);
  });

  it("pulled back and generated, gives src/generated/ byte for byte but the header line naming the schema: translatable fields and languages included", async () => {
    const pulledDir = join(temp, "pulled");
    const files = pulledSchemaFiles(await pullSpaceSchema(client));
    expect(files.map((file) => file.path)).toEqual(["components.json", "languages.json"]);
    expect(files[1]!.contents).toBe(readFileSync(join(REPO, "schema/languages.json"), "utf8"));
    const result = generate({
      documents: [JSON.parse(files[0]!.contents)],
      languages: JSON.parse(files[1]!.contents),
      relations: JSON.parse(readFileSync(join(REPO, "schema/relations.json"), "utf8")),
      schemaLabel: `${pulledDir}/components.json`,
      // The command src/generated's header names (package.json's "storyblok-typed-codegen" key).
      command: "npm run codegen",
    });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const committed = readGeneratedDir(join(REPO, "src/generated"));
    expect(result.files.map((file) => file.path).sort()).toEqual([...committed.keys()].sort());
    for (const file of result.files) {
      const [header, ...body] = file.contents.split("\n");
      const [committedHeader, ...committedBody] = committed.get(file.path)!.split("\n");
      // The committed header names the schema from src/generated, as the CLI writes it.
      expect(header).toBe(committedHeader!.replace("../../schema/components.json", `${pulledDir}/components.json`));
      expect(body.join("\n"), file.path).toBe(committedBody.join("\n"));
    }
  });

  it("maps group uuids: the space's groups have their own, and every group and whitelist points at the space's", async () => {
    const schema = repositorySchema();
    const state = await api.api.store.read();
    const spaceUuid = new Map(state.componentGroups.map((group) => [group.name, group.uuid]));
    expect([...spaceUuid.keys()].sort()).toEqual(schema.component_groups.map((group) => group.name).sort());
    const localName = new Map(schema.component_groups.map((group) => [group.uuid, group.name]));
    for (const uuid of spaceUuid.values()) expect(localName.has(uuid)).toBe(false);

    let whitelists = 0;
    for (const component of schema.components) {
      const stored = state.components.find((candidate) => candidate.name === component.name)!;
      expect(stored.component_group_uuid ?? null).toBe(
        component.component_group_uuid ? spaceUuid.get(localName.get(component.component_group_uuid as string)!) : null,
      );
      for (const [key, field] of Object.entries(component.schema)) {
        const whitelist = field.component_group_whitelist as string[] | undefined;
        if (!whitelist) continue;
        whitelists++;
        const storedField = (stored.schema as Record<string, Record<string, unknown>>)[key]!;
        expect(storedField.component_group_whitelist).toEqual(whitelist.map((uuid) => spaceUuid.get(localName.get(uuid)!)));
      }
      expect(stored.id).not.toBe(component.id);
    }
    expect(whitelists).toBeGreaterThan(0);
  });

  it("pushed again: nothing to do, zero write calls", () => {
    expect(second.outcome).toBe("unchanged");
    expect(second.writes).toEqual({ created: 0, updated: 0, deleted: 0 });
    expect(secondWrites).toBe(0);
  });
});

describe.each(["fran-moreno-alcala", "hedvig-market-web", "storyblok-nuxt-ultimate-tutorial"])("the real-world schema %s", (name) => {
  it("pushed to an empty space, then again: the second push has nothing to do and writes nothing", async () => {
    const schemaDir = join(temp, name);
    mkdirSync(schemaDir);
    copyFileSync(join(REPO, "tests/fixtures/schemas", `${name}.components.json`), join(schemaDir, "components.json"));
    const api = await startManagementApi();
    try {
      const client = api.client();
      const first = await pushSchema(client, { schemaDir });
      expect(first.outcome).toBe("applied");
      const before = api.api.requests.length;
      const second = await pushSchema(client, { schemaDir });
      expect(second.plan).toMatchObject({ groups: [], components: [], presets: [], datasources: [] });
      expect(second.outcome).toBe("unchanged");
      expect(writesIn(api.api.requests.slice(before))).toEqual([]);

      // Presets and default presets arrive under the space's own ids.
      const schema = JSON.parse(readFileSync(join(schemaDir, "components.json"), "utf8")) as {
        components: { name: string; preset_id?: number | null; all_presets?: { id: number; name: string }[] }[];
      };
      const state = await api.api.store.read();
      for (const component of schema.components) {
        const stored = state.components.find((candidate) => candidate.name === component.name)!;
        const presets = state.presets.filter((preset) => preset.component_id === stored.id);
        expect(presets.map((preset) => preset.name)).toEqual((component.all_presets ?? []).map((preset) => preset.name));
        const defaultName = component.all_presets?.find((preset) => preset.id === component.preset_id)?.name;
        expect(presets.find((preset) => preset.id === stored.preset_id)?.name).toBe(defaultName);
      }
    } finally {
      await api.close();
    }
  });
});

describe("translatable fields and languages, pushed to a space that has them", () => {
  it("a field no longer translatable and a language removed are breaking: refused without --allow-breaking, then applied", async () => {
    const api = await startManagementApi();
    const schemaDir = join(temp, "one-language");
    mkdirSync(schemaDir);
    try {
      const client = api.client();
      expect((await pushSchema(client, { schemaDir: join(REPO, "schema") })).outcome).toBe("applied");
      const schema = repositorySchema();
      delete schema.components.find((component) => component.name === "link")!.schema.label!.translatable;
      writeFileSync(join(schemaDir, "components.json"), JSON.stringify(schema));
      copyFileSync(join(REPO, "schema/relations.json"), join(schemaDir, "relations.json"));
      writeFileSync(join(schemaDir, "languages.json"), JSON.stringify({ default_lang_name: "English", languages: [] }));

      const before = api.api.requests.length;
      const refused = await pushSchema(client, { schemaDir });
      expect(refused.outcome).toBe("refused");
      expect(refused.plan.breaking).toEqual([
        { subject: "field link.label", reason: "no longer translatable: its translations in the space's stories are no longer served" },
        { subject: "language nl", reason: "removed: the stories' translations into it are no longer served" },
      ]);
      expect(writesIn(api.api.requests.slice(before))).toEqual([]);

      const applied = await pushSchema(client, { schemaDir, allowBreaking: true });
      expect(applied.outcome).toBe("applied");
      expect(applied.writes).toEqual({ created: 0, updated: 2, deleted: 0 });
      const state = await api.api.store.read();
      expect(state.settings.languages).toEqual([]);
      const link = state.components.find((component) => component.name === "link")!;
      expect((link.schema as Record<string, Record<string, unknown>>).label!.translatable ?? false).toBe(false);
    } finally {
      await api.close();
    }
  });
});
