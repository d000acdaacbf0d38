type WaitUntil = (promise: Promise<unknown>) => void;

/**
 * The platform's waitUntil for this request, or undefined. Platforms that
 * run Next.js in functions (Vercel, Netlify) publish it through the request
 * context Next.js itself reads for `after()`: an object at
 * `globalThis[Symbol.for("@next/request-context")]` whose `get()` returns
 * the current request's `{ waitUntil }`. Work handed to it keeps the
 * function alive after the answer is sent; a plain `next start` has none.
 */
export function platformWaitUntil(): WaitUntil | undefined {
  const context = (globalThis as { [key: symbol]: unknown })[Symbol.for("@next/request-context")] as
    | { get?: () => { waitUntil?: WaitUntil } | undefined }
    | undefined;
  const waitUntil = context?.get?.()?.waitUntil;
  return typeof waitUntil === "function" ? waitUntil : undefined;
}
