/**
 * The owner's address as the content gives it: the first email link
 * anywhere in the site config (the footer's "hello@…" link). CONTACT_TO
 * overrides it; this keeps a fresh checkout's form pointed at the owner.
 */
export function ownerEmailFrom(content: unknown): string | null {
  // Iterative walk: the content is untrusted and may nest deeply.
  const stack: unknown[] = [content];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== "object" || node === null) continue;
    if (!Array.isArray(node)) {
      const link = node as { linktype?: unknown; email?: unknown };
      if (link.linktype === "email" && typeof link.email === "string" && /^[^\s@<>,]+@[^\s@<>,]+$/.test(link.email.trim())) {
        return link.email.trim();
      }
    }
    // Pushed last to first, so the walk meets fields in document order;
    // one at a time, as a spread of a huge array overflows the call stack.
    const children = Object.values(node);
    for (let i = children.length - 1; i >= 0; i -= 1) stack.push(children[i]);
  }
  return null;
}
