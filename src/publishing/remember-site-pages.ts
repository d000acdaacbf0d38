/** Fills the process's story → pages map from the current listing; a failure is logged and the first webhook lists instead. */
import { listPublishedStories, refreshContentFor } from "../content/queries";
import { processKnownPages } from "./known-pages";
import { mapSitePages } from "./site-pages";

export async function rememberSitePages(): Promise<void> {
  try {
    await refreshContentFor("on-demand");
    const pages = mapSitePages(await listPublishedStories());
    // A webhook that came in meanwhile has a newer listing: keep it.
    const known = processKnownPages();
    if (!known.get()) known.set(pages);
  } catch (error) {
    console.error(`revalidate: could not list the stories at start (the first webhook will): ${String(error)}`);
  }
}
