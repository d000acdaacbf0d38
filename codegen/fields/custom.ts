import type { FieldTransform } from "./context.js";
import type { FieldKind } from "./kind.js";
import { plain } from "./markup.js";
import { simpleRule } from "./rules.js";

/**
 * Types of well-known custom field plugins, by `field_type`. A plugin stores
 * an object; where its shape is documented only loosely, the type is
 * conservative (optional members, `plugin` as any string) so that real
 * content never fails to fit it. Unknown plugins are typed `unknown` (with a
 * warning) rather than dropped, so the key still exists on the block.
 */
export const BUILT_IN_PLUGINS: Readonly<Record<string, string>> = {
  "native-color-picker": '{ _uid?: string; plugin: "native-color-picker"; color: string }',
  // Storyblok's SEO app. It saves `plugin: "seo_metatags"` (underscore, unlike
  // its field_type) and only the keys an editor has filled in; the images are URLs.
  "seo-metatags": `{ _uid?: string; plugin?: string; ${[
    "title",
    "description",
    "og_title",
    "og_description",
    "og_image",
    "twitter_title",
    "twitter_description",
    "twitter_image",
  ]
    .map((key) => `${key}?: string`)
    .join("; ")} }`,
  // Storyblok's Colorpicker app: `{ color }`, the hex code (validated as a
  // string by Storyblok's own schema package); `""` when none is chosen.
  "storyblok-colorpicker": "{ _uid?: string; plugin?: string; color: string }",
  // Storyblok's Palette app: `{ plugin, value }`; `value` is undefined when the
  // editor de-selects the colour (possible when no defaultValue is set).
  "storyblok-palette": "{ _uid?: string; plugin?: string; value?: string }",
};

const customType: FieldTransform = ({ field, plugins, warn }) => {
  const name = field.pluginName;
  if (name === undefined) {
    warn("custom-without-field-type", "custom field has no `field_type`; typed as unknown");
    return "unknown";
  }
  const type = plugins[name] ?? BUILT_IN_PLUGINS[name];
  if (type !== undefined) return type;
  warn("plugin-unknown", `custom plugin "${name}" has no known type; typed as unknown (add it to the plugin map)`);
  return "unknown";
};

export const customKind: FieldKind = {
  transform: customType,
  rule: simpleRule("custom"),
  // A plugin's value has the shape its author chose; only they know how to show it.
  markup: (field) =>
    plain(
      `{/* ${field.key.replace(/\*\//g, "* /")}: a ${(field.pluginName ?? "plugin").replace(/\*\//g, "* /")} field; render its value as the plugin defines it. */}`,
    ),
};
