/**
 * Component groups in the plan: added parents first (then by name), so a
 * child can name its parent's id; moved when the space has them under
 * another parent; the space's others kept, or with prune removed children
 * first. A parent schema/ does not have is bad input, named.
 */
import type { ComponentFolder } from "@storyblok/management-api-client";
import { describe, expect, it } from "vitest";
import { BadInput } from "storyblok-typed-codegen";
import { planGroups } from "../../../tools/schema-push/plan-groups";
import type { GroupStep } from "../../../tools/schema-push/plan-model";
import type { LocalGroup } from "../../../tools/schema-push/schema-model";

let ids = 100;
function spaceGroup(name: string, parentUuid: string | null = null): ComponentFolder {
  return { id: ids++, name, uuid: `space-${name}`, parent_id: null, parent_uuid: parentUuid };
}

const summary = (steps: GroupStep[]) =>
  steps.map(
    (step) => `${step.action} ${step.name} under ${step.parent}${step.parentBefore !== undefined ? ` (was ${step.parentBefore})` : ""}`,
  );

describe("planGroups", () => {
  it("adds parents before children and, at one depth, by name, whatever schema/'s order", () => {
    const local: LocalGroup[] = [
      { uuid: "u-atoms", name: "Atoms", parentUuid: "u-blocks" },
      { uuid: "u-cards", name: "Cards", parentUuid: "u-zones" },
      { uuid: "u-zones", name: "Zones" },
      { uuid: "u-blocks", name: "Blocks", parentUuid: "u-zones" },
      { uuid: "u-aside", name: "Aside" },
    ];
    expect(summary(planGroups(local, [], false).steps)).toEqual([
      "add Aside under null",
      "add Zones under null",
      "add Blocks under Zones",
      "add Cards under Zones",
      "add Atoms under Blocks",
    ]);
  });

  it("names a group whose parent schema/ does not have", () => {
    const local: LocalGroup[] = [{ uuid: "u-atoms", name: "Atoms", parentUuid: "u-missing" }];
    expect(() => planGroups(local, [], false)).toThrow(
      new BadInput('component group "Atoms" has parent u-missing, which is not a group in schema/'),
    );
  });

  it("moves a group the space holds under another parent, naming a parent the space lost by its uuid", () => {
    const local: LocalGroup[] = [
      { uuid: "u-zones", name: "Zones" },
      { uuid: "u-blocks", name: "Blocks", parentUuid: "u-zones" },
      { uuid: "u-atoms", name: "Atoms" },
    ];
    const zones = spaceGroup("Zones");
    const space = [zones, spaceGroup("Blocks"), spaceGroup("Atoms", "uuid-gone")];
    expect(summary(planGroups(local, space, false).steps)).toEqual([
      "change Atoms under null (was group uuid-gone)",
      "change Blocks under Zones (was null)",
    ]);
  });

  it("keeps the space's other groups without prune, and says so", () => {
    const old = spaceGroup("Old");
    const space = [spaceGroup("Zones"), old, spaceGroup("Older", old.uuid)];
    const plan = planGroups([{ uuid: "u-zones", name: "Zones" }], space, false);
    expect(plan.steps).toEqual([]);
    expect(plan.kept).toEqual(['component group "Old"', 'component group "Older"']);
  });

  it("with prune removes the space's other groups children first, and keeps none", () => {
    const old = spaceGroup("Old");
    const older = spaceGroup("Older", old.uuid);
    const space = [spaceGroup("Zones"), spaceGroup("Oldest", older.uuid), old, older, spaceGroup("Apart")];
    const plan = planGroups([{ uuid: "u-zones", name: "Zones" }], space, true);
    expect(summary(plan.steps)).toEqual([
      "remove Oldest under Older",
      "remove Older under Old",
      "remove Old under null",
      "remove Apart under null",
    ]);
    expect(plan.kept).toEqual([]);
  });

  it("orders groups whose parents make a cycle after the others, and ends", () => {
    const space = [spaceGroup("Ring", "space-Loop"), spaceGroup("Loop", "space-Ring"), spaceGroup("Top")];
    expect(summary(planGroups([], space, true).steps)).toEqual([
      "remove Ring under Loop",
      "remove Loop under Ring",
      "remove Top under null",
    ]);
  });
});
