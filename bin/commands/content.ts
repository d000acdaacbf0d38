/**
 * `portfolio content serve` and `portfolio content validate`: thin shells
 * around src/content/. They read flags, print and choose exit codes.
 */
import { resolve } from "node:path";
import type { Command } from "commander";
import { LOCAL_PREVIEW_TOKEN, LOCAL_TOKEN, readContentSource } from "../../src/content/sources/content-source";
import { LOCAL_OAUTH_TOKEN, LOCAL_SPACE_ID } from "../../tools/local-management-api/local-defaults";
import type { StoryFileProblem } from "../../src/content/sources/local-cdn/story-types";

// The local CDN and the validator are imported inside the actions, so
// `generate` and `check` (which share this CLI) start without loading them.

export function registerContent(program: Command): void {
  const content = program.command("content").description("Serve or check the embedded content in content/, or check a Storyblok space's.");

  content
    .command("serve")
    .description("Serve content/ over HTTP as the Storyblok Content Delivery API v2 (/v2/) and Management API v1 (/v1/).")
    .option("--port <port>", "port to listen on (0 picks a free one)", "4010")
    .option("--host <host>", "interface to listen on", "127.0.0.1")
    .option("--token <token>", "the public access token: reads published content only", LOCAL_TOKEN)
    .option("--preview-token <token>", "the preview access token: reads drafts (version=draft) too", LOCAL_PREVIEW_TOKEN)
    .option("--dir <dir>", "content directory (stories/, drafts/, assets/; space/ for the Management API)", "content")
    .option("--oauth-token <token>", "the personal access token the Management API (/v1/) accepts", LOCAL_OAUTH_TOKEN)
    .option("--space-id <id>", "the space id the Management API answers for", String(LOCAL_SPACE_ID))
    .option(
      "--schema <dir>",
      "a schema folder whose components.json the Management API shows, and whose translatable fields the CDN translates, until the space has components of its own (default: schema, when --dir is the default content)",
    )
    .action(async (flags: ServeFlags, command: Command) => {
      if (flags.token === flags.previewToken) {
        // One token for both would give the public one the drafts: exactly what the two tokens are for.
        console.error("--token and --preview-token must differ: the public token must not read drafts.");
        process.exit(2);
      }
      if (!/^[1-9]\d*$/.test(flags.spaceId)) {
        console.error(`--space-id must be a positive whole number, got "${flags.spaceId}".`);
        process.exit(2);
      }
      const { createLocalCdn, reportProblems } = await import("../../src/content/sources/local-cdn/create-local-cdn");
      const { serveOverHttp } = await import("../../src/content/sources/local-cdn/http-server");
      const { createStoryStore } = await import("../../src/content/sources/local-cdn/story-store");
      const { createLocalManagementApi } = await import("../../tools/local-management-api/create-local-management-api");
      const { combineLocalApis } = await import("../../tools/local-management-api/local-apis");
      const dir = resolve(flags.dir);
      // The embedded portfolio's space shows the repository's schema; any other folder is a space of its own.
      const schema = flags.schema ?? (command.getOptionValueSource("dir") === "default" ? "schema" : undefined);
      const schemaDir = schema === undefined ? undefined : resolve(schema);
      // The CDN translates the fields the Management API's components mark translatable: the same components.
      const store = createStoryStore(dir, { onProblems: reportOnChange(reportProblems), schemaDir });
      // Load once before listening so problems with story files are named at start.
      const { index } = await store.current();
      const cdn = createLocalCdn({ dir, token: flags.token, previewToken: flags.previewToken, store, spaceId: flags.spaceId });
      const management = createLocalManagementApi({ dir, oauthToken: flags.oauthToken, spaceId: Number(flags.spaceId), schemaDir });
      const running = await serveOverHttp(combineLocalApis(cdn, management), Number(flags.port), flags.host);
      console.log(`Serving ${index.stories.length} stories from ${dir}`);
      console.log(`  published: ${running.url}/v2/cdn/stories?token=${encodeURIComponent(flags.token)}`);
      console.log(`  drafts:    ${running.url}/v2/cdn/stories?token=${encodeURIComponent(flags.previewToken)}&version=draft`);
      console.log(
        `  Management API: STORYBLOK_MANAGEMENT_API_URL=${running.url}/v1 (space ${flags.spaceId}, Authorization: ${flags.oauthToken})`,
      );
      if (schemaDir) console.log(`  components: ${schemaDir}/components.json until the space has its own`);
    });

  // `--source storyblok`, not `--space`: elsewhere `--space` takes a space id for the Management API,
  // while the Content Delivery API knows the space from the token. The values are CONTENT_SOURCE's.
  content
    .command("validate")
    .description(
      "Check every story file, or with --source storyblok every story of a space, against the rules generated from the schema (src/generated/validators.ts); exit 1 on any problem.",
    )
    .option("--source <source>", "where the stories are: local (the files in --dir) or storyblok (a space)", "local")
    .option("--dir <dir>", "content directory (with --source local)", "content")
    .option(
      "--token <token>",
      "the space's access token: a preview token for drafts (default $STORYBLOK_PREVIEW_TOKEN, else $STORYBLOK_TOKEN), a public one with --published (default $STORYBLOK_TOKEN)",
    )
    .option("--region <code>", "space region: eu, us, ca, ap, cn; default $STORYBLOK_REGION or eu")
    .option("--api-url <url>", "Content Delivery API base URL, e.g. http://127.0.0.1:4010/v2; default $STORYBLOK_API_URL")
    .option("--published", "check the published version instead of the drafts (a public token is enough)")
    .action(async (flags: ValidateFlags, command: Command) => {
      const usage = usageError(flags, (name) => command.getOptionValueSource(name) === "cli");
      if (usage) {
        console.error(usage);
        process.exit(2);
      }
      if (flags.source === "storyblok") await validateSpaceOrExit(flags);
      else await validateDirectory(flags.dir);
    });
}

