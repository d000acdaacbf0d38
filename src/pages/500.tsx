import type { GetStaticProps } from "next";
import type { SiteConfigStory } from "../generated";
import { ErrorLayout } from "../layouts/ErrorLayout";
import { siteConfigOrNull } from "../site/site-config";

interface ServerErrorProps {
  site: SiteConfigStory | null;
}

export const getStaticProps: GetStaticProps<ServerErrorProps> = async () => ({ props: { site: await siteConfigOrNull() } });

export default function ServerErrorPage({ site }: ServerErrorProps) {
  return (
    <ErrorLayout site={site} code="500" title="Something went wrong" heading="Something went wrong on our side">
      <p>Please try again in a moment. If it keeps happening, the contact details in the footer still work.</p>
    </ErrorLayout>
  );
}
