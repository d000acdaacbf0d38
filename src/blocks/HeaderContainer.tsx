import { useEffect, useId, useRef, useState } from "react";
import type { HeaderContainerBlok } from "../generated";
import { editableAttributes } from "../site/editable";
import { AssetImage } from "../ui/AssetImage";
import { Icon } from "../ui/Icon";
import { Link } from "./Link";
import styles from "./HeaderContainer.module.css";

export function HeaderContainer({ blok }: { blok: HeaderContainerBlok }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  // Escape closes the open menu from anywhere in it and gives focus back to its button (WAI-ARIA disclosure).
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [menuOpen]);
  const navigation = blok.navigation ?? [];
  return (
    <header className={`${styles.header} ${blok.sticky === false ? "" : styles.sticky}`} {...editableAttributes(blok)}>
      <div className={styles.inner}>
        <a href="/" className={styles.brand}>
          {/* Beside the name the logo adds nothing to the link's name ("Elena Varga monogram Elena Varga"). */}
          {blok.logo?.filename && <AssetImage asset={blok.logo} ratio={1} crop priority className={styles.logo} decorative={Boolean(blok.logo_text)} />}
          <span>{blok.logo_text}</span>
        </a>
        {navigation.length > 0 && (
          <>
            {/* Phones: the list collapses behind a disclosure button; wider screens always show it. */}
            <button
              ref={toggleRef}
              type="button"
              className={styles.toggle}
              aria-expanded={menuOpen}
              aria-controls={menuId}
              onClick={() => setMenuOpen((open) => !open)}
            >
              <span className="visually-hidden">{menuOpen ? "Close menu" : "Open menu"}</span>
              <Icon name={menuOpen ? "close" : "menu"} size={22} />
            </button>
            <nav id={menuId} aria-label="Main" className={`${styles.nav} ${menuOpen ? styles.open : ""}`}>
              <ul className={styles.list} onClick={() => setMenuOpen(false)}>
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
