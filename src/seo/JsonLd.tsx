import Head from "next/head";
import { serialiseJsonLd } from "./json-ld";

/**
 * One structured-data block in the page's head. A data block (not a script
 * the browser runs), so the Content-Security-Policy does not apply to it.
 */
export function JsonLd({ data }: { data: object }) {
  return (
    <Head>
      <script key="json-ld" type="application/ld+json" dangerouslySetInnerHTML={{ __html: serialiseJsonLd(data) }} />
    </Head>
  );
}
