import type { GetServerSideProps } from "next";
import { doContentWork } from "../../content/access/rate-limit/content-work";
import { sitePageGate } from "../../publishing/page-gate/site-page-gate";
import { pageAt, pagePath, type PageKind, type PageOf } from "../../routes/site-routes";
import type { PageLoadContext } from "../../views/home-props";
import HomePage, { type HomeProps } from "../../views/HomePage";
import ProjectPage, { type ProjectPageProps } from "../../views/ProjectPage";
import { loadHomeProps } from "../../views/home-props";
import { loadProjectProps } from "../../views/project-props";
import { PAGE_METHODS } from "../../http/allowed-methods";
import { ALREADY_ANSWERED, allowsMethod } from "../../http/refuse-method";

/**
 * The Visual Editor's page: the one page that hydrates (React and Next.js's
 * runtime), so the editor's `input` events re-render the draft live.
 * next.config rewrites the editor's framed requests here in draft mode
 * (editorRewrites, src/preview/preview-entry.ts); the address in the editor stays the
 * page's own (`/projects/x?_storyblok=…`), which the bridge reads.
 *
 * Outside draft mode (a draft-mode cookie that has expired, or that a new
 * build no longer accepts, in an editor that reloads its frame) it shows the
 * published story, as the published page would: never a draft, which only
 * the preview data can name (src/preview/page-preview.ts). Visitors never
 * come here; should one type the address, the page is the published one,
 * hydrated, and kept out of search engines. Rendered per request and never
 * cacheable.
 *
 * What a request without a draft-mode session costs is what a visitor's
 * does (issue 36): a path the site does not know is a 404 with no content
 * request (the proxy gates `/editor/…`; a framed request with a forged
 * cookie is gated here), the content is what the process has (no cv
 * look-up per request), and its requests wait in the visitors' short queue.
 * The editor's drafts go first, with publishing.
 */
type EditorPageProps = ({ view: "home" } & HomeProps) | ({ view: "project" } & ProjectPageProps);

/** Each page kind's loader (src/routes/site-routes.ts): a kind added there is a compile error here until it has one. */
const LOADERS: { [K in PageKind]: (page: PageOf<K>, load: PageLoadContext) => Promise<EditorPageProps | null> } = {
  home: async (_page, load) => {
    const home = await loadHomeProps(load);
    return home && { view: "home", ...home };
  },
  project: async (page, load) => {
    const project = await loadProjectProps(page, load);
    return project && { view: "project", ...project };
  },
};

function loadPage<K extends PageKind>(page: PageOf<K>, load: PageLoadContext): Promise<EditorPageProps | null> {
  return (LOADERS[page.kind] as (page: PageOf<K>, load: PageLoadContext) => Promise<EditorPageProps | null>)(page, load);
}

export const getServerSideProps: GetServerSideProps<EditorPageProps, { slug?: string[] }> = async (context) => {
  context.res.setHeader("Cache-Control", "private, no-store");
  context.res.setHeader("X-Robots-Tag", "noindex");
  if (!allowsMethod(context.req, context.res, PAGE_METHODS)) return ALREADY_ANSWERED;
  // An address no page kind has, or a slug no story can have: a 404 with no content request.
  const page = pageAt(context.params?.slug ?? []);
  if (!page) return { notFound: true };
  if (!context.draftMode && !(await sitePageGate().isKnown(pagePath(page)))) return { notFound: true };
  // The page's locale too: outside a draft, the published story in the address's language.
  const load = {
    draftMode: context.draftMode,
    previewData: context.previewData,
    revalidateReason: "request" as const,
    locale: context.locale,
  };
  return doContentWork(context.draftMode ? "publish" : "visitor", async () => {
    const props = await loadPage(page, load);
    return props ? { props } : { notFound: true as const };
  });
};

export default function EditorPage(props: EditorPageProps) {
  return props.view === "home" ? <HomePage {...props} /> : <ProjectPage {...props} />;
}
