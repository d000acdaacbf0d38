/**
 * One check per Storyblok field kind. Each returns the problems it finds in
 * a single value as plain sentences; the caller prefixes the field path.
 * Shapes follow what the Content Delivery API returns, not what the editor
 * shows: numbers are strings, datetimes are "YYYY-MM-DD HH:mm".
 */
import type { RawField } from "./content-model";

export type ValueCheck = (value: unknown, field: RawField) => string[];

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

const limit = (v: string | number | undefined): number | undefined =>
  v === undefined || v === "" ? undefined : Number(v);

function checkText(value: unknown, field: RawField): string[] {
  if (typeof value !== "string") return [`must be a string, got ${describe(value)}`];
  const max = limit(field.max_length);
  return max !== undefined && value.length > max ? [`is ${value.length} characters, more than max_length ${max}`] : [];
}

function checkNumber(value: unknown): string[] {
  // Storyblok sends number fields as strings; an empty string means "not set".
  if (typeof value !== "string") return [`must be a number written as a string (Storyblok's format), got ${describe(value)}`];
  return value === "" || Number.isFinite(Number(value)) ? [] : [`"${value}" is not a number`];
}

function checkDatetime(value: unknown): string[] {
  if (typeof value !== "string") return [`must be a string, got ${describe(value)}`];
  return value === "" || /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(value)
    ? []
    : [`"${value}" is not in Storyblok's datetime format "YYYY-MM-DD HH:mm"`];
}

function checkBoolean(value: unknown): string[] {
  return typeof value === "boolean" ? [] : [`must be true or false, got ${describe(value)}`];
}

function allowedValues(field: RawField): string[] | undefined {
  // Values from stories or datasources are not listed in the schema.
  if (field.source && field.source !== "self") return undefined;
  return (field.options ?? []).map((o) => o.value);
}

function checkOption(value: unknown, field: RawField): string[] {
  if (typeof value !== "string") return [`must be a string, got ${describe(value)}`];
  const allowed = allowedValues(field);
  if (field.source === "internal_stories") return value === "" || isUuid(value) ? [] : [`"${value}" is not a story uuid`];
  return !allowed || value === "" || allowed.includes(value)
    ? []
    : [`"${value}" is not one of ${allowed.map((v) => `"${v}"`).join(", ")}`];
}

function checkOptions(value: unknown, field: RawField): string[] {
  if (!Array.isArray(value)) return [`must be an array, got ${describe(value)}`];
  const problems = value.flatMap((v, i) => checkOption(v, field).map((p) => `[${i}] ${p}`));
  const max = limit(field.max_options);
  if (max !== undefined && value.length > max) problems.push(`has ${value.length} entries, more than max_options ${max}`);
  return problems;
}

export function checkAsset(value: unknown): string[] {
  if (!isRecord(value)) return [`must be an asset object, got ${describe(value)}`];
  const problems: string[] = [];
  if (value.fieldtype !== "asset") problems.push(`fieldtype must be "asset"`);
  if (typeof value.filename !== "string") problems.push("filename must be a string");
  if (value.filename && typeof value.alt !== "string") problems.push("alt must be a string (describe the image)");
  return problems;
}

function checkMultiasset(value: unknown): string[] {
  if (!Array.isArray(value)) return [`must be an array of assets, got ${describe(value)}`];
  return value.flatMap((v, i) => checkAsset(v).map((p) => `[${i}] ${p}`));
}

function checkMultilink(value: unknown, field: RawField): string[] {
  if (!isRecord(value)) return [`must be a link object, got ${describe(value)}`];
  const allowed = ["story", "url", ...(field.email_link_type ? ["email"] : []), ...(field.asset_link_type ? ["asset"] : [])];
  const problems: string[] = [];
  if (value.fieldtype !== "multilink") problems.push(`fieldtype must be "multilink"`);
  if (typeof value.linktype !== "string" || !allowed.includes(value.linktype)) {
    problems.push(`linktype ${JSON.stringify(value.linktype)} is not allowed here (allowed: ${allowed.join(", ")})`);
  }
  if (value.linktype === "story" && value.id !== "" && typeof value.id === "string" && !isUuid(value.id)) {
    problems.push(`story link id "${value.id}" is not a uuid`);
  }
  return problems;
}

function checkTable(value: unknown): string[] {
  if (!isRecord(value)) return [`must be a table object, got ${describe(value)}`];
  return value.fieldtype === "table" && Array.isArray(value.thead) && Array.isArray(value.tbody)
    ? []
    : [`must have fieldtype "table", thead and tbody`];
}

export const VALUE_CHECKS: Readonly<Record<string, ValueCheck>> = {
  text: checkText,
  textarea: checkText,
  markdown: checkText,
  number: checkNumber,
  datetime: checkDatetime,
  boolean: checkBoolean,
  option: checkOption,
  options: checkOptions,
  asset: checkAsset,
  multiasset: checkMultiasset,
  multilink: checkMultilink,
  table: checkTable,
};

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

export function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "string" ? `"${value}"` : typeof value;
}

/** Whether a value counts as "filled in" for a required field. */
export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === "") return true;
  if (Array.isArray(value)) return value.length === 0;
  if (isRecord(value) && value.fieldtype === "asset") return !value.filename;
  if (isRecord(value) && value.fieldtype === "multilink") return !value.id && !value.url && !value.email;
  return false;
}
