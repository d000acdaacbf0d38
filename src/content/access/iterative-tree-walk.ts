/**
 * storyblok-js-client 7.x resolves relations and links by walking each
 * story's content recursively (`iterateTree`), which overflows the stack on
 * content nested a few thousand levels deep: one hostile story then fails
 * every listing it appears in (with `resolve_relations`, every project page
 * at build). This gives one client instance the same walk with an explicit
 * stack. It replaces a private method of the pinned version and calls two
 * more; it throws at start-up if they are gone, and
 * tests/unit/content/hostile-content.test.ts fails if they change.
 */
type Obj = Record<string, unknown>;
type Fields = string | string[];

interface TreeInternals {
  iterateTree(story: { content?: unknown }, fields: Fields, resolveId: string): void;
  _insertRelations(tree: Obj, key: string, fields: Fields, resolveId: string): void;
  _insertLinks(tree: Obj, key: string, resolveId: string): void;
}

export function installIterativeTreeWalk(client: object): void {
  const internals = client as TreeInternals;
  if (
    typeof internals.iterateTree !== "function" ||
    typeof internals._insertRelations !== "function" ||
    typeof internals._insertLinks !== "function"
  ) {
    throw new Error(
      "storyblok-js-client has no iterateTree/_insertRelations/_insertLinks any more: update src/content/access/iterative-tree-walk.ts",
    );
  }
  internals.iterateTree = (story, fields, resolveId) => {
    const stack: unknown[] = [story.content];
    while (stack.length > 0) {
      const tree = stack.pop();
      // As the library's walk: resolved stories carry _stopResolving and are not walked again.
      if (typeof tree !== "object" || tree === null || (tree as Obj)._stopResolving) continue;
      const children: unknown[] = [];
      if (Array.isArray(tree)) {
        children.push(...(tree as unknown[]));
      } else {
        const object = tree as Obj;
        const resolvesHere = Boolean(object.component && object._uid) || object.type === "link";
        for (const key in object) {
          if (resolvesHere) {
            internals._insertRelations(object, key, fields, resolveId);
            internals._insertLinks(object, key, resolveId);
          }
          children.push(object[key]);
        }
      }
      for (let index = children.length - 1; index >= 0; index -= 1) stack.push(children[index]);
    }
  };
}
