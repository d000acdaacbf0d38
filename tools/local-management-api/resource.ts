/**
 * What every endpoint of a space's resource does the same way, written once:
 * - the record the path's `:id` names, or Storyblok's 404;
 * - the body's wrapper object (`{ "component": { … } }`), or Storyblok's 422
 *   `param is missing or the value is empty` (storyblok-js-client#322);
 * - after a write that succeeded, the space documents that hold the resource
 *   rewritten (a failed write changed nothing, so it rewrites nothing).
 *
 * An endpoint then holds only what is its own: its checks, its record's fields,
 * the other records a change reaches.
 */
import { missingParam, wrapped } from "./request-body";
import { notFound, ok, unprocessable } from "./responses";
import type { Endpoint, EndpointContext } from "./routes";
import type { SpaceDocument } from "./space-files";
import type { SpaceState, SpaceTransaction } from "./space-store";
import { idOf } from "./validation";

export interface Resource<R> {
  /** The key a body wraps the record in, and the answer names it by: `component`. */
  key: string;
  /** The space documents that hold the resource: a successful write rewrites them. */
  documents: readonly SpaceDocument[];
  /** The record a path segment names (an id, or what else the resource is found by). */
  find: (state: SpaceState, id: string | undefined) => R | undefined;
}

type Answer = Response | Promise<Response>;

/** A resource found by its numeric id in one list of the space. */
export function resource<R extends { id: number }>(
  key: string,
  documents: readonly SpaceDocument[],
  records: (state: SpaceState) => readonly R[],
): Resource<R> {
  return {
    key,
    documents,
    find: (state, id) => {
      const numeric = idOf(id);
      return numeric === undefined ? undefined : records(state).find((record) => record.id === numeric);
    },
  };
}

/** `GET …/:id`: the record, shaped by `view` (by default `{ <key>: record }`), or 404. */
export function readOne<R>(
  of: Resource<R>,
  view: (record: R, state: SpaceState, ctx: EndpointContext) => unknown = (record) => ({ [of.key]: record }),
): Endpoint {
  return async (ctx) => {
    const state = await ctx.store.read();
    const record = of.find(state, ctx.params.id);
    return record === undefined ? notFound() : ok(view(record, state, ctx));
  };
}

/** A write that creates a record from the body's wrapper object (422 without it). */
export function createWith<R>(
  of: Resource<R>,
  create: (input: Record<string, unknown>, tx: SpaceTransaction, ctx: EndpointContext) => Answer,
): Endpoint {
  return (ctx) =>
    ctx.store.write(async (tx) => {
      const input = wrapped(ctx.body, of.key);
      if (!input) return unprocessable(missingParam(of.key));
      return touchedOnSuccess(of, tx, await create(input, tx, ctx));
    });
}

/** A write to the record `:id` names (404 without it) from the body's wrapper object (422 without it). */
export function updateWith<R>(
  of: Resource<R>,
  update: (record: R, input: Record<string, unknown>, tx: SpaceTransaction, ctx: EndpointContext) => Answer,
): Endpoint {
  return (ctx) =>
    ctx.store.write(async (tx) => {
      const record = of.find(tx.state, ctx.params.id);
      if (record === undefined) return notFound();
      const input = wrapped(ctx.body, of.key);
      if (!input) return unprocessable(missingParam(of.key));
      return touchedOnSuccess(of, tx, await update(record, input, tx, ctx));
    });
}

/** A write to the record `:id` names (404 without it) that takes no body: a delete, a publish, a finished upload. */
export function changeWith<R>(of: Resource<R>, change: (record: R, tx: SpaceTransaction, ctx: EndpointContext) => Answer): Endpoint {
  return (ctx) =>
    ctx.store.write(async (tx) => {
      const record = of.find(tx.state, ctx.params.id);
      if (record === undefined) return notFound();
      return touchedOnSuccess(of, tx, await change(record, tx, ctx));
    });
}

function touchedOnSuccess<R>(of: Resource<R>, tx: SpaceTransaction, answer: Response): Response {
  if (answer.ok) for (const document of of.documents) tx.touch(document);
  return answer;
}
