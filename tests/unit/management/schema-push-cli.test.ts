import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { readGeneratedDir } from "../../../bin/commands/generate";
import { pushSchema } from "../../../tools/schema-push/push-schema";
import { REPO } from "../../support/repo-root";
import { SPACE_ID, startManagementApi, TOKEN, type RunningManagementApi } from "../content/local-management-api/mapi-harness";
import { componentIn, portfolio, THEMES, writeSchemaDir, writesIn, type CliRun } from "./schema-push-helpers";

/**
 * `portfolio schema push` as a user runs it (`node bin/portfolio.js`, stdin
 * not a terminal), against the local Management API served over HTTP: the
 * plan it prints, what it refuses, its exit codes, and the writes the
 * emulator saw. Each space is first given schema/ through the library at full
 * speed; the CLI then runs at Storyblok's 3 requests per second.
 */

const temp = mkdtempSync(join(tmpdir(), "schema-push-cli-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

let api: RunningManagementApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

/** A space holding `schemaDir`, pushed at full speed. */
async function spaceWith(schemaDir: string): Promise<RunningManagementApi> {
  api = await startManagementApi();
  const seeded = await pushSchema(api.client(), { schemaDir });
  expect(seeded.outcome).toBe("applied");
  return api;
}

/** Runs `schema push` on the space and returns the run and the write calls the emulator answered meanwhile. */
async function push(space: RunningManagementApi, dir: string, ...flags: string[]): Promise<CliRun & { writes: number }> {
  const before = space.api.requests.length;
  const run = await portfolio([
    "schema",
    "push",
    "--space",
    String(SPACE_ID),
    "--api-url",
    `${space.url}/v1`,
    "--token",
    TOKEN,
    "--dir",
    dir,
    ...flags,
  ]);
  return { ...run, writes: writesIn(space.api.requests.slice(before)).length };
}

describe("breaking changes", () => {
  it("a field removed, retyped so old values do not fit, or added as required are refused with exit 2 and named, then applied with --allow-breaking", async () => {
    const space = await spaceWith(join(REPO, "schema"));
    const dir = writeSchemaDir(join(temp, "fields"), (schema) => {
      const project = componentIn(schema, "project");
      delete project.schema.client;
      project.schema.summary!.type = "richtext";
      project.schema.status = { type: "option", pos: 30, required: true, options: [{ name: "Live", value: "live" }] };
    });

    const refused = await push(space, dir, "--yes");
    expect(refused.code).toBe(2);
    expect(refused.writes).toBe(0);
    expect(refused.stdout).toContain("      - field client (text)  [breaking]");
    expect(refused.stdout).toContain("      + field status (option)  [breaking]");
    expect(refused.stderr).toContain("Refused, nothing was written: 3 breaking change(s):");
    expect(refused.stderr).toContain("  field project.client: removed");
    expect(refused.stderr).toContain('  field project.status: added, required "live": stories in the space have no value for it');
    expect(refused.stderr).toContain(
      "  field project.summary: retyped required string → required RichTextDoc<NestableBlok>: some values may not fit",
    );
    // The repository's migrations/ holds only its baseline: no migration has moved the space's stories.
    expect(refused.stderr).toContain("Not yet covered by migrations: migrations/ holds no migration, so none moved the space's stories.");
    expect(refused.stderr).toContain("see `portfolio migrate new`");
    expect(refused.stderr).toContain("push with --allow-breaking");

    const applied = await push(space, dir, "--yes", "--allow-breaking");
    expect(applied.stderr).toBe("");
    expect(applied.code).toBe(0);
    expect(applied.writes).toBe(1);
    expect(applied.stdout).toContain(`Applied to space ${SPACE_ID}: 1 write call(s) (0 created, 1 updated, 0 deleted).`);
    const project = (await space.api.store.read()).components.find((component) => component.name === "project")!;
    const fields = project.schema as Record<string, Record<string, unknown>>;
    expect(fields.client).toBeUndefined();
    expect(fields.summary!.type).toBe("richtext");
  });

  it("judged as `portfolio check` judges: a new Storyblok type every old value fits and an option added are applied; an option removed is breaking", async () => {
    const space = await spaceWith(join(REPO, "schema"));
    // Storyblok keeps a number field's value as a string, so text holds every value it had.
    const widened = writeSchemaDir(join(temp, "widened"), (schema) => {
      const project = componentIn(schema, "project");
      project.schema.year!.type = "text";
      (project.schema.theme!.options as { name: string; value: string }[]).push({ name: "Sepia", value: "sepia" });
    });
    const applied = await push(space, widened, "--yes");
    expect(applied.stderr).toBe("");
    expect(applied.code).toBe(0);
    expect(applied.stdout).toContain('~ field year: type "number" → "text"');
    expect(applied.stdout).not.toContain("[breaking]");

    const narrowed = writeSchemaDir(join(temp, "narrowed"), (schema) => {
      const project = componentIn(schema, "project");
      project.schema.year!.type = "text";
      project.schema.theme!.options = (project.schema.theme!.options as { value: string }[]).filter((option) => option.value !== "accent");
    });
    const refused = await push(space, narrowed, "--yes");
    expect(refused.code).toBe(2);
    expect(refused.writes).toBe(0);
    // Against the space as the first push left it, Sepia included.
    expect(refused.stderr).toContain(
      '  field project.theme: retyped optional "light" | "dark" | "accent" | "sepia" → optional "light" | "dark": some values may not fit',
    );
  });

  it("a component and a datasource entry schema/ no longer has stay without --prune; with it they are refused, then removed with --allow-breaking", async () => {
    const space = await spaceWith(writeSchemaDir(join(temp, "themes"), () => {}, THEMES));
    const dir = writeSchemaDir(
      join(temp, "fewer"),
      (schema) => {
        schema.components = schema.components.filter((component) => component.name !== "single_card");
      },
      { datasources: [{ ...THEMES.datasources[0]!, entries: [{ name: "Light", value: "light" }] }] },
    );

    const kept = await push(space, dir, "--yes");
    expect(kept.code).toBe(0);
    expect(kept.writes).toBe(0);
    expect(kept.stdout).toContain("No changes: the space already holds what schema/ holds.");
    expect(kept.stdout).toContain(
      'In the space but not in schema/, left as they are (--prune deletes them):\n  component single_card\n  datasource themes entry "dark"',
    );

    const refused = await push(space, dir, "--yes", "--prune");
    expect(refused.code).toBe(2);
    expect(refused.writes).toBe(0);
    expect(refused.stdout).toContain("  - single_card  [breaking]");
    expect(refused.stdout).toContain('      - entry "dark" (Dark)  [breaking]');
    expect(refused.stderr).toContain("  component single_card: removed");
    expect(refused.stderr).toContain('  datasource themes entry "dark": removed');

    const applied = await push(space, dir, "--yes", "--prune", "--allow-breaking");
    expect(applied.code).toBe(0);
    expect(applied.writes).toBe(2);
    const state = await space.api.store.read();
    expect(state.components.map((component) => component.name)).not.toContain("single_card");
    expect(state.datasourceEntries.map((entry) => entry.value)).toEqual(["light"]);
  });
});

it("non-breaking changes (a field and a component added, descriptions) are applied without --allow-breaking, listed field by field", async () => {
  const space = await spaceWith(join(REPO, "schema"));
  const dir = writeSchemaDir(join(temp, "additions"), (schema) => {
    componentIn(schema, "project").schema.tagline = { type: "text", pos: 18, description: "One line under the title." };
    componentIn(schema, "project").schema.summary!.description = "Two sentences at most.";
    componentIn(schema, "card").description = "A card in a card list.";
    schema.components.push({
      name: "quote",
      is_root: false,
      is_nestable: true,
      component_group_uuid: schema.component_groups[2]!.uuid,
      schema: { text: { type: "textarea", pos: 0 } },
    });
  });
  const run = await push(space, dir, "--yes");
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  expect(run.stdout).toContain(
    [
      "Components:",
      "  ~ card",
      '      ~ description null → "A card in a card list."',
      "  ~ project",
      '      ~ field summary: description "One or two sentences for cards and search results." → "Two sentences at most."',
      "      + field tagline (text)",
      "  + quote",
      "      is_nestable true",
      `      component_group "${(JSON.parse(readFileSync(join(dir, "components.json"), "utf8")) as { component_groups: { name: string }[] }).component_groups[2]!.name}"`,
      "      + field text (textarea)",
    ].join("\n"),
  );
  expect(run.stdout).toContain("1 to add, 2 to change, 0 to remove.");
  expect(run.writes).toBe(3);
  const state = await space.api.store.read();
  expect(state.components.find((component) => component.name === "quote")?.schema).toEqual({ text: { type: "textarea", pos: 0 } });
  expect((await push(space, dir, "--yes")).writes).toBe(0);
});

describe("the space's languages", () => {
  it("are in the plan and the dry run (zero writes), set with one write when applied, and then unchanged", async () => {
    const space = await spaceWith(join(REPO, "schema"));
    const dir = writeSchemaDir(join(temp, "languages"), () => {});
    const languages = {
      default_lang_name: "English",
      languages: [
        { code: "nl", name: "Nederlands" },
        { code: "de", name: "Deutsch" },
      ],
    };
    writeFileSync(join(dir, "languages.json"), JSON.stringify(languages));

    const dry = await push(space, dir, "--dry-run");
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.writes).toBe(0);
    expect(dry.stdout).toContain(
      "Languages (the default language, English, and nl (Nederlands), de (Deutsch); the space has nl (Nederlands)):\n  + de (Deutsch)\n",
    );
    expect(dry.stdout).toContain("0 to add, 1 to change, 0 to remove.");

    const applied = await push(space, dir, "--yes");
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.writes).toBe(1);
    expect((await space.api.store.read()).settings.languages.map((language) => language.code)).toEqual(["nl", "de"]);
    expect((await push(space, dir, "--yes")).writes).toBe(0);
  });
});

