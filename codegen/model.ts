/**
 * The generator's data model: what the normaliser produces from the raw
 * Storyblok JSON and what the emitters consume. Every quirk of the input
 * (strings for numbers, `filter_content_type` as string or array, tag ids as
 * numbers or strings, `restrict_type: ""`) is resolved before this point, so
 * the transforms never look at raw JSON shapes.
 */
import type { DiagnosticCode } from "./diagnostic-codes.js";

export interface GeneratedFile {
  /** Path relative to the output directory, e.g. `components.ts`. */
  path: string;
  contents: string;
}

export type Severity = "error" | "warning";

export interface Diagnostic {
  severity: Severity;
  /** Stable and documented (codegen/diagnostics.ts), so CI can silence a warning with `--no-warn CODE`. */
  code: DiagnosticCode;
  /** The component the problem is in, when there is one. */
  component?: string;
  /** The field inside that component, when there is one. */
  field?: string;
  message: string;
}

/** How a `bloks` or `richtext` field limits the blocks it accepts. */
export type BlokRestriction =
  | { kind: "any" }
  | ({ kind: "components"; names: string[] } & Listed)
  | ({ kind: "groups"; uuids: string[] } & Listed)
  | ({ kind: "tags"; ids: string[] } & Listed);

/** Whether the whitelist key was saved at all: `[]` says "no blocks" on purpose, a missing list is usually unfinished. */
type Listed = { listed: boolean };

export interface FieldModel {
  key: string;
  /** Storyblok's field `type`, e.g. `text`, `bloks`, `custom`. */
  type: string;
  required: boolean;
  description?: string;
  /** option/options: where the values come from (`self` when unset). */
  source: string;
  /** option/options with source `self`: the values, in schema order. */
  optionValues: string[];
  excludeEmptyOption: boolean;
  /** option/options with source `internal_stories`: allowed content types. */
  filterContentType: string[];
  /** option/options with source `internal` (datasource): its slug. */
  datasourceSlug?: string;
  /** bloks and richtext: which blocks may appear. */
  restriction: BlokRestriction;
  /** multilink: the optional link types the field allows. */
  allowEmailLinks: boolean;
  allowAssetLinks: boolean;
  /** multilink with `restrict_content_types`: the content types its story links may point to (empty: any). */
  linkContentTypes: string[];
  /** Limits the editor enforces, checked by strict content validation: text `max_length`, options `max_options`, bloks `minimum`/`maximum`. */
  maxLength?: number;
  maxOptions?: number;
  minimum?: number;
  maximum?: number;
  /** custom: the plugin's `field_type`. */
  pluginName?: string;
  /**
   * `translatable: true` on a field that holds data Storyblok translates (every kind but
   * bloks, tab and section): each language's value is stored beside it as `<key>__i18n__<code>`.
   */
  translatable: boolean;
}

export interface ComponentModel {
  name: string;
  displayName?: string;
  isRoot: boolean;
  isNestable: boolean;
  groupUuid?: string;
  tagIds: string[];
  fields: FieldModel[];
  /** Management API metadata: which of two same-named entries is newer, which of two colliding names is older. */
  id?: number;
  createdAt?: string;
  updatedAt?: string;
}

export interface GroupModel {
  uuid: string;
  name?: string;
  parentUuid?: string;
}

export interface SchemaModel {
  components: ComponentModel[];
  /** The names of `components`, for lookups (kept in step with it). */
  componentNames: ReadonlySet<string>;
  groups: GroupModel[];
  /** `component.field` strings, as sent in `resolve_relations`: what the project's requests resolve. */
  resolveRelations: string[];
  /** What the project's requests send as `resolve_links`, when they resolve links. */
  resolveLinks?: DeclaredLinkResolution;
  /** Nestable blocks a parent renders itself: the registry accepts a renderer for them but demands none. */
  inline: string[];
  /** Datasource slug → its entry values (sorted); undefined when no datasources file was given. */
  datasources: Map<string, string[]> | undefined;
  /** The site's locales: the default language's and the space's languages (languages.json). */
  languages: LanguagesModel;
}

/** The `resolve_links` values that put a story (or its short form) on story links. */
export const LINK_RESOLUTIONS = ["story", "url", "link"] as const;
export type DeclaredLinkResolution = (typeof LINK_RESOLUTIONS)[number];

/** One language of a space besides the default, as Storyblok lists it: `{ code: "nl", name: "Nederlands" }`. */
export interface SpaceLanguage {
  code: string;
  name: string;
}

export interface LanguagesModel {
  /** The default language's locale code (Storyblok gives it none; the generator's `defaultLocale`, `en` unless set). */
  defaultLocale: string;
  /** The default language's name (`default_lang_name`). */
  defaultName: string;
  /** The space's other languages, in the order languages.json lists them; empty with no languages file. */
  languages: SpaceLanguage[];
}
