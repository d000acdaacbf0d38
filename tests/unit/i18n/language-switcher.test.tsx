import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PageAddressContext, pageAddressOf, type PageAddress } from "../../../src/i18n/page-locale";
import { UI_TEXTS } from "../../../src/i18n/ui-texts";
import { LOCALES } from "../../../src/i18n/locales";
import { LanguageSwitcher } from "../../../src/ui/LanguageSwitcher";

const rendered = (address: PageAddress) =>
  renderToStaticMarkup(
    <PageAddressContext.Provider value={address}>
      <LanguageSwitcher />
    </PageAddressContext.Provider>,
  );

/** Each link's attributes (names lower-cased, as HTML reads them) and text, in order. */
function links(html: string): Record<string, string>[] {
  return [...html.matchAll(/<a ([^>]*)>([^<]*)<\/a>/g)].map(([, attributes = "", text = ""]) => ({
    ...Object.fromEntries([...attributes.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name = "", value = ""]) => [name.toLowerCase(), value])),
    text,
  }));
}

describe("the language switcher", () => {
  it("links the same page in every language, each named in its own, the current one marked", () => {
    const html = rendered({ locale: "nl", path: "/projects/2024/atlas" });
    expect(html).toContain('<nav aria-label="Taal"');
    expect(
      links(html).map(({ href, lang, hreflang, text, ...rest }) => ({ href, lang, hreflang, text, current: rest["aria-current"] })),
    ).toEqual([
      { href: "/projects/2024/atlas", lang: "en", hreflang: "en", text: "English", current: undefined },
      { href: "/nl/projects/2024/atlas", lang: "nl", hreflang: "nl", text: "Nederlands", current: "true" },
    ]);
  });

  it("on the home page, links / and /nl", () => {
    expect(links(rendered({ locale: "en", path: "/" })).map((link) => [link.href, link["aria-current"]])).toEqual([
      ["/", "true"],
      ["/nl", undefined],
    ]);
  });

  it("takes the page's address from the router's, without query, fragment or locale prefix", () => {
    expect(pageAddressOf("nl", "/projects/x?_storyblok=1#top")).toEqual({ locale: "nl", path: "/projects/x" });
    expect(pageAddressOf("nl", "/nl/projects/x")).toEqual({ locale: "nl", path: "/projects/x" });
    expect(pageAddressOf("en", "")).toEqual({ locale: "en", path: "/" });
  });
});

describe("the UI texts", () => {
  it("every locale has every text, none empty", () => {
    const keys = Object.keys(UI_TEXTS.en).sort();
    for (const locale of LOCALES) {
      expect(Object.keys(UI_TEXTS[locale]).sort(), locale).toEqual(keys);
      for (const key of keys) expect(UI_TEXTS[locale][key as keyof (typeof UI_TEXTS)["en"]].trim(), `${locale}.${key}`).not.toBe("");
    }
  });
});
