import type { FieldTransform } from "./context.js";

/** text, textarea, markdown: the API sends the text as written. */
export const textField: FieldTransform = () => "string";

/** number: Storyblok stores and sends number fields as strings (`"3"`). */
export const numberField: FieldTransform = () => "string";

/** datetime: a string such as `"2024-03-01 00:00"`, or `""` when empty. */
export const datetimeField: FieldTransform = () => "string";

export const booleanField: FieldTransform = () => "boolean";

/**
 * image and file: the legacy fields (before `asset`) hold the file's URL as a
 * string, `""` when empty: `"logo": "//a.storyblok.com/f/43698/437x202/371b07400b/img_logo_new.png"`
 * in the Content Delivery API responses recorded in tests/fixtures/cdn.
 */
export const legacyFileField: FieldTransform = () => "string";

/** tab and section only group other fields in the editor; they hold no data. */
export const layoutField: FieldTransform = () => undefined;
