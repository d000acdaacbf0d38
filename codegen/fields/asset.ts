import type { FieldTransform } from "./context.js";

export const assetField: FieldTransform = ({ use }) => use("StoryblokAsset");

export const multiassetField: FieldTransform = ({ use }) => `${use("StoryblokAsset")}[]`;
