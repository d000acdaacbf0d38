/**
 * The plan as a reviewer reads it: `+` added, `~` changed, `-` removed, a
 * changed component field by field with each setting's old and new value,
 * and `[breaking]` beside every breaking change, then the list of them.
 */
import { showValue } from "./comparable";
import { isEmptyPlan, type Action, type SchemaPlan, type SettingChange } from "./plan-model";

const MARK: Record<Action, string> = { add: "+", change: "~", remove: "-" };
const BREAKING = "  [breaking]";

export function renderPlan(plan: SchemaPlan): string[] {
  const breaking = new Set(plan.breaking.map((change) => change.subject));
  const flag = (subject: string) => (breaking.has(subject) ? BREAKING : "");
  const lines: string[] = [];

  section(lines, "Component groups", plan.groups, (step) => [
    step.action === "change"
      ? `~ ${step.name}: parent ${showValue(step.parentBefore ?? null)} → ${showValue(step.parent)}`
      : `${MARK[step.action]} ${step.name}${step.parent === null ? "" : ` (in ${step.parent})`}`,
  ]);

  section(lines, "Components", plan.components, (step) => {
    const head = `${MARK[step.action]} ${step.name}`;
    if (step.action === "remove") return [`${head}${flag(`component ${step.name}`)}`];
    const settings =
      step.action === "add"
        ? step.settings.map((setting) => `    ${setting.key} ${showValue(setting.to)}`)
        : step.settings.map((setting) => `    ~ ${changeText(setting)}`);
    const fields = step.fields.map((field) => {
      const subject = `field ${step.name}.${field.key}`;
      if (field.action !== "change") return `    ${MARK[field.action]} field ${field.key} (${field.type})${flag(subject)}`;
      return `    ~ field ${field.key}: ${field.settings.map(changeText).join("; ")}${flag(subject)}`;
    });
    return [head, ...settings, ...fields];
  });

  section(lines, "Presets", plan.presets, (step) => [
    `${MARK[step.action]} ${step.component}: "${step.name}"${step.settings.length > 0 ? `: ${step.settings.map(changeText).join("; ")}` : ""}`,
  ]);

  section(lines, "Datasources", plan.datasources, (step) => {
    if (step.action === "remove") return [`- ${step.slug} (${step.name})${flag(`datasource ${step.slug}`)}`];
    const head = step.action === "add" ? `+ ${step.slug} (${step.name})` : `~ ${step.slug}`;
    const settings = step.settings.map((setting) => `    ~ ${changeText(setting)}`);
    const entries = step.entries.map((entry) => {
      const value = JSON.stringify(entry.value);
      if (entry.action === "change") return `    ~ entry ${value}: name ${showValue(entry.nameBefore)} → ${showValue(entry.name)}`;
      return `    ${MARK[entry.action]} entry ${value} (${entry.name})${flag(`datasource ${step.slug} entry ${value}`)}`;
    });
    return [head, ...settings, ...entries];
  });

  if (plan.languages !== undefined) {
    if (lines.length > 0) lines.push("");
    const names = (languages: { code: string; name: string }[]) =>
      languages.map(({ code, name }) => `${code} (${name})`).join(", ") || "none";
    lines.push(
      `Languages (the default language, ${plan.languages.to.defaultName}, and ${names(plan.languages.to.languages)}; the space has ${names(plan.languages.from.languages)}):`,
      ...plan.languages.changes.map(
        (change) => `  ${change}${change.startsWith("- ") ? flag(`language ${change.slice(2).split(" ")[0]}`) : ""}`,
      ),
    );
  }

  if (isEmptyPlan(plan)) lines.push("No changes: the space already holds what schema/ holds.");
  if (plan.kept.length > 0)
    lines.push("", "In the space but not in schema/, left as they are (--prune deletes them):", ...plan.kept.map((item) => `  ${item}`));
  if (plan.notes.length > 0) lines.push("", "Notes:", ...plan.notes.map((note) => `  ${note}`));
  if (plan.breaking.length > 0) {
    lines.push(
      "",
      `Breaking changes (${plan.breaking.length}):`,
      ...plan.breaking.map((change) => `  ${change.subject}: ${change.reason}`),
    );
  }
  if (!isEmptyPlan(plan)) lines.push("", summary(plan));
  return lines;
}

function section<Step extends { action: Action }>(lines: string[], title: string, steps: Step[], render: (step: Step) => string[]): void {
  if (steps.length === 0) return;
  if (lines.length > 0) lines.push("");
  lines.push(`${title}:`);
  for (const step of steps) lines.push(...render(step).map((line) => `  ${line}`));
}

function changeText(change: SettingChange): string {
  return `${change.key} ${showValue(change.from)} → ${showValue(change.to)}`;
}

function summary(plan: SchemaPlan): string {
  const languages = plan.languages === undefined ? [] : [{ action: "change" as const }];
  const steps = [...plan.groups, ...plan.components, ...plan.presets, ...plan.datasources, ...languages];
  const count = (action: Action) => steps.filter((step) => step.action === action).length;
  return `${count("add")} to add, ${count("change")} to change, ${count("remove")} to remove.`;
}
