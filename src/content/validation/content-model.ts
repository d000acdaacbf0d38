/**
 * Story validation no longer reads the schema at run time: its rules are
 * generated into src/generated/validators.ts. This alias remains only so
 * callers that still pass a parsed schema compile; remove it with them.
 * @deprecated
 */
export type ContentModel = unknown;
