import type { FieldKind } from "./kind.js";
import { access, plain } from "./markup.js";
import { simpleRule } from "./rules.js";

export const tableKind: FieldKind = {
  transform: ({ use }) => use("StoryblokTable"),
  rule: simpleRule("table"),
  markup: (field) => {
    const value = access(field.key);
    return plain(
      `{${value} ? (\n<table>\n<thead><tr>{${value}.thead.map((cell) => <th key={cell._uid}>{cell.value}</th>)}</tr></thead>\n<tbody>{${value}.tbody.map((row) => <tr key={row._uid}>{row.body.map((cell) => <td key={cell._uid}>{cell.value}</td>)}</tr>)}</tbody>\n</table>\n) : null}`,
    );
  },
};
