import type { Command } from "commander";
import type { ManagementClient } from "../../tools/management-api/management-client";

/** Flags that say which space to reach and how; shared by `schema pull`, `schema push` and `check --remote`. */
export interface SpaceFlags {
  space?: string;
  token?: string;
  region?: string;
  apiUrl?: string;
}

export function addSpaceFlags(command: Command): Command {
  return command
    .option("--space <id>", "the space id")
    .option("--token <oauth>", "personal access (OAuth) token; default $STORYBLOK_OAUTH_TOKEN")
    .option("--region <code>", "space region: eu, us, ca, ap, cn; default $STORYBLOK_REGION or eu")
    .option("--api-url <url>", "Management API base URL, e.g. http://localhost:4010/v1; default $STORYBLOK_MANAGEMENT_API_URL");
}

/**
 * The Management API client for the space the flags name (exit 2 without a
 * space or token, or with a region that does not exist). Loaded here, not at
 * the top: generate and check should not pay for the HTTP client.
 */
export async function managementClientOrExit(flags: SpaceFlags, doing: string): Promise<ManagementClient> {
  const token = flags.token ?? process.env.STORYBLOK_OAUTH_TOKEN;
  if (!flags.space || !token) {
    console.error(`${doing} needs --space and a Management API token: --token or STORYBLOK_OAUTH_TOKEN.`);
    process.exit(2);
  }
  const spaceId = Number(flags.space);
  if (!Number.isSafeInteger(spaceId) || spaceId <= 0) {
    console.error(`--space must be a space's numeric id, not "${flags.space}".`);
    process.exit(2);
  }
  const { createManagementClient } = await import("../../tools/management-api/management-client");
  try {
    return createManagementClient({
      token,
      spaceId,
      // An empty variable is an unset one: never the region's servers by accident.
      region: flags.region ?? (process.env.STORYBLOK_REGION || undefined),
      apiUrl: flags.apiUrl ?? (process.env.STORYBLOK_MANAGEMENT_API_URL || undefined),
    });
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
}
