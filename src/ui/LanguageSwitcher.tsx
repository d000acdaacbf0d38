import { localePath } from "../i18n/locale-paths";
import { LANGUAGE_NAMES, LOCALES } from "../i18n/locales";
import { usePageAddress } from "../i18n/page-locale";
import { uiText } from "../i18n/ui-texts";
import styles from "./LanguageSwitcher.module.css";

/**
 * The same page in every language: plain links, so it works with no
 * JavaScript at all (published pages run none of React). Each names its
 * language in that language, marked with `lang` so a screen reader speaks
 * it in the right voice, and `hreflang` for what it links to; the page's
 * own language is `aria-current`.
 */
export function LanguageSwitcher() {
  const { locale, path } = usePageAddress();
  if (LOCALES.length < 2) return null;
  return (
    <nav aria-label={uiText(locale, "languageSwitcherLabel")} className={styles.switcher}>
      <ul className={styles.list}>
        {LOCALES.map((language) => (
          <li key={language}>
            <a
              href={localePath(language, path)}
              lang={language}
              hrefLang={language}
              aria-current={language === locale ? "true" : undefined}
              className={styles.link}
            >
              {LANGUAGE_NAMES[language]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
