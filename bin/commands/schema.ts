import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Command } from "commander";
import StoryblokClient from "storyblok-js-client";
import { pullSchema, pulledSchemaFiles, type ManagementApi } from "../../codegen";

interface PullFlags {
  space: string;
  token?: string;
  region?: string;
  apiUrl?: string;
  dir: string;
}

/** The Management API allows 3 requests per second on most plans; stay at it. */
const REQUESTS_PER_SECOND = 3;

/**
 * `portfolio schema pull --space ID`: saves the space's components, groups
 * and datasources into schema/. Exit 0 on success, 1 when the API fails,
 * 2 when the token is missing.
 */
export function registerSchema(program: Command): void {
  const schema = program.command("schema").description("the content model in schema/");
  schema
    .command("pull")
    .description("download components, component groups and datasources from a Storyblok space")
    .requiredOption("--space <id>", "the space id")
    .option("--token <oauth>", "personal access (OAuth) token; default $STORYBLOK_OAUTH_TOKEN")
    .option("--region <code>", "space region: eu, us, ca, ap, cn; default $STORYBLOK_REGION or eu")
    .option("--api-url <url>", "Management API base URL, e.g. http://localhost:4020/v1; default $STORYBLOK_MANAGEMENT_API_URL")
    .option("--dir <dir>", "where to write components.json and datasources.json", "schema")
    .action(async (flags: PullFlags) => {
      const token = flags.token ?? process.env.STORYBLOK_OAUTH_TOKEN;
      if (!token) {
        console.error("schema pull needs a Management API token: --token or STORYBLOK_OAUTH_TOKEN.");
        process.exit(2);
      }
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
        const files = pulledSchemaFiles(await pullSchema(api, flags.space));
        mkdirSync(flags.dir, { recursive: true });
        for (const file of files) writeFileSync(join(flags.dir, file.path), file.contents);
        console.log(`Pulled space ${flags.space} into ${files.map((file) => join(flags.dir, file.path)).join(", ")}.`);
      } catch (error) {
        console.error(`schema pull failed: ${describeError(error)}`);
        process.exit(1);
      }
    });
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
