/**
 * A URL-fragment id from a section title ("Where I've worked" →
 * "where-ive-worked"), so a link's anchor field can point at a section.
 */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
