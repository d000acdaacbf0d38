/**
 * `/releases` (https://www.storyblok.com/docs/api/management/releases): the
 * list, one release, and creating one (`POST` with `{ release: { name,
 * release_at? } }`), enough for a client to see that a space has releases
 * open. A release is created open (`released: false`) and stays so: the
 * emulator schedules nothing and puts no story versions in a release.
 */
import { randomUUID } from "node:crypto";
import { createWith, readOne, resource } from "./resource";
import { created, ok, unprocessable } from "./responses";
import type { Route } from "./routes";
import type { ReleaseRecord } from "./space-records";
import { hasErrors, requireStrings } from "./validation";

/** The one author of every change (story-views.ts). */
const OWNER_ID = 1;

const releaseResource = resource<ReleaseRecord>("release", ["releases"], (state) => state.releases);

export const releaseRoutes: Route[] = [
  {
    method: "GET",
    path: "/releases",
    async endpoint({ store }) {
      return ok({ releases: (await store.read()).releases });
    },
  },
  { method: "GET", path: "/releases/:id", endpoint: readOne(releaseResource) },

  {
    method: "POST",
    path: "/releases",
    endpoint: createWith(releaseResource, (input, tx, { now }) => {
      const errors = requireStrings(input, ["name"]);
      if (hasErrors(errors)) return unprocessable(errors);
      const at = now();
      const release: ReleaseRecord = {
        id: tx.nextId(),
        uuid: randomUUID(),
        name: input.name as string,
        release_at: typeof input.release_at === "string" ? input.release_at : null,
        released: false,
        timezone: typeof input.timezone === "string" ? input.timezone : null,
        branches_to_deploy: Array.isArray(input.branches_to_deploy) ? (input.branches_to_deploy as number[]) : [],
        created_at: at,
        updated_at: at,
        owner_id: OWNER_ID,
        users_to_notify_ids: Array.isArray(input.users_to_notify_ids) ? (input.users_to_notify_ids as number[]) : [],
        public: input.public !== false,
        allowed_user_ids: Array.isArray(input.allowed_user_ids) ? (input.allowed_user_ids as number[]) : [],
      };
      tx.state.releases.push(release);
      return created({ release });
    }),
  },
];
