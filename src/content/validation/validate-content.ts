/**
 * Checks a story's content tree against the content model: every blok is a
 * known component allowed where it sits, required fields are filled, values
 * have Storyblok's wire shape, and rich text embeds only whitelisted bloks.
 * Returns problems as "path: message" strings; an empty list means valid.
 */
import { allowedComponents, findComponent, LAYOUT_FIELD_TYPES, type ContentModel, type RawField } from "./content-model";
import { describe, isEmpty, VALUE_CHECKS } from "./field-checks";

const BLOK_META_KEYS = new Set(["_uid", "component", "_editable"]);

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

export function validateContent(content: unknown, model: ContentModel): string[] {
  if (!isRecord(content)) return [`content: must be an object, got ${describe(content)}`];
  const component = findComponent(model, String(content.component));
  if (component && !component.is_root) {
    return [`content: "${component.name}" is not a content type (is_root is false)`];
  }
  return validateBlok(content, model, "content", undefined);
}

function validateBlok(blok: unknown, model: ContentModel, path: string, allowed: Set<string> | undefined): string[] {
  if (!isRecord(blok)) return [`${path}: must be a blok object, got ${describe(blok)}`];
  const problems: string[] = [];
  if (typeof blok._uid !== "string" || blok._uid === "") problems.push(`${path}: _uid is missing`);
  if (typeof blok.component !== "string") return [...problems, `${path}: component is missing`];
  const here = `${path}(${blok.component})`;
  const component = findComponent(model, blok.component);
  if (!component) return [...problems, `${here}: unknown component "${blok.component}"`];
  if (allowed && !allowed.has(component.name)) {
    problems.push(`${here}: "${component.name}" is not allowed here (allowed: ${[...allowed].join(", ")})`);
  }

  for (const [key, field] of Object.entries(component.schema)) {
    if (LAYOUT_FIELD_TYPES.has(field.type)) continue;
    const value = blok[key];
    if (isEmpty(value)) {
      if (field.required) problems.push(`${here}.${key}: is required`);
      continue;
    }
    problems.push(...validateField(value, field, model, `${here}.${key}`));
  }
  for (const key of Object.keys(blok)) {
    if (!BLOK_META_KEYS.has(key) && !(key in component.schema)) {
      problems.push(`${here}.${key}: is not a field of "${component.name}"`);
    }
  }
  return problems;
}

function validateField(value: unknown, field: RawField, model: ContentModel, path: string): string[] {
  if (field.type === "bloks") return validateBloksField(value, field, model, path);
  if (field.type === "richtext") return validateRichText(value, allowedComponents(model, field), model, path);
  const check = VALUE_CHECKS[field.type];
  // Custom plugin fields and future kinds carry their own shape: accept them.
  return check ? check(value, field).map((p) => `${path}: ${p}`) : [];
}

function validateBloksField(value: unknown, field: RawField, model: ContentModel, path: string): string[] {
  if (!Array.isArray(value)) return [`${path}: must be an array of bloks, got ${describe(value)}`];
  const allowed = allowedComponents(model, field);
  const problems = value.flatMap((b, i) => validateBlok(b, model, `${path}[${i}]`, allowed ?? nestable(model)));
  const max = field.maximum === undefined || field.maximum === "" ? undefined : Number(field.maximum);
  const min = field.minimum === undefined || field.minimum === "" ? undefined : Number(field.minimum);
  if (max !== undefined && value.length > max) problems.push(`${path}: has ${value.length} bloks, more than maximum ${max}`);
  if (min !== undefined && value.length < min) problems.push(`${path}: has ${value.length} bloks, fewer than minimum ${min}`);
  return problems;
}

function nestable(model: ContentModel): Set<string> {
  return new Set(model.components.filter((c) => c.is_nestable).map((c) => c.name));
}

/** Walks a rich-text document; only `blok` nodes need the content model. */
function validateRichText(value: unknown, allowed: Set<string> | undefined, model: ContentModel, path: string): string[] {
  if (!isRecord(value) || value.type !== "doc") return [`${path}: must be a rich-text document ({"type":"doc"}), got ${describe(value)}`];
  const problems: string[] = [];
  const visit = (node: unknown, at: string): void => {
    if (!isRecord(node) || typeof node.type !== "string") {
      problems.push(`${at}: rich-text node without a type`);
      return;
    }
    if (node.type === "text" && typeof node.text !== "string") problems.push(`${at}: text node without text`);
    if (node.type === "blok") {
      const body = isRecord(node.attrs) ? node.attrs.body : undefined;
      if (!Array.isArray(body)) problems.push(`${at}: blok node without attrs.body`);
      else body.forEach((b, i) => problems.push(...validateBlok(b, model, `${at}.body[${i}]`, allowed ?? nestable(model))));
    }
    if (Array.isArray(node.content)) node.content.forEach((child, i) => visit(child, `${at}.content[${i}]`));
  };
  visit(value, path);
  return problems;
}
