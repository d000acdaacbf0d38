/**
 * Carries a plan out through the Management API client, one call at a time
 * (the client holds them to the rate limit), in the order references need:
 * groups (parents first), components, presets, the default presets that
 * could only be named once their preset existed, datasources and entries,
 * the space's languages, and last what pruning removes. Every write is counted as it succeeds, so a
 * failure can say how far it got; a second push compares afresh and does
 * the rest.
 */
import type { ComponentCreate, PresetCreate } from "@storyblok/management-api-client";
import type { ManagementClient } from "../management-api/management-client";
import type { RawObject } from "./comparable";
import { componentBody, type SpaceTerms } from "./component-body";
import type { ComponentStep, SchemaPlan } from "./plan-model";
import type { SpaceSchema } from "./schema-model";

export interface WriteCounts {
  created: number;
  updated: number;
  deleted: number;
}

export function writeTotal(writes: WriteCounts): number {
  return writes.created + writes.updated + writes.deleted;
}

/** Applies `plan`, made against `space`, counting into `writes` (given by the caller so it survives a failure). */
export async function applyPlan(client: ManagementClient, plan: SchemaPlan, space: SpaceSchema, writes: WriteCounts): Promise<void> {
  const groups = new Map(space.groups.map((group) => [group.name, { id: group.id, uuid: group.uuid }]));
  const componentIds = new Map(space.components.map((component) => [component.name, component.id]));
  const presetIds = new Map(space.presets.map((preset) => [presetKey(preset.component_id, preset.name), preset.id]));
  const terms: SpaceTerms = {
    groupUuid: (name) => {
      const group = groups.get(name);
      // The plan adds every group schema/ names before any component refers to it.
      if (group === undefined) throw new Error(`component group "${name}" is not in the space`);
      return group.uuid;
    },
    presetId: (component, preset) => {
      const componentId = componentIds.get(component);
      return componentId === undefined ? undefined : presetIds.get(presetKey(componentId, preset));
    },
  };

  for (const step of plan.groups.filter((candidate) => candidate.action !== "remove")) {
    const body = { component_group: { name: step.name, parent_id: step.parent === null ? null : (groups.get(step.parent)?.id ?? null) } };
    if (step.action === "add") {
      const { data } = await client.componentFolders.create({ body });
      writes.created++;
      groups.set(step.name, { id: data.component_group.id, uuid: data.component_group.uuid });
    } else {
      await client.componentFolders.update(step.space!.id, { body });
      writes.updated++;
    }
  }

  const unsettled: ComponentStep[] = [];
  for (const step of plan.components.filter((candidate) => candidate.action !== "remove")) {
    const { body, presetSettled } = componentBody(step, terms);
    if (!presetSettled) unsettled.push(step);
    if (step.action === "add") {
      const { data } = await client.components.create({ body: { component: body as ComponentCreate } });
      writes.created++;
      componentIds.set(step.name, data.component.id);
    } else {
      await client.components.update(step.spaceId!, { body: { component: body } });
      writes.updated++;
    }
  }

  for (const step of plan.presets.filter((candidate) => candidate.action !== "remove")) {
    const componentId = componentIds.get(step.component)!;
    const preset = { ...step.local!.settings, name: step.name, component_id: componentId } as RawObject;
    if (step.action === "add") {
      const { data } = await client.presets.create({ body: { preset: preset as PresetCreate } });
      writes.created++;
      presetIds.set(presetKey(componentId, step.name), data.preset.id);
    } else {
      await client.presets.update(step.spaceId!, { body: { preset: preset } });
      writes.updated++;
    }
  }

  // Now that every preset exists, name the default ones that could not be named before.
  for (const step of unsettled) {
    const { body } = componentBody(step, terms);
    await client.components.update(componentIds.get(step.name)!, { body: { component: body } });
    writes.updated++;
  }

  for (const step of plan.datasources.filter((candidate) => candidate.action !== "remove")) {
    let datasourceId = step.spaceId;
    if (step.action === "add") {
      const { data } = await client.datasources.create({ body: { datasource: { name: step.name, slug: step.slug } } });
      writes.created++;
      datasourceId = data.datasource.id;
    } else if (step.settings.length > 0) {
      await client.datasources.replace(step.spaceId!, { body: { datasource: { name: step.name, slug: step.slug } } });
      writes.updated++;
    }
    for (const entry of step.entries) {
      if (entry.action === "add") {
        await client.datasourceEntries.create({
          body: { datasource_entry: { name: entry.name, value: entry.value, datasource_id: datasourceId! } },
        });
        writes.created++;
      } else if (entry.action === "change") {
        await client.datasourceEntries.replace(entry.spaceId!, {
          body: { datasource_entry: { name: entry.name, value: entry.value, datasource_id: datasourceId! } },
        });
        writes.updated++;
      } else {
        await client.datasourceEntries.delete(entry.spaceId!);
        writes.deleted++;
      }
    }
  }

  if (plan.languages !== undefined) {
    const { to } = plan.languages;
    await client.spaces.update({ body: { space: { default_lang_name: to.defaultName, languages: to.languages } } });
    writes.updated++;
  }

  // Pruning, last: nothing added above refers to what goes.
  for (const step of plan.presets.filter((candidate) => candidate.action === "remove")) {
    await client.presets.delete(step.spaceId!);
    writes.deleted++;
  }
  for (const step of plan.components.filter((candidate) => candidate.action === "remove")) {
    await client.components.delete(step.spaceId!);
    writes.deleted++;
  }
  for (const step of plan.groups.filter((candidate) => candidate.action === "remove")) {
    await client.componentFolders.delete(step.space!.id);
    writes.deleted++;
  }
  for (const step of plan.datasources.filter((candidate) => candidate.action === "remove")) {
    await client.datasources.delete(step.spaceId!);
    writes.deleted++;
  }
}

function presetKey(componentId: number, name: string): string {
  return `${componentId}\u0000${name}`;
}
