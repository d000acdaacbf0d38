import type { GetServerSideProps, PageConfig } from "next";
import Head from "next/head";
import type { SiteConfigStory } from "../generated";
import { acceptContact, type AcceptOutcome } from "../contact/server/accept";
import { closeAfterAnswer } from "../http/read-body";
import { SiteFrame } from "../layouts/SiteFrame";
import { CONTACT_PAGE_PATH } from "../contact/rules/contact-fields";
import { ContactOutcomeContext, type ContactOutcome } from "../contact/form/contact-outcome";
import { statusText } from "../contact/rules/contact-status";
import { CONTACT_MESSAGE_TABLES } from "../contact/rules/contact-messages";
import { localePath, pageLocale } from "../i18n/locale-paths";
import { usePageLocale } from "../i18n/page-locale";
import { runAtPriority } from "../content/access/rate-limit/request-priority";
import { siteConfigOrNull } from "../content/shaping/site-config";
import type { PageIcons } from "../ui/icons/icon-shapes";
import { pageIcons } from "../ui/icons/page-icons";
import styles from "../layouts/ErrorLayout.module.css";
import { CONTACT_PAGE_METHODS } from "../http/allowed-methods";
import { ALREADY_ANSWERED, allowsMethod } from "../http/refuse-method";

interface ContactPageProps {
  site: SiteConfigStory | null;
  outcome: ContactOutcome;
  /** The shapes of the icons the header and footer show (_app provides them to <Icon>). */
  icons: PageIcons;
}

// Published: server HTML and the islands script, which mounts the form's own code when it comes near.
export const config: PageConfig = { unstable_runtimeJS: false };

const IDLE: ContactOutcome = { status: "idle", values: {}, errors: {} };

/** The page's answer to a post: status code and what the form shows. */
function answer(outcome: Exclude<AcceptOutcome, { kind: "accepted" | "ignored" }>): { code: number; shown: ContactOutcome } {
  switch (outcome.kind) {
    case "cross-site":
      // Nothing of the post is put back into the form: its fields are another site's words, not the visitor's.
      return { code: 403, shown: { ...IDLE, status: "refused" } };
    case "invalid":
      return { code: 422, shown: { status: "invalid", values: outcome.values, errors: outcome.errors } };
    case "limited":
      return { code: 429, shown: { status: "limited", values: outcome.values, errors: {} } };
    case "store-unreachable":
      return { code: 503, shown: { status: "failed", values: outcome.values, errors: {} } };
    case "store-failed":
      return { code: 500, shown: { status: "failed", values: outcome.values, errors: {} } };
    case "too-large":
      return { code: 413, shown: { ...IDLE, status: "failed" } };
    case "timed-out":
      return { code: 408, shown: { ...IDLE, status: "failed" } };
    case "unavailable":
      return { code: 503, shown: { ...IDLE, status: "failed" } };
    case "unsupported":
    case "malformed":
      return { code: 400, shown: { ...IDLE, status: "failed" } };
  }
}

/**
 * Where the contact form posts when the browser runs no JavaScript. The
 * same acceptContact as /api/contact decides; a stored message redirects
 * (303, so a reload does not post it twice) to the thanks, anything else is
 * the form again with the same messages and what the visitor typed.
 */
export const getServerSideProps: GetServerSideProps<ContactPageProps> = async ({ req, res, query, locale }) => {
  // The page's language is its address's (`/nl/contact`); the form posts to its own page's.
  const pageLanguage = pageLocale(locale);
  // The header and footer's one (shared) request is a visitor's work, in the visitors' short queue.
  const visitorsSiteConfig = () => runAtPriority("visitor", () => siteConfigOrNull(pageLanguage));
  if (!allowsMethod(req, res, CONTACT_PAGE_METHODS)) return ALREADY_ANSWERED;
  if (req.method !== "POST") {
    const site = await visitorsSiteConfig();
    return { props: { site, icons: pageIcons([site]), outcome: query.sent === "1" ? { ...IDLE, status: "sent" } : IDLE } };
  }
  const outcome = await acceptContact(req);
  if (outcome.kind === "accepted" || outcome.kind === "ignored") {
    return { redirect: { destination: `${localePath(pageLanguage, CONTACT_PAGE_PATH)}?sent=1#contact`, statusCode: 303 } };
  }
  const { code, shown } = answer(outcome);
  res.statusCode = code;
  // The rest of a refused body is not read (src/http/read-body.ts); a cross-site post's not at all.
  if (outcome.kind === "too-large" || outcome.kind === "timed-out" || outcome.kind === "unsupported" || outcome.kind === "cross-site")
    closeAfterAnswer(res);
  if (outcome.kind === "limited" || outcome.kind === "store-unreachable") res.setHeader("Retry-After", String(outcome.retryAfterSeconds));
  const site = await visitorsSiteConfig();
  return { props: { site, icons: pageIcons([site]), outcome: shown } };
};

export default function ContactPage({ site, outcome }: ContactPageProps) {
  const sent = outcome.status === "sent";
  const locale = usePageLocale();
  const texts = CONTACT_MESSAGE_TABLES[locale];
  return (
    <ContactOutcomeContext.Provider value={outcome}>
      <SiteFrame site={site}>
        <Head>
          <title>{sent ? texts.receivedHeading : texts.contactHeading}</title>
          <meta name="robots" content="noindex" />
        </Head>
        <section className={styles.error}>
          <h1 className={styles.heading}>{sent ? texts.receivedHeading : texts.contactHeading}</h1>
          <div className={styles.message}>
            <p>{statusText(locale)[outcome.status] || texts.noPost}</p>
          </div>
        </section>
      </SiteFrame>
    </ContactOutcomeContext.Provider>
  );
}
