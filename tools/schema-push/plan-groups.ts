/**
 * Component groups, matched by name: each space gives a group its own uuid.
 * Missing groups are added parents first, so a child can name its parent's
 * id; a group moved under another parent is changed. The space's other
 * groups stay unless pruning, and then go children first.
 */
import type { ComponentFolder } from "@storyblok/management-api-client";
import { BadInput, compareNames } from "storyblok-typed-codegen";
import type { GroupStep } from "./plan-model";
import type { LocalGroup } from "./schema-model";

export interface GroupPlan {
  steps: GroupStep[];
  kept: string[];
}

export function planGroups(local: LocalGroup[], space: ComponentFolder[], prune: boolean): GroupPlan {
  const localByUuid = new Map(local.map((group) => [group.uuid, group]));
  const localParent = (group: LocalGroup): string | null => {
    if (group.parentUuid === undefined) return null;
    const parent = localByUuid.get(group.parentUuid);
    if (parent === undefined)
      throw new BadInput(`component group "${group.name}" has parent ${group.parentUuid}, which is not a group in schema/`);
    return parent.name;
  };
  const spaceByUuid = new Map(space.map((group) => [group.uuid, group]));
  const spaceParent = (group: ComponentFolder): string | null =>
    group.parent_uuid ? (spaceByUuid.get(group.parent_uuid)?.name ?? `group ${group.parent_uuid}`) : null;
  const spaceByName = new Map(space.map((group) => [group.name, group]));
  const localNames = new Set(local.map((group) => group.name));

  const steps: GroupStep[] = [];
  for (const group of byDepth(local, localParent)) {
    const existing = spaceByName.get(group.name);
    const parent = localParent(group);
    if (existing === undefined) steps.push({ action: "add", name: group.name, parent, local: group });
    else if (spaceParent(existing) !== parent)
      steps.push({ action: "change", name: group.name, parent, parentBefore: spaceParent(existing), local: group, space: existing });
  }
  const others = space.filter((group) => !localNames.has(group.name));
  if (!prune) return { steps, kept: others.map((group) => `component group "${group.name}"`) };
  for (const group of byDepth(others, spaceParent).reverse())
    steps.push({ action: "remove", name: group.name, parent: spaceParent(group), space: group });
  return { steps, kept: [] };
}

/**
 * Parents before children (then by name). A group in or under a parent cycle
 * stops counting past the number of groups (so the walk ends), which sorts
 * it after every group outside one.
 */
function byDepth<Group extends { name: string }>(groups: Group[], parentName: (group: Group) => string | null): Group[] {
  const byName = new Map(groups.map((group) => [group.name, group]));
  const depth = (group: Group): number => {
    let levels = 0;
    for (let parent = parentName(group); parent !== null && levels <= groups.length; levels++) {
      const next = byName.get(parent);
      parent = next === undefined ? null : parentName(next);
    }
    return levels;
  };
  return [...groups].sort((a, b) => depth(a) - depth(b) || compareNames(a.name, b.name));
}
