// Response header values shared by the app and the generated nginx configuration
// (src/deploy/nginx-config.ts), so the two cannot send different ones.

/** Headers a cross-origin script may read (Fetch standard, Access-Control-Expose-Headers). */
export const EXPOSED_HEADERS =
  'ETag, X-Dala-Revision, Retry-After, RateLimit, RateLimit-Policy, Content-Encoding, Link';

/** Set on every response. */
export const COMMON_HEADERS = {
  'x-content-type-options': 'nosniff',
  'access-control-allow-origin': '*',
  'access-control-expose-headers': EXPOSED_HEADERS,
};

// A /data/ file changes only when a release swaps, under the same URL. Shared caches may reuse it for
// five minutes, then must revalidate with the strong ETag (a cheap 304). Not `immutable`: the URL is
// not versioned, so a new release must become visible within max-age.
export const DATA_CACHE_CONTROL = 'public, max-age=300, must-revalidate';
