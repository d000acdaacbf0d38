/** Most uuids one relations request may ask for (a page's relations, not a crawl). */
export const MAX_RELATION_UUIDS = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `?uuids=a,b` as a list of uuids, or undefined when it is anything else. */
export function parseRelationUuids(value: unknown): string[] | undefined {
  if (typeof value !== "string" || value === "") return undefined;
  const uuids = [...new Set(value.split(","))];
  return uuids.length <= MAX_RELATION_UUIDS && uuids.every((uuid) => UUID.test(uuid)) ? uuids : undefined;
}
