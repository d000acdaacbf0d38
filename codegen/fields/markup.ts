/** What a field's markup needs from beside the renderer (scaffold/helper-files.ts). */
export type Helper = "Blocks" | "RichText" | "linkHref" | "editable";

export interface Markup {
  jsx: string;
  helpers: Helper[];
}

/** `blok.title`, or `blok["2col"]` for a key that is not an identifier. */
export function access(key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `blok.${key}` : `blok[${JSON.stringify(key)}]`;
}

/** A JSX text child that shows `text` as written (quotes, braces and angle brackets included). */
export function label(text: string): string {
  return `{${JSON.stringify(text)}}`;
}

/** Markup that needs no helper. */
export function plain(jsx: string): Markup {
  return { jsx, helpers: [] };
}

/** Tab and section hold no data: nothing to render. */
export const noMarkup = (): undefined => undefined;
