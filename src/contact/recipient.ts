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
    // Reversed, so the walk meets fields in document order.
    stack.push(...Object.values(node).reverse());
  }
  return null;
}
