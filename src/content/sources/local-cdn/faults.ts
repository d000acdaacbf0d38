/**
 * Fault injection for tests: make the local CDN answer the next requests with
 * 429s, server errors, delays or malformed bodies, the way a real network and
 * Storyblok's rate limiter sometimes do. Nothing is injected unless a test
 * queues it, so production and `content serve` behave normally. The tests'
 * injector is tests/unit/content/fault-injector.ts.
 */
export type Fault =
  | { kind: "status"; status: number }
  | { kind: "delay"; ms: number }
  /** A body that is not JSON (cut off mid-way), with `status` (default 200). */
  | { kind: "malformed"; status?: number };

export interface FaultInjector {
  /** Queues `fault` for the next `times` requests (after any already queued). */
  inject(fault: Fault, times?: number): void;
  /** Drops everything still queued. */
  clear(): void;
  /** Takes the fault for the request being handled now, if any. */
  next(): Fault | undefined;
  readonly pending: number;
}

const STATUS_TEXT: Record<number, string> = {
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

/** The response a fault stands for; `undefined` for delays, which only hold the request up. */
export async function applyFault(fault: Fault): Promise<Response | undefined> {
  switch (fault.kind) {
    case "delay":
      await new Promise((resolve) => setTimeout(resolve, fault.ms));
      return undefined;
    case "malformed": {
      const status = fault.status ?? 200;
      return new Response('{"stories":[{"name":', {
        status,
        statusText: status === 200 ? "OK" : (STATUS_TEXT[status] ?? ""),
        headers: { "content-type": "application/json; charset=utf-8", "access-control-allow-origin": "*" },
      });
    }
    case "status":
      // Storyblok's 429 carries a small JSON body; the client reads `error` from it.
      return new Response(JSON.stringify({ error: STATUS_TEXT[fault.status] ?? "Error" }), {
        status: fault.status,
        statusText: STATUS_TEXT[fault.status] ?? "",
        headers: { "content-type": "application/json; charset=utf-8", "access-control-allow-origin": "*" },
      });
  }
}
