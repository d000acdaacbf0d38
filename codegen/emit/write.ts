/** Small helpers for writing TypeScript as text. */

/** A JSDoc comment on one line; `*\/` inside the text cannot end it early. */
export function docComment(text: string | undefined, indent = ""): string[] {
  if (text === undefined) return [];
  const clean = text.replace(/\s+/g, " ").trim().replace(/\*\//g, "*\\/");
  return clean ? [`${indent}/** ${clean} */`] : [];
}

/** `export type Name = A | B;`, one member per line when there are several. */
export function unionDeclaration(name: string, members: readonly string[]): string[] {
  if (members.length === 0) return [`export type ${name} = never;`];
  if (members.length === 1) return [`export type ${name} = ${members[0]};`];
  return [`export type ${name} =`, ...members.map((member, i) => `  | ${member}${i === members.length - 1 ? ";" : ""}`)];
}

export function importTypes(names: Iterable<string>, from: string): string[] {
  const sorted = [...names].sort();
  return sorted.length === 0 ? [] : [`import type { ${sorted.join(", ")} } from "${from}";`];
}
