/**
 * Datasources, matched by slug, and their entries, matched by value: content
 * stores an entry's value, so a new value is a removal plus an addition and
 * a new name (the label editors see) is a change. Removing an entry or a
 * datasource is breaking. Entry order and dimensions are not pushed. The
 * space's migration journal (a datasource migrate run --space keeps) is the
 * space's own record, never in schema/: it is left alone.
 */
import { JOURNAL_DATASOURCE } from "../migrations/space/space-journal";
import type { BreakingChange, DatasourceStep, EntryStep } from "./plan-model";
import type { LocalDatasource, SpaceDatasource } from "./schema-model";

export interface DatasourcePlan {
  steps: DatasourceStep[];
  breaking: BreakingChange[];
  kept: string[];
}

export function planDatasources(local: LocalDatasource[], space: SpaceDatasource[], prune: boolean): DatasourcePlan {
  const plan: DatasourcePlan = { steps: [], breaking: [], kept: [] };
  const spaceBySlug = new Map(space.map((datasource) => [datasource.datasource.slug, datasource]));
  for (const datasource of local) {
    const existing = spaceBySlug.get(datasource.slug);
    if (existing === undefined) {
      const entries = datasource.entries.map((entry): EntryStep => ({ action: "add", value: entry.value, name: entry.name }));
      plan.steps.push({ action: "add", slug: datasource.slug, name: datasource.name, local: datasource, settings: [], entries });
      continue;
    }
    const settings =
      existing.datasource.name === datasource.name ? [] : [{ key: "name", from: existing.datasource.name, to: datasource.name }];
    const entries = planEntries(datasource, existing, prune, plan);
    if (settings.length + entries.length > 0) {
      plan.steps.push({
        action: "change",
        slug: datasource.slug,
        name: datasource.name,
        local: datasource,
        spaceId: existing.datasource.id,
        settings,
        entries,
      });
    }
  }
  const localSlugs = new Set(local.map((datasource) => datasource.slug));
  const unmanaged = space.filter(
    (candidate) => !localSlugs.has(candidate.datasource.slug) && candidate.datasource.slug !== JOURNAL_DATASOURCE.slug,
  );
  for (const { datasource } of unmanaged) {
    if (!prune) {
      plan.kept.push(`datasource ${datasource.slug}`);
      continue;
    }
    plan.steps.push({ action: "remove", slug: datasource.slug, name: datasource.name, spaceId: datasource.id, settings: [], entries: [] });
    plan.breaking.push({ subject: `datasource ${datasource.slug}`, reason: "removed, with its entries" });
  }
  return plan;
}

function planEntries(local: LocalDatasource, space: SpaceDatasource, prune: boolean, plan: DatasourcePlan): EntryStep[] {
  const steps: EntryStep[] = [];
  const unmatched = [...space.entries];
  for (const entry of local.entries) {
    const index = unmatched.findIndex((candidate) => candidate.value === entry.value);
    if (index === -1) {
      steps.push({ action: "add", value: entry.value, name: entry.name });
      continue;
    }
    const [existing] = unmatched.splice(index, 1);
    if (existing!.name !== entry.name)
      steps.push({ action: "change", value: entry.value, name: entry.name, nameBefore: existing!.name, spaceId: existing!.id });
  }
  // What is left is not in schema/ (or repeats a value already matched).
  for (const entry of unmatched) {
    if (!prune) {
      plan.kept.push(`datasource ${local.slug} entry ${JSON.stringify(entry.value)}`);
      continue;
    }
    steps.push({ action: "remove", value: entry.value, name: entry.name, spaceId: entry.id });
    plan.breaking.push({ subject: `datasource ${local.slug} entry ${JSON.stringify(entry.value)}`, reason: "removed" });
  }
  return steps;
}
