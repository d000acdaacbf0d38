import type { LinksContainerBlok } from "../generated";
import { editableAttributes } from "../preview/editable";
import { Section } from "../ui/Section";
import { Link } from "./Link";
import styles from "./LinksContainer.module.css";

interface LinksContainerProps {
  blok: LinksContainerBlok;
  /** In the footer the links are a column under a small heading, not a page section. */
  compact?: boolean;
}

export function LinksContainer({ blok, compact = false }: LinksContainerProps) {
  const direction = blok.direction ?? "column";
  const list = (
    <ul className={`${styles.links} ${styles[direction] ?? ""}`}>
      {(blok.links ?? []).map((link) => (
        <li key={link._uid}>
          <Link blok={link} />
        </li>
      ))}
    </ul>
  );
  if (compact) {
    return (
      <nav className={styles.compact} aria-label={blok.title || undefined} {...editableAttributes(blok)}>
        {blok.title && <h2 className={styles.compactTitle}>{blok.title}</h2>}
        {list}
      </nav>
    );
  }
  return (
    <Section title={blok.title} anchor={blok.anchor} editable={editableAttributes(blok)}>
      {list}
    </Section>
  );
}
