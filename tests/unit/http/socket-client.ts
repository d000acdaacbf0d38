/**
 * Test harness: an HTTP/1.1 client on a raw TCP socket, so a test can send
 * what real clients do not (a body trickled a byte at a time, headers and
 * then nothing, a Content-Length that lies, chunks past a limit) and see
 * when the server answers and when it closes the connection.
 */
import { connect, type Socket } from "node:net";

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Milliseconds from the request's first byte to the whole answer. */
  afterMs: number;
}

export interface RawExchange {
  write(data: string | Buffer): void;
  /** Sends one chunk of a `Transfer-Encoding: chunked` body. */
  writeChunk(data: string | Buffer): void;
  /** The first answer on the connection (rejects if the connection ends without one). */
  answer: Promise<RawAnswer>;
  /** Milliseconds from the request's first byte to the connection's end (by either side). */
  closed: Promise<number>;
  /** Writes `data` every `everyMs` until the connection closes; returns how many writes went out. */
  keepWriting(data: string, everyMs: number): () => number;
  /** Milliseconds since the request's first byte. */
  elapsed(): number;
  socket: Socket;
}

/**
 * Opens a connection to 127.0.0.1:port and sends `head` (request line and
 * headers, each line without CRLF). `deaf`: the client does not close when
 * the server does (half-open), like one that goes on uploading regardless.
 */
export function openRequest(port: number, head: string[], options: { deaf?: boolean } = {}): RawExchange {
  const socket = connect({ port, host: "127.0.0.1", allowHalfOpen: options.deaf ?? false });
  const startedAt = Date.now();
  const elapsed = () => Date.now() - startedAt;
  socket.write(`${head.join("\r\n")}\r\n\r\n`);

  let received = Buffer.alloc(0);
  let settleAnswer: (answer: RawAnswer) => void;
  let failAnswer: (error: Error) => void;
  const answer = new Promise<RawAnswer>((resolve, reject) => {
    settleAnswer = resolve;
    failAnswer = reject;
  });
  let answered = false;
  const tryParse = (ended: boolean) => {
    if (answered) return;
    const text = received.toString("latin1");
    const end = text.indexOf("\r\n\r\n");
    if (end < 0) return;
    const [statusLine, ...lines] = text.slice(0, end).split("\r\n");
    const headers = Object.fromEntries(
      lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
    );
    const length = headers["content-length"] === undefined ? undefined : Number(headers["content-length"]);
    const body = received.subarray(Buffer.byteLength(text.slice(0, end + 4), "latin1"));
    if (length === undefined ? !ended : body.length < length) return;
    answered = true;
    settleAnswer({
      status: Number(statusLine?.split(" ")[1]),
      headers,
      body: body.subarray(0, length).toString("utf8"),
      afterMs: elapsed(),
    });
  };
  socket.on("data", (chunk: Buffer) => {
    received = Buffer.concat([received, chunk]);
    tryParse(false);
  });
  const closed = new Promise<number>((resolve) => {
    socket.on("close", () => {
      tryParse(true);
      if (!answered) failAnswer(new Error(`connection closed after ${elapsed()} ms without an answer`));
      resolve(elapsed());
    });
  });
  // A test that ends the connection itself need not wait for an answer.
  answer.catch(() => undefined);
  // A write after the server closed is a reset here, not a test failure: `closed` reports it.
  socket.on("error", () => undefined);

  return {
    socket,
    answer,
    closed,
    elapsed,
    write: (data) => {
      if (!socket.destroyed) socket.write(data);
    },
    writeChunk: (data) => {
      if (!socket.destroyed) socket.write(`${Buffer.byteLength(data).toString(16)}\r\n${data.toString()}\r\n`);
    },
    keepWriting(data, everyMs) {
      let writes = 0;
      const timer = setInterval(() => {
        if (socket.destroyed || socket.writableEnded) return clearInterval(timer);
        socket.write(data);
        writes++;
      }, everyMs);
      socket.once("close", () => clearInterval(timer));
      return () => writes;
    },
  };
}

/** Closes the client side whatever state it is in (for afterEach). */
export function hangUp(exchange: RawExchange): void {
  exchange.socket.destroy();
}
