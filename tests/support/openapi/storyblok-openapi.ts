/**
 * Storyblok's own OpenAPI 3.1 description of its two APIs (tests/fixtures/openapi/,
 * from storyblok/monoblok's packages/openapi, see its README), read as the YAML files it
 * is kept in, and a check of one answer against it: the operation is found by method and
 * path, the status among its documented responses, and the body validated against that
 * response's schema by a JSON Schema 2020-12 validator (ajv), formats included.
 *
 * Every YAML file is registered with the validator under an address of its own, so the
 * description's `$ref`s (relative files, `#/components/…` pointers, `#` for the file
 * itself) resolve as they are written; nothing is copied or bundled by hand.
 *
 * Where the description and the newer types of Storyblok's client
 * (@storyblok/management-api-client) disagree, the project follows the client; each such
 * case is an amendment (amendments.ts) applied to the description as loaded, and listed.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import Ajv2020, { type ErrorObject, type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { load } from "js-yaml";
import { AMENDMENTS, type Amendment } from "./amendments";

const OPENAPI_DIR = fileURLToPath(new URL("../../fixtures/openapi/", import.meta.url));
/** Not a real address: only a base the files' relative `$ref`s resolve against. */
const BASE = "https://openapi.storyblok.invalid/";
const METHODS = ["get", "post", "put", "patch", "delete"] as const;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

interface Operation {
  method: string;
  /** As the description writes it, e.g. `/v1/spaces/{space_id}/stories/{story_id}`. */
  path: string;
  /** The description file it is in, relative to OPENAPI_DIR (`mapi/stories/main.yaml`). */
  file: string;
  /** Literal segments count: the more, the more specific (`/assets/bulk_update` over `/assets/{asset_id}`). */
  literals: number;
  match: RegExp;
  responses: JsonObject;
}

export interface Verdict {
  /** The operation the request is, as the description names it (`GET /v2/cdn/links`), or undefined when none is described. */
  operation?: string;
  /** Whether the description lists this status for the operation. */
  documented: boolean;
  /** Whether a schema was checked (a response described with a JSON body). */
  checked: boolean;
  /** The schema errors, each as `<instance path> <message>`; empty when the body conforms. */
  errors: string[];
}

export interface StoryblokOpenApi {
  /** Checks one answer: `path` is the URL's path (no query), `body` the parsed JSON, or undefined for an empty body. */
  check(method: string, path: string, status: number, body: unknown): Verdict;
  readonly operations: readonly { method: string; path: string; file: string }[];
  readonly amendments: readonly Amendment[];
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((entry) => entry.endsWith(".yaml"))
    .map((entry) => entry.split(sep).join("/"))
    .sort();
}

function pointerGet(document: Json, pointer: string): Json | undefined {
  let node: Json | undefined = document;
  for (const raw of pointer.split("/").slice(1)) {
    const part = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    if (typeof node !== "object" || node === null) return undefined;
    node = Array.isArray(node) ? node[Number(part)] : node[part];
  }
  return node;
}

