/** JSON for the text of a <script type="application/json">: `</script` (and `<!--`) cannot occur in it, so it cannot end the element early. */
export function jsonForScriptElement(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
