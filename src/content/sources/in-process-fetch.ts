/**
 * A `fetch` that sends requests straight to a Fetch-standard handler
 * instead of the network, so storyblok-js-client talks to the local CDN
 * in-process through the very code path it uses for Storyblok.
 */
const MAX_REDIRECTS = 5;

export function inProcessFetch(handler: (request: Request) => Promise<Response>): typeof fetch {
  return async (input, init) => {
    let request = new Request(input, init);
    // Like the platform fetch, follow redirects: the CDN answers an outdated
    // `cv` with a 301 to the current one.
    for (let hop = 0; ; hop++) {
      const response = await handler(request);
      const location = response.headers.get("location");
      if (response.status < 300 || response.status > 399 || !location || hop === MAX_REDIRECTS) return response;
      request = new Request(new URL(location, request.url), { method: request.method, headers: request.headers, signal: request.signal });
    }
  };
}
