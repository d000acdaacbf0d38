import type { GetServerSideProps, PageConfig } from "next";
import Head from "next/head";
import type { SiteConfigStory } from "../generated";
import { acceptContact, type AcceptOutcome } from "../contact/server/accept";
import { closeAfterAnswer } from "../http/read-body";
import { SiteFrame } from "../layouts/SiteFrame";
import { CONTACT_PAGE_PATH } from "../contact/rules/contact-fields";
import { ContactOutcomeContext, type ContactOutcome } from "../contact/form/contact-outcome";
import { STATUS_TEXT } from "../contact/rules/contact-status";
import { runAtPriority } from "../content/access/rate-limit/request-priority";
import { siteConfigOrNull } from "../content/shaping/site-config";
import type { PageIcons } from "../ui/icons/icon-shapes";
import { pageIcons } from "../ui/icons/page-icons";
import styles from "../layouts/ErrorLayout.module.css";

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
export const getServerSideProps: GetServerSideProps<ContactPageProps> = async ({ req, res, query }) => {
  // The header and footer's one (shared) request is a visitor's work, in the visitors' short queue.
  const visitorsSiteConfig = () => runAtPriority("visitor", siteConfigOrNull);
  if (req.method !== "POST") {
    const site = await visitorsSiteConfig();
    return { props: { site, icons: pageIcons([site]), outcome: query.sent === "1" ? { ...IDLE, status: "sent" } : IDLE } };
  }
  const outcome = await acceptContact(req);
  if (outcome.kind === "accepted" || outcome.kind === "ignored") {
    return { redirect: { destination: `${CONTACT_PAGE_PATH}?sent=1#contact`, statusCode: 303 } };
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
  return (
    <ContactOutcomeContext.Provider value={outcome}>
      <SiteFrame site={site}>
        <Head>
          <title>{sent ? "Message received" : "Contact"}</title>
          <meta name="robots" content="noindex" />
        </Head>
        <section className={styles.error}>
          <h1 className={styles.heading}>{sent ? "Message received" : "Contact"}</h1>
          <div className={styles.message}>
            <p>{STATUS_TEXT[outcome.status] || "The contact form is at the foot of this page."}</p>
          </div>
        </section>
      </SiteFrame>
    </ContactOutcomeContext.Provider>
  );
}
