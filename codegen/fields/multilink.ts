import type { FieldTransform } from "./context.js";

/**
 * Story and URL links are always allowed; email and asset links only when the
 * field enables them, so a renderer handles exactly the variants it can get.
 */
export const multilinkField: FieldTransform = ({ field, use }) => {
  const types = ['"story"', '"url"'];
  if (field.allowEmailLinks) types.push('"email"');
  if (field.allowAssetLinks) types.push('"asset"');
  return `${use("StoryblokMultilink")}<${types.join(" | ")}>`;
};
