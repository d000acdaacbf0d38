/**
 * `portfolio content serve` and `portfolio content validate`: thin shells
 * around src/content/. They read flags, print and choose exit codes.
 */
import { resolve } from "node:path";
import type { Command } from "commander";
import { LOCAL_TOKEN } from "../../src/content/content-source";
import type { StoryFileProblem } from "../../src/content/local-cdn/story-types";

// The local CDN and the validator are imported inside the actions, so
// `generate` and `check` (which share this CLI) start without loading them.

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
      const { createLocalCdn, reportProblems } = await import("../../src/content/local-cdn/create-local-cdn");
      const { serveOverHttp } = await import("../../src/content/local-cdn/http-server");
      const { createStoryStore } = await import("../../src/content/local-cdn/story-store");
      const dir = resolve(flags.dir);
      const store = createStoryStore(dir, { onProblems: reportOnChange(reportProblems) });
      // Load once before listening so problems with story files are named at start.
      const { index } = await store.current();
      const handler = createLocalCdn({ dir, token: flags.token, store });
      const running = await serveOverHttp(handler, Number(flags.port), flags.host);
      console.log(`Serving ${index.stories.length} stories from ${dir}`);
      console.log(`  ${running.url}/v2/cdn/stories?token=${encodeURIComponent(flags.token)}`);
    });

  content
    .command("validate")
    .description("Check every story file against the rules generated from the schema (src/generated/validators.ts); exit 1 on any problem.")
    .option("--dir <dir>", "content directory", "content")
    .action(async (flags: { dir: string }) => {
      const { validateContentDirectory } = await import("../../src/content/validation/validate-directory");
      const report = await validateContentDirectory(resolve(flags.dir));
      for (const { file, problem } of report.problems) console.error(`${flags.dir}/${file}: ${problem}`);
      if (report.problems.length > 0) {
        console.error(`${report.problems.length} problem(s) in ${flags.dir}`);
        process.exitCode = 1;
      } else {
        console.log(`${report.storyCount} stories in ${flags.dir} match the schema (src/generated/validators.ts).`);
      }
    });
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
