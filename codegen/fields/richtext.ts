import { blokUnion } from "./blok-union";
import type { FieldTransform } from "./context";

/** richtext: the document type, parameterised by the blocks this field may embed. */
export const richtextField: FieldTransform = (context) =>
  `${context.use("RichTextDoc")}<${blokUnion(context)}>`;
