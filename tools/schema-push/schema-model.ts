/**
 * The two sides `schema push` compares: the content model in the repository
 * (schema/) and the one in the space, as the Management API returns it.
 */
import type { Component, ComponentFolder, Datasource, DatasourceEntry, Preset } from "@storyblok/management-api-client";
import type { RawObject } from "./comparable";

export interface LocalGroup {
  /** The repository's uuid: what its components and whitelists refer to, never sent. */
  uuid: string;
  name: string;
  parentUuid?: string;
}

export interface LocalDatasource {
  slug: string;
  name: string;
  entries: { name: string; value: string }[];
}

/** The space's languages besides the default, in order, and the default language's name (languages.json). */
export interface SpaceLanguages {
  defaultName: string;
  languages: { code: string; name: string }[];
}

export interface LocalSchema {
  /** Every component as schema/ holds it (the Management API's own shape, ids and all). */
  components: RawObject[];
  groups: LocalGroup[];
  /** Undefined when schema/ has no datasources.json: the space's datasources are then left alone. */
  datasources?: LocalDatasource[];
  /** Undefined when schema/ has no languages.json: the space's languages are then left alone. */
  languages?: SpaceLanguages;
}

export interface SpaceDatasource {
  datasource: Datasource;
  entries: DatasourceEntry[];
}

export interface SpaceSchema {
  components: Component[];
  groups: ComponentFolder[];
  presets: Preset[];
  datasources: SpaceDatasource[];
  languages: SpaceLanguages;
}
