import type { FieldKind } from "./kind.js";
import { access, plain } from "./markup.js";
import { simpleRule } from "./rules.js";

export const assetKind: FieldKind = {
  transform: ({ use }) => use("StoryblokAsset"),
  rule: simpleRule("asset"),
  markup: (field) => {
    const value = access(field.key);
    return plain(`{${value}?.filename ? <img src={${value}.filename} alt={${value}.alt ?? ""} /> : null}`);
  },
};

export const multiassetKind: FieldKind = {
  transform: ({ use }) => `${use("StoryblokAsset")}[]`,
  rule: simpleRule("multiasset"),
  markup: (field) =>
    plain(
      `{${access(field.key)}?.map((asset) => (asset.filename ? <img key={asset.filename} src={asset.filename} alt={asset.alt ?? ""} /> : null))}`,
    ),
};
