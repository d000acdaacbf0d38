/**
 * What a serving Node.js process does when it starts (src/instrumentation.ts):
 * - The contact form's store is checked and named in the log, and in
 *   delivery mode "background" its sender starts, so messages a previous
 *   process stored but did not deliver go out without waiting for the next
 *   visitor. A CONTACT_DB that cannot work stops the server, exit code 1.
 * - The published stories are listed, so the first webhook after a start
 *   already knows every story's pages: a `deleted` payload carries only the
 *   story id.
 * - The methods Next.js cannot hand to the site's code (TRACE, CONNECT,
 *   tokens Node.js does not parse, OPTIONS) are answered 405 at the
 *   server's door (src/http/method-door.ts).
 * - A request for a project page the site does not know is a 404 at the
 *   server's door, from the not-found page's copy, before Next.js or its
 *   proxy runs (src/publishing/page-gate/gate-door.ts); a known one goes on
 *   untouched.
 * - Answers are compressed and tagged at the server's door, a cached page's
 *   body once and not per request (src/http/compression/compress-responses.ts);
 *   next.config turns Next.js's own compression and ETags off outside `next dev`.
 */
export async function startNodeServer(): Promise<void> {
  // Not the build, which renders but never receives webhooks or mail.
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const [{ installMethodDoor }, { builtPageHeaders }, { installCompression }, { installGateDoor }] = await Promise.all([
    import("./http/method-door"),
    import("./security/page-policies"),
    import("./http/compression/compress-responses"),
    import("./publishing/page-gate/gate-door"),
  ]);
  const headers = builtPageHeaders().published;
  installMethodDoor(headers);
  // Installed after the method door and before compression: a request passes compression's wrapping
  // first (so the door's 404 is compressed like any answer), then the gate, then the method door.
  const { isKnownPage, notAPageAnswer } = await import("./publishing/page-gate/site-gate-answers");
  installGateDoor({
    headers,
    isKnown: isKnownPage,
    notFound: ({ locale, shown, data }, userAgent, origin) => notAPageAnswer({ locale, url: shown, userAgent, data }, origin),
  });
  // `next dev` keeps Next.js's compression (next.config): its answers are not the ones to serve fast.
  if (process.env.NODE_ENV === "production") installCompression();
  const { rememberSitePages } = await import("./publishing/remember-site-pages");
  // Not awaited: a slow content API must not hold up the server's start.
  void rememberSitePages();
  const { startContact } = await import("./contact/server/start");
  try {
    startContact();
  } catch (error) {
    // A setting that cannot work (CONTACT_DB): Next.js would keep serving and answer every request 500
    // with this error repeated in the log; stopping says it once, where a deploy's health check sees it.
    console.error(`${error instanceof Error ? error.message : String(error)}\nThe server does not start with this setting.`);
    process.exit(1);
  }
}