interface ServeFlags {
  port: string;
  host: string;
  token: string;
  previewToken: string;
  dir: string;
  oauthToken: string;
  spaceId: string;
  schema?: string;
}

interface ValidateFlags {
  source: string;
  dir: string;
  token?: string;
  region?: string;
  apiUrl?: string;
  published?: boolean;
}

/** Flags that contradict each other, or a space without a token: a usage error (exit 2) before anything is read. */
function usageError(flags: ValidateFlags, given: (name: string) => boolean): string | undefined {
  if (flags.source !== "local" && flags.source !== "storyblok") return `--source must be "local" or "storyblok", got "${flags.source}".`;
  if (flags.source === "local") {
    const spaceOnly = ["token", "region", "apiUrl", "published"].filter(given);
    if (spaceOnly.length > 0) return `${spaceOnly.map(flagName).join(", ")} read a space: add --source storyblok.`;
    return undefined;
  }
  if (given("dir")) return "--dir is for --source local; --source storyblok reads the space instead.";
  if (!spaceToken(flags)) {
    return flags.published
      ? "Reading a space needs a Content Delivery API token: --token or STORYBLOK_TOKEN (a public or preview token)."
      : "Reading a space's drafts needs its preview token: --token, STORYBLOK_PREVIEW_TOKEN or STORYBLOK_TOKEN (or check the published stories with --published and a public token).";
  }
  return undefined;
}

/** The token that reads the version asked for: drafts prefer the preview token the site's own draft queries use. */
function spaceToken(flags: ValidateFlags): string | undefined {
  const env = process.env;
  const candidates = flags.published ? [flags.token, env.STORYBLOK_TOKEN] : [flags.token, env.STORYBLOK_PREVIEW_TOKEN, env.STORYBLOK_TOKEN];
  return candidates.map((token) => token?.trim()).find((token) => token);
}

const flagName = (key: string) => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

async function validateDirectory(dir: string): Promise<void> {
  const { validateContentDirectory } = await import("../../tools/content-validation/validate-directory");
  const report = await validateContentDirectory(resolve(dir));
  for (const { file, problem } of report.problems) console.error(`${dir}/${file}: ${problem}`);
  if (report.problems.length > 0) {
    console.error(`${report.problems.length} problem(s) in ${dir}`);
    process.exitCode = 1;
  } else {
    console.log(`${report.storyCount} stories in ${dir} match the schema (src/generated/validators.ts).`);
  }
}

async function validateSpaceOrExit(flags: ValidateFlags): Promise<void> {
  const { createContentClient } = await import("../../src/content/access/client");
  const { toContentRequestError } = await import("../../src/content/access/content-errors");
  const { validateSpace } = await import("../../tools/content-validation/validate-space");
  // The site's own reading of the environment; the flags win over the variables. The one client
  // carries the token chosen for the version (spaceToken), a preview token when reading drafts.
  const source = readContentSource({
    CONTENT_SOURCE: "storyblok",
    STORYBLOK_TOKEN: spaceToken(flags),
    STORYBLOK_REGION: flags.region ?? process.env.STORYBLOK_REGION,
    STORYBLOK_API_URL: flags.apiUrl ?? process.env.STORYBLOK_API_URL,
  });
  const version = flags.published ? "published" : "draft";
  const report = await validateSpace(createContentClient({ source }), { version }).catch((reason: unknown) => {
    const error = toContentRequestError(reason);
    const hint =
      error.status === 401 && version === "draft" ? " (drafts need a preview token; check the published stories with --published)" : "";
    console.error(`Reading the space's ${version} stories failed: ${error.message}${hint}`);
    return process.exit(1);
  });
  for (const { fullSlug, problem } of report.problems) console.error(`${fullSlug}: ${problem}`);
  if (report.problems.length > 0) {
    console.error(`${report.problems.length} problem(s) in the space's ${version} stories`);
    process.exitCode = 1;
  } else {
    console.log(`${report.storyCount} ${version} stories in the space match the schema (src/generated/validators.ts).`);
  }
}

/** Reports each problem once while it lasts, so a long-running server does not repeat itself on every edit. */
function reportOnChange(reportProblems: (problems: StoryFileProblem[]) => void): (problems: StoryFileProblem[]) => void {
  let reported = new Set<string>();
  return (problems) => {
    const current = new Set(problems.map((p) => `${p.file}\n${p.problem}`));
    reportProblems(problems.filter((p) => !reported.has(`${p.file}\n${p.problem}`)));
    reported = current;
  };
}
