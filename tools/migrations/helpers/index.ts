/**
 * What a migration file imports: its shape (defineMigration, Migrating), the
 * holes a scaffold leaves (todo, decide), and helpers for the usual changes.
 * Self-contained (node:crypto aside), so a project can copy the folder.
 */
export { defineMigration, type BlockMigrations, type Migrating, type Migration } from "./define";
export { decide, todo } from "./holes";
export { orDefault, renameField } from "./fields";
export { convertField, dropTranslations, translationOf, translationsOf } from "./translations";
export { joinText, splitText } from "./text";
export { richTextToText, textToRichText, type PlainRichText, type RichTextLike } from "./rich-text";
export { derivedUid, moveInto, newBlock } from "./blocks";
