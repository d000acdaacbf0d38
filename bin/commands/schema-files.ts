/** The schema files are read as the generator package's CLI reads them: one implementation. */
export { BadInput, isDirectory, readJson, readPluginTypes, readSchemaDocuments, readSideFile, sideFileCandidates } from "../../codegen/cli/schema-files.js";