describe("what writes nothing", () => {
  it("--dry-run prints the plan, exit 0, zero writes; without --yes off a terminal, exit 2 and zero writes", async () => {
    const space = await spaceWith(join(REPO, "schema"));
    const dir = writeSchemaDir(join(temp, "dry"), (schema) => {
      componentIn(schema, "link").schema.title = { type: "text", pos: 9 };
    });

    const dry = await push(space, dir, "--dry-run");
    expect(dry.code).toBe(0);
    expect(dry.writes).toBe(0);
    expect(dry.stdout).toContain("  ~ link\n      + field title (text)");
    expect(dry.stdout).toContain("Dry run: nothing was written.");

    const unasked = await push(space, dir);
    expect(unasked.code).toBe(2);
    expect(unasked.writes).toBe(0);
    expect(unasked.stdout).toContain("+ field title (text)");
    expect(unasked.stderr).toContain("Nothing was written: not on a terminal, so there is no one to ask. Pass --yes to apply the plan.");
  });

  it("on a terminal it asks after the plan: no (or just Enter) writes nothing and exits 2; yes applies it", async () => {
    const space = await spaceWith(join(REPO, "schema"));
    const dir = writeSchemaDir(join(temp, "asked"), (schema) => {
      componentIn(schema, "link").schema.note = { type: "text", pos: 10 };
    });
    const args = ["schema", "push", "--space", String(SPACE_ID), "--api-url", `${space.url}/v1`, "--token", TOKEN, "--dir", dir];

    for (const answer of ["n", ""]) {
      const before = space.api.requests.length;
      const declined = await onTerminal(args, answer);
      expect(declined.output).toContain("Apply this plan? (y/N)");
      expect(declined.code).toBe(2);
      expect(writesIn(space.api.requests.slice(before))).toEqual([]);
    }

    const before = space.api.requests.length;
    const accepted = await onTerminal(args, "y");
    expect(accepted.code, accepted.output).toBe(0);
    expect(writesIn(space.api.requests.slice(before))).toHaveLength(1);
  });

  it("a wrong token is an API failure (exit 1) with Storyblok's answer; no token is a usage error (exit 2)", async () => {
    api = await startManagementApi();
    const wrong = await portfolio([
      "schema",
      "push",
      "--space",
      String(SPACE_ID),
      "--api-url",
      `${api.url}/v1`,
      "--token",
      "wrong",
      "--yes",
    ]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain(`Pushing the schema to space ${SPACE_ID} failed: 401 Unauthorized: {"error":"Unauthorized"}`);
    const none = await portfolio(["schema", "push", "--space", String(SPACE_ID), "--api-url", `${api.url}/v1`, "--yes"]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("Pushing a schema needs --space and a Management API token");
    expect(writesIn(api.api.requests)).toEqual([]);
  });

  it("a schema whose whitelist names a group it does not define is bad input: exit 2 before any request", async () => {
    api = await startManagementApi();
    const dir = writeSchemaDir(join(temp, "dangling"), (schema) => {
      componentIn(schema, "page").schema.body!.component_group_whitelist = ["0000-no-such-group"];
    });
    const run = await push(api, dir, "--yes");
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("field page.body refers to component group 0000-no-such-group, which is not a group in schema/");
    expect(api.api.requests).toEqual([]);
  });
});

describe("end to end on `portfolio content serve`", () => {
  let server: ChildProcess | undefined;
  afterAll(() => {
    server?.kill();
  });

  it("push schema/ to an empty folder, pull it back, generate: src/generated/ but the header line; a second push has nothing to do", async () => {
    const contentDir = join(temp, "served");
    mkdirSync(contentDir);
    server = spawn(process.execPath, ["bin/portfolio.js", "content", "serve", "--port", "0", "--dir", contentDir], {
      cwd: REPO,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const apiUrl = await new Promise<string>((resolve, reject) => {
      let output = "";
      server!.stdout!.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        const url = /STORYBLOK_MANAGEMENT_API_URL=(\S+)/.exec(output)?.[1];
        if (url) resolve(url);
      });
      server!.on("exit", (code) => reject(new Error(`content serve exited with ${code}: ${output}`)));
    });
    const env = { STORYBLOK_MANAGEMENT_API_URL: apiUrl, STORYBLOK_OAUTH_TOKEN: "local-oauth" };

    const pushed = await portfolio(["schema", "push", "--space", "1", "--yes"], env);
    expect(pushed.stderr).toBe("");
    expect(pushed.code).toBe(0);
    expect(pushed.stdout).toMatch(/Applied to space 1: \d+ write call\(s\)/);

    const pulledDir = join(temp, "served-schema");
    const pulled = await portfolio(["schema", "pull", "--space", "1", "--dir", pulledDir], env);
    expect(pulled.code).toBe(0);
    const out = join(temp, "served-generated");
    const generated = await portfolio([
      "generate",
      "--schema",
      join(pulledDir, "components.json"),
      "--relations",
      "schema/relations.json",
      "--out",
      out,
    ]);
    expect(generated.code).toBe(0);
    const committed = readGeneratedDir(join(REPO, "src/generated"));
    const fresh = readGeneratedDir(out);
    expect([...fresh.keys()].sort()).toEqual([...committed.keys()].sort());
    for (const [path, contents] of fresh) {
      const withoutHeader = (text: string) => text.slice(text.indexOf("\n"));
      expect(withoutHeader(contents), path).toBe(withoutHeader(committed.get(path)!));
      // The header names the schema relative to the output folder, wherever the CLI ran.
      expect(contents.split("\n")[0]).toContain(` from ${relative(out, join(pulledDir, "components.json"))}.`);
    }

    const again = await portfolio(["schema", "push", "--space", "1", "--yes"], env);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("No changes: the space already holds what schema/ holds.");
  });
});

/**
 * The CLI on a pseudo-terminal (util-linux `script`), as someone at a shell runs it: stdin is a
 * terminal, so it may ask. `answer` is typed once the question is printed.
 */
function onTerminal(args: string[], answer: string): Promise<{ code: number | null; output: string }> {
  const quote = (arg: string) => `'${arg.replace(/'/g, "'\\''")}'`;
  const command = [process.execPath, "bin/portfolio.js", ...args].map(quote).join(" ");
  const child: ChildProcess = spawn("script", ["-qec", command, "/dev/null"], {
    cwd: REPO,
    env: { ...process.env, STORYBLOK_OAUTH_TOKEN: "", STORYBLOK_MANAGEMENT_API_URL: "" },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let output = "";
  let answered = false;
  const onOutput = (chunk: Buffer) => {
    output += chunk.toString();
    if (!answered && output.includes("(y/N)")) {
      answered = true;
      child.stdin?.write(`${answer}\r`);
    }
  };
  child.stdout?.on("data", onOutput);
  child.stderr?.on("data", onOutput);
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, output })));
}
