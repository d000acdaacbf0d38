import type { GetServerSideProps } from "next";
import HomePage, { type HomeProps } from "../../views/HomePage";
import ProjectPage, { type ProjectPageProps } from "../../views/ProjectPage";
import { loadHomeProps } from "../../views/home-props";
import { loadProjectProps } from "../../views/project-props";

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
 */
type EditorPageProps = ({ view: "home" } & HomeProps) | ({ view: "project" } & ProjectPageProps);

export const getServerSideProps: GetServerSideProps<EditorPageProps, { slug?: string[] }> = async (context) => {
  context.res.setHeader("Cache-Control", "private, no-store");
  context.res.setHeader("X-Robots-Tag", "noindex");
  const [section, ...rest] = context.params?.slug ?? [];
  if (section === undefined) {
    const home = await loadHomeProps(context);
    return home ? { props: { view: "home", ...home } } : { notFound: true };
  }
  if (section === "projects") {
    const project = await loadProjectProps(rest, context);
    return project ? { props: { view: "project", ...project } } : { notFound: true };
  }
  return { notFound: true };
};

export default function EditorPage(props: EditorPageProps) {
  return props.view === "home" ? <HomePage {...props} /> : <ProjectPage {...props} />;
}
