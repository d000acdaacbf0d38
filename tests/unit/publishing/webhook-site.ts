/**
 * One "instance" of the webhook route for tests: the real handler served by
 * serveWebhook on a real socket, listing through the real client from the
 * local content API over HTTP, with a revalidate stub that records each
 * page it regenerates (and can be slow, or fail). Several instances may
 * share a content API and a map store, as several servers do.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createContentQueries } from "../../../src/content/access/content-queries";
import { createWebhookHandler, type WebhookDeps } from "../../../src/publishing/webhook-handler";
import { serveWebhook } from "../../../src/publishing/webhook-route";
import { signWebhookBody } from "../../../src/publishing/webhook-signature";
import type { RunningCdn } from "../content/cdn-harness";

const SECRET = "site-secret";

export interface Answer {
  status: number;
  body: Record<string, unknown>;
  /** From sending to the whole answer. */
  ms: number;
}

export interface WebhookSite {
  logs: string[];
  /** Every page regenerated, in order, once per regeneration. */
  rendered: string[];
  /** How long each regeneration takes. */
  renderMs: number;
  failing: Set<string>;
  send(payload: Record<string, unknown>): Promise<Answer>;
  close(): Promise<void>;
}

export async function startWebhookSite(cdn: RunningCdn, deps: Partial<WebhookDeps> = {}): Promise<WebhookSite> {
  const queries = createContentQueries(cdn.client());
  const site: Omit<WebhookSite, "send" | "close"> = { logs: [], rendered: [], renderMs: 0, failing: new Set() };
  const handle = createWebhookHandler({
    secret: () => SECRET,
    async listStories() {
      await queries.refresh();
      return queries.listPublishedStories();
    },
    log: (line) => site.logs.push(line),
    ...deps,
  });
  const revalidate = async (path: string) => {
    if (site.renderMs > 0) await new Promise((resolve) => setTimeout(resolve, site.renderMs));
    if (site.failing.has(path)) throw new Error("Invalid response 500");
    site.rendered.push(path);
  };
  const server: Server = createServer((request, response) => void serveWebhook(handle, request, response, revalidate));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(site, {
    async send(payload: Record<string, unknown>): Promise<Answer> {
      const body = JSON.stringify({
        space_id: 1,
        text: `The Story ${String(payload.story_id)} was ${String(payload.action)}.`,
        ...payload,
      });
      const started = performance.now();
      const response = await fetch(`http://127.0.0.1:${port}/api/revalidate`, {
        method: "POST",
        headers: { "content-type": "application/json", "webhook-signature": signWebhookBody(body, SECRET) },
        body,
      });
      const answer = (await response.json()) as Record<string, unknown>;
      return { status: response.status, body: answer, ms: performance.now() - started };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
