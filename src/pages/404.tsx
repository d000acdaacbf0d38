import type { GetStaticProps } from "next";
import type { SiteConfigStory } from "../generated";
import { ErrorLayout } from "../layouts/ErrorLayout";
import { siteConfigOrNull } from "../site/site-config";
import { useClientPath } from "../site/use-client-path";

interface NotFoundProps {
  site: SiteConfigStory | null;
}

export const getStaticProps: GetStaticProps<NotFoundProps> = async () => ({ props: { site: await siteConfigOrNull() } });

export default function NotFoundPage({ site }: NotFoundProps) {
  const path = useClientPath();
  return (
    <ErrorLayout site={site} code="404" title="Page not found" heading={`Page not found: ${path}`}>
      <p>The page may have moved, or the link has a typo. The work is all reachable from the home page.</p>
    </ErrorLayout>
  );
}
