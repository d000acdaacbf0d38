import { useCallback, useId } from "react";
import type { HeaderContainerBlok } from "../generated";
import { editableAttributes } from "../preview/editable";
import { AssetImage } from "../ui/AssetImage";
import { Icon } from "../ui/Icon";
import { attachMenuToggle, MENU_TOGGLE_ATTRIBUTE } from "../ui/menu-toggle";
import { localePath } from "../i18n/locale-paths";
import { usePageLocale } from "../i18n/page-locale";
import { uiText } from "../i18n/ui-texts";
import { LanguageSwitcher } from "../ui/LanguageSwitcher";
import { Link } from "./Link";
import styles from "./HeaderContainer.module.css";

export function HeaderContainer({ blok }: { blok: HeaderContainerBlok }) {
  const menuId = useId();
  const locale = usePageLocale();
  // The menu's state lives in the button's aria-expanded, kept by plain DOM code that a static page runs
  // too; a ref callback, so that a button the Visual Editor adds later (a first link) gets it as well.
  const toggleRef = useCallback((button: HTMLButtonElement | null) => (button ? attachMenuToggle(button) : undefined), []);
  const navigation = blok.navigation ?? [];
  return (
    <header className={`${styles.header} ${blok.sticky === false ? "" : styles.sticky}`} {...editableAttributes(blok)}>
      <div className={styles.inner}>
        {/* A plain anchor: published pages run no React (unstable_runtimeJS: false), so a <Link> would never route. */}
        <a href={localePath(locale, "/")} className={styles.brand}>
          {/* Beside the name the logo adds nothing to the link's name ("Elena Varga monogram Elena Varga"). */}
          {blok.logo?.filename && (
            <AssetImage asset={blok.logo} ratio={1} crop priority className={styles.logo} decorative={Boolean(blok.logo_text)} />
          )}
          <span>{blok.logo_text}</span>
        </a>
        {/* Outside the menu: on phones too, the other language is one tap away. */}
        <LanguageSwitcher />
        {navigation.length > 0 && (
          <>
            {/* Phones: the list collapses behind a disclosure button; wider screens always show it. */}
            <button
              ref={toggleRef}
              type="button"
              className={styles.toggle}
              aria-expanded="false"
              aria-controls={menuId}
              {...{ [MENU_TOGGLE_ATTRIBUTE]: "" }}
            >
              {/* Both states' names and icons; the stylesheet shows the one aria-expanded says. */}
              <span className={styles.whenClosed}>
                <span className="visually-hidden">{uiText(locale, "openMenu")}</span>
                <Icon name="menu" size={22} />
              </span>
              <span className={styles.whenOpen}>
                <span className="visually-hidden">{uiText(locale, "closeMenu")}</span>
                <Icon name="close" size={22} />
              </span>
            </button>
            <nav id={menuId} aria-label={uiText(locale, "mainNavigationLabel")} className={styles.nav}>
              <ul className={styles.list}>
                {navigation.map((link) => (
                  <li key={link._uid}>
                    <Link blok={link} />
                  </li>
                ))}
              </ul>
            </nav>
          </>
        )}
      </div>
    </header>
  );
}
