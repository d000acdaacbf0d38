/**
 * Prints, as a Markdown table, every call of probes.ts against the local APIs served
 * from a copy of content/ and what Storyblok's OpenAPI description says of each answer:
 * its status, whether the description lists that status, and the schema errors.
 *
 *   npx tsx tests/support/openapi/conformance-table.ts [--dir content] [--schema schema] [--errors] [--as-published]
 *
 * `--as-published` checks against the description as Storyblok published it, without the
 * amendments (amendments.ts) where the project follows Storyblok's newer client types.
 * Without `--dir`, content/ with schema/'s components, as `content serve` shows them.
 *
 * `--errors` prints each error in full under the table.
 */
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { combineLocalApis } from "../../../tools/local-management-api/local-apis";
import { createLocalCdn } from "../../../src/content/sources/local-cdn/create-local-cdn";
import { serveOverHttp } from "../../../src/content/sources/local-cdn/http-server";
import { createLocalManagementApi } from "../../../tools/local-management-api/create-local-management-api";
import { probeLocalApis, type ProbeAnswer } from "./probes";
import { AMENDMENTS, type Amendment } from "./amendments";
import { loadStoryblokOpenApi, type Verdict } from "./storyblok-openapi";

export interface Row {
  answer: ProbeAnswer;
  verdict: Verdict;
}

/** The probes' answers against a space served from a copy of `contentDir` (with `schemaDir`'s components, as `content serve` shows content/), each checked. */
export async function conformanceRows(
  contentDir: string,
  schemaDir?: string,
  amendments: readonly Amendment[] = AMENDMENTS,
): Promise<Row[]> {
  const dir = await mkdtemp(join(tmpdir(), "openapi-probe-"));
  try {
    await cp(contentDir, dir, { recursive: true });
    const target = { spaceId: 1, oauthToken: "local-oauth", token: "local", previewToken: "local-preview" };
    const cdn = createLocalCdn({
      dir,
      token: target.token,
      previewToken: target.previewToken,
      spaceId: String(target.spaceId),
      checkIntervalMs: 0,
      onProblems: () => undefined,
    });
    const mapi = createLocalManagementApi({
      dir,
      oauthToken: target.oauthToken,
      spaceId: target.spaceId,
      requestsPerSecond: Infinity,
      ...(schemaDir && { schemaDir }),
    });
    const server = await serveOverHttp(combineLocalApis(cdn, mapi), 0);
    try {
      const answers = await probeLocalApis({ ...target, url: server.url });
      const spec = loadStoryblokOpenApi(amendments);
      return answers.map((answer) => ({
        answer,
        verdict: spec.check(answer.method, answer.path.split("?")[0]!, answer.status, answer.body),
      }));
    } finally {
      await server.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function markdownTable(rows: readonly Row[]): string {
  const lines = ["| call | request | status | described | schema errors |", "|---|---|---|---|---|"];
  for (const { answer, verdict } of rows) {
    const described =
      verdict.operation === undefined
        ? "no such operation"
        : verdict.documented
          ? verdict.checked
            ? "yes"
            : "yes, no body schema"
          : "status not listed";
    const errors =
      verdict.errors.length === 0
        ? "0"
        : `${verdict.errors.length}: ${verdict.errors[0]!.slice(0, 90)}${verdict.errors.length > 1 ? " …" : ""}`;
    const path = answer.path.replace(/token=[^&]+/, "token=…");
    lines.push(`| ${answer.label} | \`${answer.method} ${path}\` | ${answer.status} | ${described} | ${errors.replace(/\|/g, "\\|")} |`);
  }
  return lines.join("\n");
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const dirAt = args.indexOf("--dir");
  const dir = resolve(dirAt >= 0 ? args[dirAt + 1]! : "content");
  const schemaAt = args.indexOf("--schema");
  const rows = await conformanceRows(
    dir,
    schemaAt >= 0 ? resolve(args[schemaAt + 1]!) : dirAt >= 0 ? undefined : resolve("schema"),
    args.includes("--as-published") ? [] : AMENDMENTS,
  );
  console.log(markdownTable(rows));
  const failing = rows.filter((r) => r.verdict.errors.length > 0);
  const undescribed = rows.filter((r) => !r.verdict.documented);
  console.log(
    `\n${rows.length} calls: ${failing.length} with schema errors, ${undescribed.length} with a status the description does not list.`,
  );
  if (args.includes("--errors")) {
    for (const { answer, verdict } of failing)
      console.log(`\n${answer.label} (${answer.method} ${answer.path.split("?")[0]}):\n  ${verdict.errors.join("\n  ")}`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
