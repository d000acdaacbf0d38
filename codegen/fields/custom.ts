import type { FieldTransform } from "./context";

/**
 * Types of well-known custom field plugins. A plugin stores an object that
 * carries its own name in `plugin`; unknown plugins are typed `unknown`
 * (with a warning) rather than dropped, so the key still exists on the block.
 */
export const BUILT_IN_PLUGINS: Readonly<Record<string, string>> = {
  "native-color-picker": '{ _uid?: string; plugin: "native-color-picker"; color: string }',
};

export const customField: FieldTransform = ({ field, plugins, warn }) => {
  const name = field.pluginName;
  if (name === undefined) {
    warn("custom field has no `field_type`; typed as unknown");
    return "unknown";
  }
  const type = plugins[name] ?? BUILT_IN_PLUGINS[name];
  if (type !== undefined) return type;
  warn(`custom plugin "${name}" has no known type; typed as unknown (add it to the plugin map)`);
  return "unknown";
};