const escapePointer = (part: string) => part.replace(/~/g, "~0").replace(/\//g, "~1");

export function loadStoryblokOpenApi(amendments: readonly Amendment[] = AMENDMENTS): StoryblokOpenApi {
  const documents = new Map<string, Json>();
  for (const file of yamlFiles(OPENAPI_DIR)) {
    if (file.split("/")[0] === "." || !/^(capi|mapi|shared)\//.test(file)) continue;
    documents.set(file, load(readFileSync(join(OPENAPI_DIR, file), "utf8")) as Json);
  }
  for (const amendment of amendments) amendment.apply(documents);

  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  for (const [file, document] of documents) {
    // servers.yaml and security.yaml are lists, never schemas (ajv reads a list as several schemas).
    if (typeof document === "object" && document !== null && !Array.isArray(document)) ajv.addSchema(document, `${BASE}${file}`);
  }

  const operations: Operation[] = [];
  for (const [file, document] of documents) {
    if (!/^(capi|mapi)\/[^/]+\/main\.yaml$/.test(file)) continue;
    const paths = (document as JsonObject).paths as JsonObject | undefined;
    for (const [path, item] of Object.entries(paths ?? {})) {
      for (const method of METHODS) {
        const operation = (item as JsonObject)[method] as JsonObject | undefined;
        if (!operation) continue;
        const segments = path.split("/").filter(Boolean);
        operations.push({
          method: method.toUpperCase(),
          path,
          file,
          literals: segments.filter((s) => !s.startsWith("{")).length,
          match: templateRegex(path),
          responses: (operation.responses ?? {}) as JsonObject,
        });
      }
    }
  }

  const compiled = new Map<string, ValidateFunction>();
  function validatorFor(file: string, pointer: string): ValidateFunction {
    const key = `${file}#${pointer}`;
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile({ $ref: `${BASE}${key}` });
      compiled.set(key, validate);
    }
    return validate;
  }

  /** A response object, following `$ref`s to other files; with the file and pointer where it was found. */
  function resolveResponse(file: string, pointer: string): { file: string; pointer: string; response: JsonObject } | undefined {
    let at = { file, pointer };
    for (let hops = 0; hops < 10; hops++) {
      const node = pointerGet(documents.get(at.file) ?? null, at.pointer);
      if (typeof node !== "object" || node === null || Array.isArray(node)) return undefined;
      const ref = node.$ref;
      if (typeof ref !== "string") return { ...at, response: node };
      const [target = "", fragment = ""] = ref.split("#");
      const targetFile =
        target === ""
          ? at.file
          : relative(".", join(at.file, "..", target))
              .split(sep)
              .join("/");
      at = { file: targetFile, pointer: fragment };
    }
    return undefined;
  }

  return {
    operations: operations.map(({ method, path, file }) => ({ method, path, file })),
    amendments,
    check(method, path, status, body) {
      const candidates = operations.filter((o) => o.method === method.toUpperCase() && o.match.test(path));
      const operation = candidates.sort((a, b) => b.literals - a.literals)[0];
      if (!operation) return { documented: false, checked: false, errors: [] };
      const name = `${operation.method} ${operation.path}`;
      const key = [String(status), `${String(status)[0]}XX`, "default"].find((k) => k in operation.responses);
      if (!key) return { operation: name, documented: false, checked: false, errors: [] };
      const pathPointer = `/paths/${escapePointer(operation.path)}/${operation.method.toLowerCase()}/responses/${key}`;
      const found = resolveResponse(operation.file, pathPointer);
      if (!found) return { operation: name, documented: true, checked: false, errors: [`response ${key} could not be resolved`] };
      const content = found.response.content as JsonObject | undefined;
      const json = content?.["application/json"] as JsonObject | undefined;
      if (!json?.schema) {
        // Described without a body (a 204, or an error given only a description): a body is not checked, an empty one is right.
        const noBody = content === undefined && status === 204 && body !== undefined;
        return { operation: name, documented: true, checked: false, errors: noBody ? ["a body where none is described"] : [] };
      }
      if (body === undefined)
        return { operation: name, documented: true, checked: true, errors: ["no body where a JSON body is described"] };
      const validate = validatorFor(found.file, `${found.pointer}/content/application~1json/schema`);
      const valid = validate(body);
      return { operation: name, documented: true, checked: true, errors: valid ? [] : describeErrors(validate.errors ?? []) };
    },
  };
}

/** `{space_id}` is one path segment; the last parameter of a CDN story may be a full slug with slashes. */
function templateRegex(path: string): RegExp {
  const segments = path.split("/").filter(Boolean);
  const parts = segments.map((segment, i) => {
    if (!segment.startsWith("{")) return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    return segment === "{identifier}" && i === segments.length - 1 ? ".+" : "[^/]+";
  });
  return new RegExp(`^/${parts.join("/")}/?$`);
}

/**
 * ajv's errors, one line per instance path with its messages: where no alternative of a
 * `oneOf` matched, that is the message, not each alternative's complaint.
 */
function describeErrors(errors: readonly ErrorObject[]): string[] {
  const byPath = new Map<string, Set<string>>();
  const branched = new Set<string>();
  for (const error of errors) {
    const where = error.instancePath || "/";
    const detail =
      error.keyword === "required"
        ? ` ${String(error.params.missingProperty)}`
        : error.keyword === "additionalProperties"
          ? ` ${String(error.params.additionalProperty)}`
          : "";
    const what = `${error.message ?? error.keyword}${error.keyword === "required" ? "" : detail}`;
    if (error.keyword === "oneOf" || error.keyword === "anyOf") {
      branched.add(where);
      byPath.set(where, new Set([what]));
    } else if (!branched.has(where)) {
      byPath.set(where, (byPath.get(where) ?? new Set()).add(what));
    }
  }
  return [...byPath].map(([path, messages]) => `${path} ${[...messages].join("; ")}`);
}
