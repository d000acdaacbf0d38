/**
 * Origin throughput: how many requests a second `next start` answers for one
 * cached page, asked for as a browser asks (compressed), over keep-alive
 * HTTP/1.1 connections, CONCURRENCY at a time, for a fixed time. The client
 * runs in the bench's own process on the same machine as both servers, so
 * only the ratio to the floor measured the same way in the same run means
 * something, not the figure itself.
 */
import http from "node:http";

export const CONCURRENCY = 32;

export async function requestsPerSecond(origin: string, path: string, durationMs: number): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const url = new URL(path, origin);
  let answered = 0;
  let failed = 0;
  const stopAt = performance.now() + durationMs;
  const one = () =>
    new Promise<void>((resolve) => {
      const request = http.get(url, { agent, headers: { "accept-encoding": "gzip, deflate, br, zstd" } }, (response) => {
        if (response.statusCode === 200) answered++;
        else failed++;
        response.resume();
        response.on("end", resolve);
      });
      request.on("error", () => {
        failed++;
        resolve();
      });
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < stopAt) await one();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  if (failed > 0) throw new Error(`${failed} of ${answered + failed} requests for ${url} failed`);
  return answered / seconds;
}
