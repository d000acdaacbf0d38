/**
 * Names the contact form shares between browser and server, besides the
 * content's own fields.
 */

/**
 * A field people never see or fill in; bots that fill every input do. It is
 * named like a field worth filling, and content fields may not reuse it.
 */
export const HONEYPOT_FIELD = "contact_website";

/** Where the form posts without JavaScript; the page answers with the form's outcome. */
export const CONTACT_PAGE_PATH = "/contact";

/** Set on the <form> once its client code runs (validation, sending without leaving the page). */
export const INTERACTIVE_ATTRIBUTE = "data-interactive";

/**
 * The language of the page the form was posted from, sent with the fields
 * (a hidden input, so a no-JavaScript post carries it too): the server
 * answers in it. Checked against the site's locales; content fields may not
 * reuse the name.
 */
export const LOCALE_FIELD = "contact_locale";
