/**
 * For `dangerouslySetInnerHTML` on an element whose children are the
 * server's HTML and must stay so: React leaves the children of such an
 * element alone when it hydrates it, and writes innerHTML again only when
 * this prop is a different object, so there is one object for the life of
 * the page.
 */
export const KEEP_SERVER_HTML = Object.freeze({ __html: "" });
