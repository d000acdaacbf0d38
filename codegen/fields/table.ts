import type { FieldTransform } from "./context";

export const tableField: FieldTransform = ({ use }) => use("StoryblokTable");
