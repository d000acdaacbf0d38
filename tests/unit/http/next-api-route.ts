/**
 * Test harness: a pages-router API route module served on 127.0.0.1 through
 * Next.js's own API resolver (the one `next start` calls), so the route's
 * `config` (bodyParser off) and Next's response helpers are the real ones.
 * `res.revalidate(path)` is answered by `revalidate`, as Next's router would.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { apiResolver } from "next/dist/server/api-utils/node/api-resolver";

export interface ServedRoute {
  port: number;
  close(): Promise<void>;
}

export async function serveApiRoute(
  route: { default: unknown; config?: unknown },
  page: string,
  revalidate: (path: string) => Promise<void> = async () => undefined,
): Promise<ServedRoute> {
  const server: Server = createServer((req, res) => {
    void apiResolver(
      req,
      res,
      {},
      route,
      {
        previewModeId: "test-preview-mode-id",
        previewModeEncryptionKey: "0".repeat(64),
        previewModeSigningKey: "1".repeat(64),
        dev: false,
        internalRevalidate: async ({ urlPath }) => revalidate(urlPath),
      },
      false,
      false,
      page,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
