import { describe, expect, it } from "vitest";
import { PROJECT_QUERY } from "../../../src/content/access/story-queries";
import { unresolvedRelations } from "../../../src/preview/known-relations";
import { MAX_RELATION_UUIDS, parseRelationUuids } from "../../../src/preview/relation-uuids";

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

describe("relations an input event leaves unresolved", () => {
  it("lists bare uuids in relation fields only, once each", () => {
    const story = {
      content: {
        component: "project",
        related: [uuid(1), { uuid: uuid(2), content: {} }, uuid(1)],
        body: [
          { component: "single_card", _uid: "s", project: uuid(3) },
          { component: "link", _uid: "l", label: uuid(4) },
        ],
      },
    };
    expect(unresolvedRelations(story, PROJECT_QUERY.resolve_relations).sort()).toEqual([uuid(1), uuid(3)]);
  });

  it("accepts up to the limit of well-formed uuids and nothing else", () => {
    expect(parseRelationUuids(`${uuid(1)},${uuid(2)},${uuid(1)}`)).toEqual([uuid(1), uuid(2)]);
    const many = Array.from({ length: MAX_RELATION_UUIDS + 1 }, (_, n) => uuid(n)).join(",");
    expect(parseRelationUuids(many)).toBeUndefined();
    expect(parseRelationUuids(`${uuid(1)},home`)).toBeUndefined();
    expect(parseRelationUuids([uuid(1)])).toBeUndefined();
    expect(parseRelationUuids("")).toBeUndefined();
  });
});
