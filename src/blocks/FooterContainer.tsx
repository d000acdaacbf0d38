import type { FooterContainerBlok } from "../generated";
import { RichText } from "../richtext/RichText";
import { editableAttributes } from "../preview/editable";
import { ContactForm } from "../contact/form/ContactForm";
import { LinksContainer } from "./LinksContainer";
import styles from "./FooterContainer.module.css";

/** The anchor the site's "Contact" links point at. */
const CONTACT_ANCHOR = "contact";

export function FooterContainer({ blok }: { blok: FooterContainerBlok }) {
  const fields = blok.contact_fields ?? [];
  const columns = blok.columns ?? [];
  return (
    <footer data-theme="dark" className={styles.footer} {...editableAttributes(blok)}>
      <div className={styles.inner}>
        {fields.length > 0 && (
          <section id={CONTACT_ANCHOR} className={styles.contact} aria-labelledby="contact-title">
            <div className={styles.contactText}>
              <h2 id="contact-title" className={styles.contactTitle}>
                {blok.contact_title || "Contact"}
              </h2>
              <RichText className={styles.contactIntro} doc={blok.contact_intro} />
            </div>
            <ContactForm fields={fields} submitLabel={blok.contact_submit_label || "Send message"} />
          </section>
        )}
        {columns.length > 0 && (
          <div className={styles.columns}>
            {columns.map((column) => (
              <LinksContainer key={column._uid} blok={column} compact />
            ))}
          </div>
        )}
        <p className={styles.copyright}>{blok.copyright}</p>
      </div>
    </footer>
  );
}
