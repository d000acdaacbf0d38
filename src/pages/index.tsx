import type { GetStaticProps, PageConfig } from "next";
import { localePath, pageLocale } from "../i18n/locale-paths";
import { reportRegeneration } from "../publishing/regeneration-report";
import { revalidateSeconds } from "../publishing/revalidate-seconds";
import HomePage, { type HomeProps } from "../views/HomePage";
import { loadHomeProps } from "../views/home-props";

// Published: static HTML and the islands script, no Next.js runtime (src/islands/islands-script.ts).
export const config: PageConfig = { unstable_runtimeJS: false };

export const getStaticProps: GetStaticProps<HomeProps> = reportRegeneration<HomeProps>(
  (_params, locale) => localePath(pageLocale(locale), "/"),
  async (context) => {
    const props = await loadHomeProps(context);
    return props ? { props, revalidate: revalidateSeconds() } : { notFound: true, revalidate: revalidateSeconds() };
  },
);

export default HomePage;
