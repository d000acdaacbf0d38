import type { FieldModel } from "../model.js";
import type { FieldKind } from "./kind.js";
import { access, plain } from "./markup.js";
import { isResolved, optionField, optionsField, optionValues } from "./option.js";
import { trimRule } from "./rules.js";

// The option kinds' rules and markup, beside option.ts's types: story
// references are uuids as stored; where the project declares them resolved
// (relations.json), a story or a uuid, and the scaffold shows the story's name.

const resolvedStory = (field: FieldModel, resolved: boolean) => resolved && field.source === "internal_stories";

export const optionKind: FieldKind = {
  transform: optionField,
  rule: (context, required) =>
    context.field.source === "internal_stories"
      ? ["story", required, isResolved(context) ? 1 : 0]
      : ["option", required, optionValues(context, false) ?? 0],
  markup: (field, resolved) => {
    const value = access(field.key);
    return plain(
      resolvedStory(field, resolved) ? `<p>{typeof ${value} === "string" ? ${value} : ${value}?.name}</p>` : `<p>{${value}}</p>`,
    );
  },
};

export const optionsKind: FieldKind = {
  transform: optionsField,
  rule: (context, required) =>
    context.field.source === "internal_stories"
      ? trimRule(["stories", required, isResolved(context) ? 1 : 0, context.field.maxOptions])
      : trimRule(["options", required, optionValues(context, true) ?? 0, context.field.maxOptions]),
  markup: (field, resolved) => {
    const value = access(field.key);
    return plain(
      resolvedStory(field, resolved)
        ? `<p>{${value}?.map((item) => (typeof item === "string" ? item : item.name)).join(", ")}</p>`
        : `<p>{${value}?.join(", ")}</p>`,
    );
  },
};
