/**
 * The "./scaffold" export: renderers for a schema's blocks, as data
 * (index.ts), and the edit of an existing registry.ts they are wired into
 * (registry-file.ts, on ts-morph). The package's own `scaffold` command
 * imports index.ts, which loads ts-morph only when there is a registry to edit.
 */
export * from "./index.js";
export { addToRegistry, registryKeys } from "./registry-file.js";
