/**
 * `portfolio webhook send <action> <story>`: signs and posts a Storyblok
 * story webhook to a site (by default the local one), as the space would on
 * publish. The story is a full slug or an id; the other is looked up in the
 * content directory when it has the story.
 */
import { resolve } from "node:path";
import type { Command } from "commander";
import { STORY_ACTIONS, type StoryAction } from "../../src/publishing/webhook-payload";
import { DEFAULT_WEBHOOK_URL, sendStoryWebhook, storyWebhookPayload } from "../../src/publishing/send-webhook";

interface SendFlags {
  url: string;
  secret?: string;
  dir: string;
  space: string;
}

export function registerWebhook(program: Command): void {
  const webhook = program.command("webhook").description("Send Storyblok webhooks to a site.");
  webhook
    .command("send")
    .description(`Sign and POST a story webhook (${STORY_ACTIONS.join(", ")}); exit 0 on a 2xx answer, 1 otherwise.`)
    .argument("<action>", STORY_ACTIONS.join(" | "))
    .argument("<story>", "the story's full slug (e.g. projects/2024/atlas) or numeric id")
    .option("--url <url>", "the site, or its webhook endpoint", DEFAULT_WEBHOOK_URL)
    .option("--secret <secret>", "the webhook secret; default $STORYBLOK_WEBHOOK_SECRET")
    .option("--dir <dir>", "content directory where the story's id or slug is looked up", "content")
    .option("--space <id>", "space_id to put in the payload", "0")
    .action(async (action: string, story: string, flags: SendFlags) => {
      const secret = (flags.secret ?? process.env.STORYBLOK_WEBHOOK_SECRET)?.trim();
      const problem = !isAction(action)
        ? `<action> must be one of ${STORY_ACTIONS.join(", ")}, got "${action}".`
        : !secret
          ? "No webhook secret: pass --secret or set STORYBLOK_WEBHOOK_SECRET (the site's own value)."
          : !/^\d+$/.test(flags.space)
            ? `--space must be a number, got "${flags.space}".`
            : undefined;
      if (problem || !isAction(action) || !secret) {
        console.error(problem);
        return process.exit(2);
      }
      const target = await resolveStory(story, flags.dir);
      if (typeof target === "string") {
        console.error(target);
        return process.exit(2);
      }
      if (action === "moved" && !target.fullSlug) {
        console.error(`A moved story needs its new full slug: give the slug, not the id, or add the story file to ${flags.dir}.`);
        return process.exit(2);
      }
      const payload = storyWebhookPayload(action, target.id, target.fullSlug, Number(flags.space));
      const result = await sendStoryWebhook(flags.url, payload, secret).catch((error: unknown) => {
        console.error(
          `Could not reach ${flags.url}: ${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)}`,
        );
        return process.exit(1);
      });
      const body = typeof result.body === "string" ? result.body : JSON.stringify(result.body);
      console.log(`${result.status} in ${Math.round(result.ms)} ms: ${body}`);
      if (result.status < 200 || result.status > 299) process.exitCode = 1;
    });
}

function isAction(value: string): value is StoryAction {
  return (STORY_ACTIONS as readonly string[]).includes(value);
}

/** The story's id and full slug from `dir`; a bare id works without a file (a deleted story), a slug needs one. */
async function resolveStory(story: string, dir: string): Promise<{ id: number; fullSlug?: string } | string> {
  const { buildStoryIndex, findStory } = await import("../../src/content/sources/local-cdn/story-index");
  const index = await buildStoryIndex(resolve(dir));
  const found = findStory(index, story, null);
  const stored = found?.published ?? found?.draft;
  if (stored) return { id: stored.id, fullSlug: stored.full_slug };
  if (/^\d+$/.test(story)) return { id: Number(story) };
  return `No story "${story}" in ${dir}/stories: give its numeric id instead (a deleted story's file is gone).`;
}
