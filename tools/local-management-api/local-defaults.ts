/**
 * What `portfolio content serve` answers the Management API with unless told
 * otherwise: a token and a space id anyone can type, as the CDN's `local`
 * and `local-preview` tokens are.
 */
export const LOCAL_OAUTH_TOKEN = "local-oauth";
export const LOCAL_SPACE_ID = 1;
