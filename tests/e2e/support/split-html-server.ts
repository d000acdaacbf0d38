import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A loopback front for the site that sends a page's HTML in two writes, split
 * just after `marker`, `pauseMs` apart, as a busy machine or a slow link hands
 * a browser the bytes of one document in two reads. Every other answer passes
 * through whole. Close it when done.
 */
export async function startSplitHtmlServer(site: string, marker: string, pauseMs: number): Promise<{ url: string; server: Server }> {
  const server = createServer(async (request, response) => {
    const answer = await fetch(new URL(request.url ?? "/", site), {
      headers: { "accept-encoding": "identity", "user-agent": request.headers["user-agent"] ?? "" },
      redirect: "manual",
    });
    const headers: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (!["content-encoding", "content-length", "transfer-encoding", "connection"].includes(name)) headers[name] = value;
    });
    const body = Buffer.from(await answer.arrayBuffer()).toString("utf8");
    response.writeHead(answer.status, headers);
    const at = (headers["content-type"] ?? "").includes("text/html") ? body.indexOf(marker) : -1;
    if (at === -1) {
      response.end(body);
      return;
    }
    response.write(body.slice(0, at + marker.length));
    setTimeout(() => response.end(body.slice(at + marker.length)), pauseMs);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}
