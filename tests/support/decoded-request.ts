import { request, type IncomingHttpHeaders } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

/** An answer as it came over the wire, and its body decoded as its Content-Encoding says. */
export interface DecodedAnswer {
  status: number;
  statusMessage: string;
  headers: IncomingHttpHeaders;
  /** The body's bytes as sent (compressed or not). */
  raw: Buffer;
  /** The body decoded (Brotli, gzip or none), as text. */
  body: string;
}

/**
 * Asks `url` with exactly `headers` (node:http: no Accept-Encoding of its own, unlike fetch, which always sends
 * one and decodes for you), on a connection of its own, and decodes the body as its Content-Encoding says.
 */
export function requestDecoded(url: string, headers: Record<string, string>, method = "GET"): Promise<DecodedAnswer> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const raw = Buffer.concat(chunks);
        const coding = res.headers["content-encoding"];
        const decoded = coding === "br" ? brotliDecompressSync(raw) : coding === "gzip" ? gunzipSync(raw) : raw;
        resolve({
          status: res.statusCode ?? 0,
          statusMessage: res.statusMessage ?? "",
          headers: res.headers,
          raw,
          body: decoded.toString(),
        });
      });
    });
    sent.on("error", reject);
    sent.end();
  });
}
