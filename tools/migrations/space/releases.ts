/**
 * Open releases. A story in a release has a version scheduled to go live
 * with it; republishing the story now would publish past the release, and
 * the release would later put back content from before the migration. So
 * a migration does not write to a space with an open (unreleased) release.
 */
import type { ManagementClient } from "../../management-api/management-client";

export interface Release {
  id: number;
  name: string;
  released: boolean;
  release_at?: string | null;
}

/** The space's releases not yet released. The client has no releases resource: Storyblok's documented GET through its escape hatch. */
export async function openReleases(client: ManagementClient, spaceId: number): Promise<Release[]> {
  const { data } = await client.get(`/v1/spaces/${spaceId}/releases`, { throwOnError: true });
  const releases = (data as { releases?: Release[] } | undefined)?.releases ?? [];
  return releases.filter((release) => release.released !== true);
}
