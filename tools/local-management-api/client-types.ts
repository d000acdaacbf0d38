/**
 * The answers' types, taken from Storyblok's own client (generated from
 * Storyblok's OpenAPI description), so the compiler checks that every
 * answer the emulator builds has what the client declares: a field the
 * client's types add or retype fails `tsc`, not a push against Storyblok.
 */
import type { ManagementClient } from "../management-api/management-client";

/** What a client call resolves to when it succeeds. */
type Data<Call extends (...args: never[]) => Promise<unknown>> = NonNullable<Extract<Awaited<ReturnType<Call>>, { data: unknown }>["data"]>;

type Client = ManagementClient;

export type ComponentListAnswer = Data<Client["components"]["list"]>;
export type ComponentAnswer = Data<Client["components"]["get"]>["component"];
export type ComponentGroupAnswer = Data<Client["componentFolders"]["get"]>["component_group"];
export type PresetAnswer = Data<Client["presets"]["get"]>["preset"];
export type DatasourceAnswer = Data<Client["datasources"]["get"]>["datasource"];
export type DatasourceEntryAnswer = Data<Client["datasourceEntries"]["get"]>["datasource_entry"];
export type StoryAnswer = NonNullable<Data<Client["stories"]["get"]>["story"]>;
export type StoryRowAnswer = NonNullable<Data<Client["stories"]["list"]>["stories"]>[number];
export type AssetAnswer = Data<Client["assets"]["get"]>;
export type AssetRowAnswer = Data<Client["assets"]["list"]>["assets"][number];
export type SignedResponseAnswer = Data<Client["assets"]["signResponseObject"]>;
export type FinishUploadAnswer = Data<Client["assets"]["finalize"]>;

/** Whole answers, wrapper included (`{ component: {...} }`), as each call resolves. */
export type ComponentCreatedBody = Data<Client["components"]["create"]>;
export type ComponentBody = Data<Client["components"]["get"]>;
export type ComponentGroupListBody = Data<Client["componentFolders"]["list"]>;
export type ComponentGroupBody = Data<Client["componentFolders"]["get"]>;
export type PresetListBody = Data<Client["presets"]["list"]>;
export type PresetBody = Data<Client["presets"]["get"]>;
export type DatasourceListBody = Data<Client["datasources"]["list"]>;
export type DatasourceBody = Data<Client["datasources"]["get"]>;
export type DatasourceEntryListBody = Data<Client["datasourceEntries"]["list"]>;
export type DatasourceEntryBody = Data<Client["datasourceEntries"]["get"]>;
export type StoryBody = Data<Client["stories"]["get"]>;
export type StoryCreatedBody = Data<Client["stories"]["create"]>;
export type AssetListBody = Data<Client["assets"]["list"]>;
export type SpaceBody = Data<Client["spaces"]["get"]>;
export type SpaceListBody = Data<Client["spaces"]["list"]>;
export type UserBody = Data<Client["users"]["me"]>;
export type InternalTagListBody = Data<Client["internalTags"]["list"]>;
export type InternalTagBody = Data<Client["internalTags"]["create"]>;
export type AssetFolderListBody = Data<Client["assetFolders"]["list"]>;
export type AssetFolderBody = Data<Client["assetFolders"]["get"]>;
