/**
 * The contact API route and the /contact page as Next.js calls them, for
 * tests that serve them behind node:http: the same request, a response with
 * Next's status() and json(), and the page's getServerSideProps rendered.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { GetServerSidePropsContext, NextApiRequest, NextApiResponse } from "next";
import { renderToStaticMarkup } from "react-dom/server";
import contactApi from "../../../../src/pages/api/contact";
import ContactPage, { getServerSideProps } from "../../../../src/pages/contact";
import { IconShapes } from "../../../../src/ui/icons/icon-shapes";

/** The API route as Next.js calls it: the same request, a response with Next's status() and json(). */
export function callApi(request: IncomingMessage, response: ServerResponse) {
  const api = Object.assign(response, {
    status(code: number) {
      response.statusCode = code;
      return api;
    },
    json(body: unknown) {
      response.setHeader("content-type", "application/json");
      response.end(JSON.stringify(body));
      return api;
    },
  });
  return contactApi(request as NextApiRequest, api as unknown as NextApiResponse);
}

/** The /contact page as Next.js serves it: getServerSideProps, then a redirect or the page's HTML with the status it set. */
export async function callPage(request: IncomingMessage, response: ServerResponse) {
  const url = new URL(request.url ?? "/", "http://localhost");
  const context = { req: request, res: response, query: Object.fromEntries(url.searchParams) } as unknown as GetServerSidePropsContext;
  const result = await getServerSideProps(context);
  if ("redirect" in result) {
    response.writeHead(303, { location: result.redirect.destination }).end();
    return;
  }
  if (!("props" in result)) throw new Error("the contact page answered neither props nor a redirect");
  const props = await result.props;
  const html = renderToStaticMarkup(
    <IconShapes.Provider value={props.icons}>
      <ContactPage {...props} />
    </IconShapes.Provider>,
  );
  response.setHeader("content-type", "text/html; charset=utf-8");
  response.end(html);
}
