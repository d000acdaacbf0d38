/**
 * What a page's HTML costs on the wire: every byte the server sends for one
 * GET asking for compression as a browser does (status line, headers and the
 * compressed body), read off a raw socket so nothing is decoded or left out.
 *
 * Why raw bytes, headers included: the first paint can only come in the
 * first round trip if the whole response fits the first TCP congestion
 * window (10 segments, about 14.6 KB). HTTP/1.1 headers are counted as sent
 * in full; HTTP/2 would compress them, so this is the safe side.
 */
import net from "node:net";

/**
 * The most a page's HTML may weigh this way (issue 58): the first congestion
 * window is 10 × 1,460 = 14,600 bytes of TCP payload, and TLS records and
 * frames take some of it. Checked by the browser tests
 * (tests/e2e/first-round-trip.spec.ts) and by `npm run bench site`.
 */
export const FIRST_WINDOW_BUDGET_BYTES = 14_000;

export async function documentBytes(origin: string, path: string): Promise<number> {
  const { hostname, port } = new URL(origin);
  const request = [
    `GET ${path} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    "Accept: text/html",
    "Accept-Encoding: gzip, deflate, br, zstd",
    "Connection: close",
    "",
    "",
  ].join("\r\n");
  return new Promise((resolve, reject) => {
    let bytes = 0;
    const socket = net.connect(Number(port), hostname, () => socket.write(request));
    socket.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
    });
    socket.on("end", () => resolve(bytes));
    socket.on("error", reject);
    socket.setTimeout(30_000, () => socket.destroy(new Error(`no complete answer for ${origin}${path} within 30 s`)));
  });
}
