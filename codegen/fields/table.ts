import type { FieldTransform } from "./context.js";

export const tableField: FieldTransform = ({ use }) => use("StoryblokTable");
