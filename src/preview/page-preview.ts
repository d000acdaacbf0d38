/**
 * getStaticProps' side of preview: which version of a story a request gets.
 * Drafts only in draft mode with our preview data, and only for the story
 * the editor opened (`_storyblok`); any other page seen in draft mode (a
 * link followed inside the editor) is served published, without the bridge.
 */
import type { QueryOptions } from "../content/access/content-queries";
import type { StoryQuery } from "../content/access/story-queries";
import { contentLanguage, pageLocale } from "../i18n/locale-paths";
import { readContentSource } from "../content/sources/content-source";
import { bridgeUrl, editorOrigin } from "./preview-config";
import { asPreviewData, draftQueryOptions } from "./preview-data";
import type { LiveProps, PreviewProps } from "./preview-props";

interface DraftModeContext {
  draftMode?: boolean;
  previewData?: unknown;
  /** The page's locale (Next.js's `context.locale`): the published story is read in its language. */
  locale?: string;
}

export interface PreviewedStory<S> {
  story: S | null;
  /** The options the story was fetched with (other stories of the page use the same). */
  options: QueryOptions;
  /** Set only when the story shown is the editor's draft. */
  preview?: PreviewProps;
}

/**
 * `query` is the one `load` sends: the bridge asks the editor to resolve the
 * same relations in its `input` events.
 */
export async function loadForPreview<S extends { id: number }>(
  context: DraftModeContext,
  query: StoryQuery,
  load: (options: QueryOptions) => Promise<S | null>,
): Promise<PreviewedStory<S>> {
  const data = context.draftMode ? asPreviewData(context.previewData) : undefined;
  if (data) {
    const options = draftQueryOptions(data);
    const draft = await load(options);
    if (draft && draft.id === data.storyId) {
      return {
        story: draft,
        options,
        preview: {
          storyId: data.storyId,
          bridgeUrl: bridgeUrl(),
          editorOrigin: editorOrigin(),
          resolveRelations: [...query.resolve_relations],
        },
      };
    }
  }
  const language = contentLanguage(pageLocale(context.locale));
  const options: QueryOptions = language ? { language } : {};
  return { story: await load(options), options };
}

/**
 * `next dev` on the embedded content: the page follows edits of its story
 * file (see live-content.ts). Never in a production build.
 */
export function liveProps(fullSlug: string): LiveProps | undefined {
  if (process.env.NODE_ENV !== "development") return undefined;
  try {
    return readContentSource().kind === "local" ? { fullSlug } : undefined;
  } catch {
    return undefined;
  }
}
