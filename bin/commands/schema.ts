import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Command } from "commander";
import { pullSchema, pulledSchemaFiles, type ManagementApi, type PulledSchema } from "../../codegen";

/** Flags that say which space to read and how; shared with `check --remote`. */
export interface SpaceFlags {
  space?: string;
  token?: string;
  region?: string;
  apiUrl?: string;
}

interface PullFlags extends SpaceFlags {
  dir: string;
}

/** The Management API allows 3 requests per second on most plans; stay at it. */
const REQUESTS_PER_SECOND = 3;

/**
 * `portfolio schema pull --space ID`: saves the space's components, groups
 * and datasources into schema/. Exit 0 on success, 1 when the API fails,
 * 2 when the space or token is missing.
 */
export function registerSchema(program: Command): void {
  const schema = program.command("schema").description("Manage the content model in schema/.");
  const pull = schema
    .command("pull")
    .description("Download components, component groups and datasources from a Storyblok space.")
    .option("--dir <dir>", "where to write components.json and datasources.json", "schema");
  addSpaceFlags(pull).action(async (flags: PullFlags) => {
    const pulled = await pullOrExit(flags);
    const files = pulledSchemaFiles(pulled);
    mkdirSync(flags.dir, { recursive: true });
    for (const file of files) writeFileSync(join(flags.dir, file.path), file.contents);
    console.log(`Pulled space ${flags.space} into ${files.map((file) => join(flags.dir, file.path)).join(", ")}.`);
  });
}

export function addSpaceFlags(command: Command): Command {
  return command
    .option("--space <id>", "the space id")
    .option("--token <oauth>", "personal access (OAuth) token; default $STORYBLOK_OAUTH_TOKEN")
    .option("--region <code>", "space region: eu, us, ca, ap, cn; default $STORYBLOK_REGION or eu")
    .option("--api-url <url>", "Management API base URL, e.g. http://localhost:4020/v1; default $STORYBLOK_MANAGEMENT_API_URL");
}

/** Pulls the space's schema; exits 2 without a space or token and 1 when the API fails. */
export async function pullOrExit(flags: SpaceFlags): Promise<PulledSchema> {
  const token = flags.token ?? process.env.STORYBLOK_OAUTH_TOKEN;
  if (!flags.space || !token) {
    console.error("Reading a space needs --space and a Management API token: --token or STORYBLOK_OAUTH_TOKEN.");
    process.exit(2);
  }
  // Loaded here, not at the top: generate and check should not pay for the HTTP client.
  const { default: StoryblokClient } = await import("storyblok-js-client");
  const client = new StoryblokClient({
    oauthToken: token,
    region: flags.region ?? process.env.STORYBLOK_REGION,
    endpoint: flags.apiUrl ?? process.env.STORYBLOK_MANAGEMENT_API_URL,
    rateLimit: REQUESTS_PER_SECOND,
  });
  const api: ManagementApi = {
    get: (path, params) => client.get(path, params),
    getAll: (path, params, entity) => client.getAll(path, params, entity),
  };
  try {
    return await pullSchema(api, flags.space);
  } catch (error) {
    console.error(`Reading space ${flags.space} failed: ${describeError(error)}`);
    process.exit(1);
  }
}

/** storyblok-js-client rejects with `{status, message}` objects, not Errors. */
function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === "object" && error !== null) {
    const { status, message } = error as { status?: unknown; message?: unknown };
    return [status, typeof message === "string" ? message : JSON.stringify(message)].filter(Boolean).join(" ");
  }
  return String(error);
}
