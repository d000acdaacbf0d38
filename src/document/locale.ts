/**
 * The document language from a page's props. _document only sees Next's
 * untyped page props, so this reads them defensively and falls back to
 * English; pages pass the site config as `site`.
 */
export function localeFromPageProps(pageProps: unknown): string {
  const site: unknown = readKey(pageProps, "site");
  const content: unknown = readKey(site, "content");
  const locale: unknown = readKey(content, "locale");
  return typeof locale === "string" && /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(locale) ? locale : "en";
}

function readKey(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null ? Reflect.get(value, key) : undefined;
}
