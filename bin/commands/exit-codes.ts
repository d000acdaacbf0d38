/**
 * The CLI's exit codes, the same for every command: the generator package's,
 * which `generate` and `check` exit with, so a script tells the outcomes of
 * all of them apart the same way.
 */
export { EXIT } from "storyblok-typed-codegen";
