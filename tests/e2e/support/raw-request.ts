/**
 * One request on a raw TCP socket, any method (fetch refuses TRACE and
 * CONNECT; Node.js's http client makes CONNECT a tunnel and sends tokens only
 * it deems valid), with `Connection: close`: the answer's status line, headers
 * and body as received until the server closes. The body is not decoded
 * (chunks stay framed): the tests read statuses and headers.
 */
import { connect } from "node:net";

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export function rawRequest(origin: string, method: string, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const { hostname, port } = new URL(origin);
  const head = [`${method} ${path} HTTP/1.1`, `Host: ${hostname}:${port}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(`${[...head, "Connection: close"].join("\r\n")}\r\n\r\n`));
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.setTimeout(20_000, () => socket.destroy(new Error(`${method} ${path}: no answer within 20 s`)));
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("latin1");
      const end = text.indexOf("\r\n\r\n");
      if (end < 0) return reject(new Error(`${method} ${path}: the connection closed without an answer (${JSON.stringify(text)})`));
      const [statusLine = "", ...lines] = text.slice(0, end).split("\r\n");
      // A header sent on several lines is one list (RFC 9110 5.3): Next.js sends `Allow: GET` and `Allow: HEAD`.
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const name = line.slice(0, line.indexOf(":")).toLowerCase();
        const value = line.slice(line.indexOf(":") + 1).trim();
        headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
      }
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body: text.slice(end + 4) });
    });
  });
}
