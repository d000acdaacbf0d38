/**
 * `portfolio content serve` and `portfolio content validate`: thin shells
 * around src/content/. They read flags, print and choose exit codes.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Command } from "commander";
import { LOCAL_TOKEN } from "../../src/content/content-source";
import { createLocalCdn, reportProblems } from "../../src/content/local-cdn/create-local-cdn";
import { serveOverHttp } from "../../src/content/local-cdn/http-server";
import { createStoryStore } from "../../src/content/local-cdn/story-store";
import type { StoryFileProblem } from "../../src/content/local-cdn/story-types";
import type { ContentModel } from "../../src/content/validation/content-model";
import { validateContentDirectory } from "../../src/content/validation/validate-directory";

export function registerContent(program: Command): void {
  const content = program.command("content").description("Serve or check the embedded content in content/.");

  content
    .command("serve")
    .description("Serve content/ over HTTP as the Storyblok Content Delivery API v2.")
    .option("--port <port>", "port to listen on (0 picks a free one)", "4010")
    .option("--host <host>", "interface to listen on", "127.0.0.1")
    .option("--token <token>", "the access token requests must carry", LOCAL_TOKEN)
    .option("--dir <dir>", "content directory (stories/, drafts/, assets/)", "content")
    .action(async (flags: { port: string; host: string; token: string; dir: string }) => {
      const dir = resolve(flags.dir);
      const store = createStoryStore(dir, { onProblems: reportOnChange() });
      // Load once before listening so problems with story files are named at start.
      const { index } = await store.current();
      const handler = createLocalCdn({ dir, token: flags.token, store });
      const running = await serveOverHttp(handler, Number(flags.port), flags.host);
      console.log(`Serving ${index.stories.length} stories from ${dir}`);
      console.log(`  ${running.url}/v2/cdn/stories?token=${encodeURIComponent(flags.token)}`);
    });

  content
    .command("validate")
    .description("Check every story file against the schema; exit 1 when any has a problem.")
    .option("--dir <dir>", "content directory", "content")
    .option("--schema <path>", "the content model", "schema/components.json")
    .option("--relations <path>", "resolve_relations list", "schema/relations.json")
    .action(async (flags: { dir: string; schema: string; relations: string }) => {
      const model = JSON.parse(readFileSync(flags.schema, "utf8")) as ContentModel;
      const relations = (JSON.parse(readFileSync(flags.relations, "utf8")) as { resolve_relations: string[] }).resolve_relations;
      const report = await validateContentDirectory(resolve(flags.dir), model, relations);
      for (const { file, problem } of report.problems) console.error(`${flags.dir}/${file}: ${problem}`);
      if (report.problems.length > 0) {
        console.error(`${report.problems.length} problem(s) in ${flags.dir}`);
        process.exitCode = 1;
      } else {
        console.log(`${report.storyCount} stories in ${flags.dir} match ${flags.schema}`);
      }
    });
}

/** Reports each problem once while it lasts, so a long-running server does not repeat itself on every edit. */
function reportOnChange(): (problems: StoryFileProblem[]) => void {
  let reported = new Set<string>();
  return (problems) => {
    const current = new Set(problems.map((p) => `${p.file}\n${p.problem}`));
    reportProblems(problems.filter((p) => !reported.has(`${p.file}\n${p.problem}`)));
    reported = current;
  };
}
