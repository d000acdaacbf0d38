/**
 * `filter_query` on content fields, as the Content Delivery API v2 reads it:
 *   filter_query[field][operation]=value1,value2         (all must hold)
 *   filter_query[__or][][field][operation]=value         (any group holds;
 *   filter_query[__or][0][field][operation]=value         indexed or not)
 * Operations: is (empty, not_empty, empty_array, not_empty_array, true,
 * false, null, not_null), in, not_in, like, not_like (`*` wildcards),
 * any_in_array, all_in_array, gt_date, lt_date, gt_int, lt_int, gt_float,
 * lt_float. Story properties (name, slug…) are not filterable, as on
 * Storyblok; `field` may be a dotted path into an object field.
 */
import { storyblokTime } from "./storyblok-time";
import type { CdnStory, Json } from "./story-types";
import { jsonText } from "./json-text";

interface Condition {
  field: string;
  operation: string;
  values: string[];
  /** `like` / `not_like`: the values' wildcard patterns, compiled once per request. */
  patterns?: RegExp[];
}

export interface FilterQuery {
  /** All of these hold… */
  all: Condition[];
  /** …and, when there are any, at least one of these groups holds entirely. */
  any: Condition[][];
}

const KEY = /^filter_query(?:\[__or\]\[(\d*)\])?\[([^\][]+)\]\[([^\][]+)\]$/;

export function parseFilterQuery(params: URLSearchParams): FilterQuery | undefined {
  const query: FilterQuery = { all: [], any: [] };
  const indexed = new Map<string, Condition[]>();
  for (const [key, value] of params) {
    const match = KEY.exec(key);
    if (!match) continue;
    const [, group, field = "", operation = ""] = match;
    const values = value.split(",").map((v) => v.trim());
    const condition: Condition = {
      field,
      operation,
      values,
      ...((operation === "like" || operation === "not_like") && { patterns: values.map(wildcard) }),
    };
    if (group === undefined) query.all.push(condition);
    else if (group === "")
      query.any.push([condition]); // `[]`: every key is its own alternative
    else indexed.set(group, [...(indexed.get(group) ?? []), condition]);
  }
  query.any.push(...indexed.values());
  return query.all.length + query.any.length > 0 ? query : undefined;
}

export function matchesFilterQuery(story: CdnStory, query: FilterQuery): boolean {
  const holds = (c: Condition) => matches(valueAt(story.content, c.field), c);
  return query.all.every(holds) && (query.any.length === 0 || query.any.some((group) => group.every(holds)));
}

function valueAt(content: Json, path: string): Json | undefined {
  let node: Json | undefined = content;
  for (const key of path.split(".")) {
    if (typeof node !== "object" || node === null || Array.isArray(node)) return undefined;
    node = node[key];
  }
  return node;
}

const isMissing = (v: Json | undefined): v is null | undefined => v === undefined || v === null;

function wildcard(pattern: string): RegExp {
  return new RegExp(
    `^${pattern
      .split("*")
      .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join(".*")}$`,
    "i",
  );
}

/** Storyblok dates look like `2023-02-13 00:00` (UTC); ISO strings with a zone compare alike. */
const time = storyblokTime;

function compare(v: Json | undefined, target: string, parse: (s: string) => number, sign: 1 | -1): boolean {
  if (isMissing(v) || v === "") return false;
  const a = parse(jsonText(v));
  const b = parse(target);
  return Number.isFinite(a) && Number.isFinite(b) && sign * (a - b) > 0;
}

function matches(v: Json | undefined, { operation, values, patterns = [] }: Condition): boolean {
  const first = values[0] ?? "";
  const strings = Array.isArray(v) ? v.map(String) : [];
  switch (operation) {
    case "is":
      return isValueType(v, first);
    case "in":
      return !isMissing(v) && !Array.isArray(v) && values.includes(jsonText(v));
    case "not_in":
      return isMissing(v) || Array.isArray(v) || !values.includes(jsonText(v));
    case "like":
      return typeof v === "string" && patterns.some((p) => p.test(v));
    case "not_like":
      return typeof v !== "string" || !patterns.some((p) => p.test(v));
    case "any_in_array":
      return values.some((x) => strings.includes(x));
    case "all_in_array":
      return Array.isArray(v) && values.every((x) => strings.includes(x));
    case "gt_date":
      return compare(v, first, time, 1);
    case "lt_date":
      return compare(v, first, time, -1);
    case "gt_int":
      return compare(v, first, (s) => Number.parseInt(s, 10), 1);
    case "lt_int":
      return compare(v, first, (s) => Number.parseInt(s, 10), -1);
    case "gt_float":
      return compare(v, first, Number.parseFloat, 1);
    case "lt_float":
      return compare(v, first, Number.parseFloat, -1);
    default:
      // An unknown operation matches nothing rather than everything: a typo must not look like success.
      return false;
  }
}

function isValueType(v: Json | undefined, type: string): boolean {
  switch (type) {
    case "empty":
      return isMissing(v) || v === "";
    case "not_empty":
      return !isMissing(v) && v !== "" && !(Array.isArray(v) && v.length === 0);
    case "empty_array":
      return isMissing(v) || (Array.isArray(v) && v.length === 0);
    case "not_empty_array":
      return Array.isArray(v) && v.length > 0;
    case "true":
      return v === true || v === "true";
    case "false":
      return v === false || v === "false";
    case "null":
      return isMissing(v);
    case "not_null":
      return !isMissing(v);
    default:
      return !isMissing(v) && jsonText(v) === type;
  }
}
