/**
 * An "SMTP server" that accepts connections and never says a word: a mail
 * server that hangs. A sender that reaches it waits for a greeting until
 * its timeout, holding the message it claimed all that time, which is how
 * a test catches a process in the middle of a send.
 */
import { createServer, type Socket } from "node:net";

export interface SilentSmtp {
  /** Connections accepted so far. */
  connections(): number;
  close(): Promise<void>;
}

export function listenSilently(port: number): Promise<SilentSmtp> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server = createServer((socket) => {
    accepted += 1;
    sockets.add(socket);
    socket.on("error", () => undefined);
    socket.on("close", () => sockets.delete(socket));
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () =>
      resolve({
        connections: () => accepted,
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      }),
    );
  });
}
