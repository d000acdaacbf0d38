/**
 * Who may call the local Management API. Storyblok takes a personal access
 * (OAuth) token raw in `Authorization` (`Authorization: YOUR_OAUTH_TOKEN`
 * in every example of its docs), and an OAuth app's token as
 * `Bearer <token>`; the client sends either. Both are accepted here.
 */
export function isAuthorized(header: string | null, oauthToken: string): boolean {
  if (header === null) return false;
  const token = header.startsWith("Bearer ") ? header.slice("Bearer ".length) : header;
  return token.trim() !== "" && token.trim() === oauthToken;
}
