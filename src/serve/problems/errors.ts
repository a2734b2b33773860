// One error catalog and one serializer for every route family (docs/interface.md §10.5):
// RFC 9457 application/problem+json with type, title, status, detail, instance and a stable `code`.
// Add a code here, never inline at a route; test/v1-errors.test.ts walks every v1 code.
import type { FromSchema } from 'json-schema-to-ts';

/**
 * A problem's `type`: /problems/{code} on the serving host (a relative reference, RFC 9457 section 3.1),
 * whose page src/serve/interface/problem-types.ts serves; never a host the service does not control.
 */
export const PROBLEM_TYPE_BASE = '/problems/';

export const ERROR_CATALOG = {
  // generic
  not_found: { status: 404, title: 'Resource not found' },
  method_not_allowed: { status: 405, title: 'Method not allowed' },
  not_acceptable: { status: 406, title: 'No acceptable representation' },
  precondition_failed: { status: 412, title: 'Precondition failed' },
  invalid_parameter: { status: 400, title: 'Invalid parameter' },
  missing_parameter: { status: 400, title: 'Missing required parameter' },
  unknown_parameter: { status: 400, title: 'Unknown query parameter' },
  invalid_path: { status: 400, title: 'Invalid path' },
  internal_error: { status: 500, title: 'Internal server error' },
  no_release: { status: 503, title: 'No sealed release is available' },
  // / (the web explorer)
  web_not_built: { status: 503, title: 'The web explorer is not built' },
  release_unavailable: { status: 503, title: 'The served release failed a read; retry shortly' },
  store_verifying: {
    status: 503,
    title: "The release's store is still being verified; retry shortly",
  },
  overloaded: { status: 503, title: 'Server overloaded; retry shortly' },
  // the HTTP layer, before any route (RFC 9112, RFC 9110 section 15.5)
  malformed_request: { status: 400, title: 'Malformed HTTP request' },
  misdirected_request: { status: 421, title: 'Request for another host' },
  request_timeout: { status: 408, title: 'Request not received in time' },
  uri_too_long: { status: 414, title: 'Request target too long' },
  headers_too_large: { status: 431, title: 'Request header fields too large' },
  // /data/
  invalid_slug: { status: 400, title: 'Invalid region slug' },
  unknown_slug: { status: 404, title: 'Unknown region slug' },
  // /api/timemachine/
  invalid_date: { status: 400, title: 'Invalid calendar date' },
  invalid_date_range: { status: 400, title: 'Start date after end date' },
  unknown_layer: { status: 400, title: 'Unknown layer' },
  unknown_metric: { status: 404, title: 'Unknown metric' },
  unknown_place: { status: 400, title: 'Unknown place' },
  invalid_granularity: { status: 400, title: 'Invalid granularity' },
  // dimension filters (sex, area, age) of /api/v1/ and /api/timemachine/
  unknown_dimension_code: { status: 400, title: 'Unknown dimension code' },
  dimension_not_applicable: { status: 400, title: 'The indicator has no such dimension' },
  // /api/v1/
  rate_limited: { status: 429, title: 'Too many requests' },
  body_too_large: { status: 413, title: 'Request body too large' },
  unsupported_media_type: { status: 415, title: 'Unsupported media type' },
  malformed_body: { status: 400, title: 'Malformed request body' },
  invalid_body: { status: 400, title: 'Invalid request body' },
  invalid_cursor: { status: 400, title: 'Invalid cursor' },
  invalid_locale: { status: 400, title: 'Invalid locale' },
  invalid_limit: { status: 400, title: 'Invalid limit' },
  invalid_query: { status: 400, title: 'Invalid search query' },
  unknown_release: { status: 404, title: 'Unknown release' },
  non_consecutive_releases: { status: 400, title: 'Releases are not consecutive' },
  unknown_topic: { status: 400, title: 'Unknown topic' },
  // /r/ (permalinks)
  release_gone: { status: 410, title: 'Release no longer kept on this server' },
  // /d/ (permalinks by data revision, printed in PDFs)
  unknown_data_revision: {
    status: 404,
    title: 'No release built from this data revision is kept on this server',
  },
  // /mcp (the MCP endpoint: DNS rebinding protection, MCP 2025-06-18 Streamable HTTP)
  untrusted_host: { status: 403, title: 'Host or Origin not allowed' },
  // /sdmx/2.1/ (answered as SDMX-ML error messages: src/serve/sdmx/errors.ts)
  no_results: { status: 404, title: 'No results found' },
  response_too_large: { status: 413, title: 'Response size exceeds service limit' },
  not_implemented: { status: 501, title: 'Not implemented' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOG;

export const PROBLEM_SCHEMA = {
  $id: 'Problem',
  type: 'object',
  description:
    'RFC 9457 problem details with a stable `code` from the one error catalog (this file).',
  required: ['type', 'title', 'status', 'detail', 'instance', 'code'],
  properties: {
    type: {
      type: 'string',
      format: 'uri-reference',
      description:
        'The problem type: /problems/{code} on this host, a page saying what the code means.',
    },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    instance: { type: 'string' },
    code: { type: 'string', enum: Object.keys(ERROR_CATALOG) as ErrorCode[] },
    parameter: {
      type: 'string',
      description: 'The query, path or body member the problem is about.',
    },
    accepted_parameters: {
      type: 'array',
      items: { type: 'string' },
      description: 'unknown_parameter: the parameters this route accepts.',
    },
    allowed_values: {
      type: 'array',
      items: {},
      description: 'An enum failure: the values allowed.',
    },
    allow: {
      type: 'array',
      items: { type: 'string' },
      description: 'method_not_allowed: the methods this path answers (also in Allow).',
    },
  },
  additionalProperties: true,
} as const;

/** A problem document, typed from the schema the interface document publishes for it. */
export type Problem = FromSchema<typeof PROBLEM_SCHEMA>;

export class ProblemError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    readonly extensions: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'ProblemError';
  }
  get status(): number {
    return ERROR_CATALOG[this.code].status;
  }
}

export function problem(
  code: ErrorCode,
  detail: string,
  instance: string,
  extensions: Record<string, unknown> = {},
): Problem {
  const entry = ERROR_CATALOG[code];
  return {
    ...extensions,
    type: PROBLEM_TYPE_BASE + code,
    title: entry.title,
    status: entry.status,
    detail,
    instance,
    code,
  };
}

export const PROBLEM_MEDIA_TYPE = 'application/problem+json';
