import type { FieldTransform } from "./context";

/** text, textarea, markdown: the API sends the text as written. */
export const textField: FieldTransform = () => "string";

/** number: Storyblok stores and sends number fields as strings (`"3"`). */
export const numberField: FieldTransform = () => "string";

/** datetime: a string such as `"2024-03-01 00:00"`, or `""` when empty. */
export const datetimeField: FieldTransform = () => "string";

export const booleanField: FieldTransform = () => "boolean";

/** image: the legacy image field (before `asset`) holds the file URL. */
export const legacyImageField: FieldTransform = () => "string";

/** tab and section only group other fields in the editor; they hold no data. */
export const layoutField: FieldTransform = () => undefined;
