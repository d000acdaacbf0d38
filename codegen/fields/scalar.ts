import type { FieldKind, MarkupTransform } from "./kind.js";
import { access, label, noMarkup, plain } from "./markup.js";
import { simpleRule, trimRule } from "./rules.js";

/** The value as a paragraph. */
const paragraph: MarkupTransform = (field) => plain(`<p>{${access(field.key)}}</p>`);

/** text, textarea, markdown: the API sends the text as written. */
export const textKind: FieldKind = {
  transform: () => "string",
  rule: ({ field }, required) => trimRule(["text", required, field.maxLength]),
  markup: paragraph,
};

/** number: Storyblok stores and sends number fields as strings (`"3"`). */
export const numberKind: FieldKind = {
  transform: () => "string",
  rule: simpleRule("number"),
  markup: paragraph,
};

/** datetime: a string such as `"2024-03-01 00:00"`, or `""` when empty. */
export const datetimeKind: FieldKind = {
  transform: () => "string",
  rule: simpleRule("datetime"),
  markup: paragraph,
};

export const booleanKind: FieldKind = {
  transform: () => "boolean",
  rule: simpleRule("boolean"),
  markup: (field) => plain(`{${access(field.key)} ? <p>${label(field.key)}</p> : null}`),
};

/**
 * image and file: the legacy fields (before `asset`) hold the file's URL as a
 * string, `""` when empty: `"logo": "//a.storyblok.com/f/43698/437x202/371b07400b/img_logo_new.png"`
 * in the Content Delivery API responses recorded in tests/fixtures/cdn.
 */
const legacyFile: Omit<FieldKind, "markup"> = { transform: () => "string", rule: simpleRule("text") };

export const imageKind: FieldKind = {
  ...legacyFile,
  markup: (field) => {
    const value = access(field.key);
    return plain(`{${value} ? <img src={${value}} alt="" /> : null}`);
  },
};

export const fileKind: FieldKind = {
  ...legacyFile,
  markup: (field) => {
    const value = access(field.key);
    return plain(`{${value} ? <a href={${value}}>${label(field.key)}</a> : null}`);
  },
};

/** tab and section only group other fields in the editor; they hold no data. */
export const layoutKind: FieldKind = { transform: () => undefined, rule: () => undefined, markup: noMarkup };
