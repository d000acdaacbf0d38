/**
 * The space itself and its user: `GET /v1/spaces/:id` (what `languages pull` of
 * Storyblok's CLI reads: `languages` and `default_lang_name`), `PUT /v1/spaces/:id`
 * (name, domain, languages, default language name), `GET /v1/spaces` (the one space)
 * and `GET /v1/users/me` (the CLI's `login` and `user`). A local space has no plan,
 * billing, collaborators or webhooks: those fields are answered at a plain space's values.
 */
import type { SpaceBody, SpaceListBody, UserBody } from "./client-types";
import { ok, unprocessable } from "./responses";
import { missingParam, wrapped } from "./request-body";
import type { Endpoint, Route } from "./routes";
import type { SpaceState } from "./space-store";
import { LOCAL_USER, settingsUpdate } from "./space-settings";

/** What both the space and the list of spaces answer for it. */
type Space = SpaceBody["space"] & SpaceListBody["spaces"][number];

function spaceView(state: SpaceState, spaceId: number): Space {
  const { settings } = state;
  const stories = [...state.stories.values()].length + state.folders.length;
  const assets = state.assets.filter((asset) => asset.upload === "finished").length;
  const space = {
    ...settings,
    id: spaceId,
    name: settings.name,
    domain: settings.domain,
    plan: "starter",
    plan_level: 0,
    limits: {},
    created_at: settings.created_at,
    updated_at: settings.updated_at,
    role: "admin",
    owner_id: LOCAL_USER.id,
    owner: { id: LOCAL_USER.id, userid: LOCAL_USER.userid, friendly_name: LOCAL_USER.friendly_name, avatar: null, disabled: false },
    environments: [],
    stories_count: stories,
    assets_count: assets,
    request_count_today: 0,
    api_requests: 0,
    exceeded_requests: 0,
    trial: false,
    default_root: "page",
    has_slack_webhook: false,
    first_token: "",
    traffic_limit: 0,
    ai_text_generator_disabled: true,
    ai_text_generator_feature_disabled: true,
    monthly_ai_tokens_traffic: 0,
    monthly_ai_tokens_traffic_limit: 0,
    has_pending_tasks: false,
    options: {},
    assistance_mode: false,
    languages: settings.languages.map((language) => ({ ...language, ai_translation_code: language.ai_translation_code ?? null })),
    default_lang_name: settings.default_lang_name,
    space_roles: [],
    collaborators: [],
    region: "eu",
    feature_limit_exceeded_flags: {},
    requires_2fa: false,
    org_requires_2fa: false,
    development_mode: false,
  };
  return space;
}

const get: Endpoint = async ({ store, spaceId }) => ok({ space: spaceView(await store.read(), spaceId) } satisfies SpaceBody);

const update: Endpoint = ({ store, body, now, spaceId }) =>
  store.write((tx) => {
    const input = wrapped(body, "space");
    if (!input) return unprocessable(missingParam("space"));
    const result = settingsUpdate(input);
    if ("errors" in result) return unprocessable(result.errors);
    tx.state.settings = { ...tx.state.settings, ...result.changes, updated_at: now() };
    tx.touch("space");
    return ok({ space: spaceView(tx.state, spaceId) } satisfies SpaceBody);
  });

/** Relative to `/v1/spaces/:space_id`. */
export const spaceRoutes: Route[] = [
  { method: "GET", path: "/", endpoint: get },
  { method: "PUT", path: "/", endpoint: update },
];

/** `GET /v1/spaces`: the spaces the token reaches, the one space here. */
export const listSpaces: Endpoint = async ({ store, spaceId }) => {
  const space = spaceView(await store.read(), spaceId);
  return ok({ spaces: [space] } satisfies SpaceListBody);
};

/** `GET /v1/users/me`: the user the token belongs to. */
export function currentUser(): Response {
  const user = {
    ...LOCAL_USER,
    organization: null,
    use_username: false,
    login_strategy: "password" as const,
    org: {},
    notified: [],
    favourite_spaces: [],
    favourite_ideas: [],
    beta_user: false,
    track_statistics: false,
    ui_theme: {},
    totp_factor_verified: false,
    configured_2fa_options: [],
    disclaimer_ids: [],
    live_chat_enabled: false,
    confirmed: true,
  };
  return ok({ user } satisfies UserBody);
}
