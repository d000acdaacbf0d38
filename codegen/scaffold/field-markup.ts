import type { FieldModel } from "../model.js";

/** What a field's markup needs from beside the renderer (helper-files.ts). */
export type Helper = "Blocks" | "RichText" | "linkHref" | "editable";

export interface Markup {
  jsx: string;
  helpers: Helper[];
}

/** `blok.title`, or `blok["2col"]` for a key that is not an identifier. */
function access(key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `blok.${key}` : `blok[${JSON.stringify(key)}]`;
}

/** A JSX text child that shows `text` as written (quotes, braces and angle brackets included). */
function label(text: string): string {
  return `{${JSON.stringify(text)}}`;
}

/**
 * One field, rendered plainly, in the generated type's terms: each kind's
 * markup compiles against the type its transform (fields/*.ts) gives it.
 * Undefined for fields that hold no data (tab, section).
 */
export function fieldMarkup(field: FieldModel, resolved = false): Markup | undefined {
  const value = access(field.key);
  const plain = (jsx: string): Markup => ({ jsx, helpers: [] });
  const story = resolved && field.source === "internal_stories";
  switch (field.type) {
    case "text":
    case "textarea":
    case "markdown":
    case "number":
    case "datetime":
      return plain(`<p>{${value}}</p>`);
    case "boolean":
      return plain(`{${value} ? <p>${label(field.key)}</p> : null}`);
    // Story references are uuids as stored; where the project declares them resolved, a story (its name shown) or a uuid.
    case "option":
      return plain(story ? `<p>{typeof ${value} === "string" ? ${value} : ${value}?.name}</p>` : `<p>{${value}}</p>`);
    case "options":
      return plain(
        story
          ? `<p>{${value}?.map((item) => (typeof item === "string" ? item : item.name)).join(", ")}</p>`
          : `<p>{${value}?.join(", ")}</p>`,
      );
    case "bloks":
      return { jsx: `<Blocks bloks={${value}} />`, helpers: ["Blocks"] };
    case "richtext":
      // renderBlok, so that a RichText which demands it for fields that embed blocks (as the site's does) compiles too.
      return {
        jsx: `<RichText doc={${value}} renderBlok={(embedded) => <Blocks bloks={[embedded]} />} />`,
        helpers: ["RichText", "Blocks"],
      };
    case "asset":
      return plain(`{${value}?.filename ? <img src={${value}.filename} alt={${value}.alt ?? ""} /> : null}`);
    case "multiasset":
      return plain(
        `{${value}?.map((asset) => (asset.filename ? <img key={asset.filename} src={asset.filename} alt={asset.alt ?? ""} /> : null))}`,
      );
    case "image":
      return plain(`{${value} ? <img src={${value}} alt="" /> : null}`);
    case "file":
      return plain(`{${value} ? <a href={${value}}>${label(field.key)}</a> : null}`);
    case "multilink":
      return {
        // `?? undefined`: a project's own linkHref may answer null for no link.
        jsx: `{${value} ? <a href={linkHref(${value}) ?? undefined}>{${value}.title || ${JSON.stringify(field.key)}}</a> : null}`,
        helpers: ["linkHref"],
      };
    case "table":
      return plain(
        `{${value} ? (\n<table>\n<thead><tr>{${value}.thead.map((cell) => <th key={cell._uid}>{cell.value}</th>)}</tr></thead>\n<tbody>{${value}.tbody.map((row) => <tr key={row._uid}>{row.body.map((cell) => <td key={cell._uid}>{cell.value}</td>)}</tr>)}</tbody>\n</table>\n) : null}`,
      );
    case "custom":
      // A plugin's value has the shape its author chose; only they know how to show it.
      return plain(
        `{/* ${field.key.replace(/\*\//g, "* /")}: a ${(field.pluginName ?? "plugin").replace(/\*\//g, "* /")} field; render its value as the plugin defines it. */}`,
      );
    default:
      return undefined;
  }
}
