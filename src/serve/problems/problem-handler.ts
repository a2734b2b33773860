// The one serializer for errors on every route family (docs/interface.md §10.5): RFC 9457
// application/problem+json from the catalog in errors.ts. Fastify's own errors (schema validation,
// body parsing, unknown routes) are mapped to catalog codes here and nowhere else.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ERROR_CATALOG,
  PROBLEM_MEDIA_TYPE,
  ProblemError,
  problem,
  type ErrorCode,
} from './errors.js';

export const REVISION_HEADER = 'x-dala-revision';

export function sendProblem(
  request: FastifyRequest,
  reply: FastifyReply,
  err: ProblemError,
): FastifyReply {
  const instance = request.url.split('?')[0] ?? request.url;
  const body = problem(err.code, err.detail, instance, err.extensions);
  if (!reply.hasHeader(REVISION_HEADER) && request.release)
    reply.header(REVISION_HEADER, request.release.revision);
  return reply
    .code(body.status)
    .headers(err.headers)
    .header('cache-control', 'no-store')
    .type(PROBLEM_MEDIA_TYPE)
    .send(Buffer.from(JSON.stringify(body))); // a Buffer keeps the media type exactly problem+json
}

// Parameters whose failure has its own catalog code; any other invalid value is invalid_parameter.
const PARAMETER_CODES: Record<string, ErrorCode> = {
  slug: 'invalid_slug',
  granularity: 'invalid_granularity',
  limit: 'invalid_limit',
  locale: 'invalid_locale',
  q: 'invalid_query',
  cursor: 'invalid_cursor',
};

export interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

type SchemaWithProperties = { properties?: Record<string, unknown> } | undefined;

/** What an Ajv failure names: where (path, member), the value given there, and the rule broken. */
function failureOf(e: AjvError, source: Record<string, unknown> | undefined) {
  const path = e.instancePath.replace(/^\//, '');
  return {
    path,
    member: String(e.params.missingProperty ?? e.params.additionalProperty ?? ''),
    given: path ? source?.[path.split('/')[0]!] : undefined,
    enumExtra: e.keyword === 'enum' ? { allowed_values: e.params.allowedValues } : {},
    rule:
      e.keyword === 'enum'
        ? `must be one of ${(e.params.allowedValues as unknown[]).join(', ')}`
        : (e.message ?? e.keyword),
  };
}

/**
 * Schema validation failures, one rule for every family: an unknown query parameter lists the
 * accepted ones, an enum failure lists the allowed values, a body failure names the member.
 */
function fromValidation(err: FastifyError, request: FastifyRequest): ProblemError {
  const e = (err.validation as AjvError[] | undefined)?.[0];
  const context = String(err.validationContext ?? 'request');
  const where = context === 'params' ? 'path' : context === 'querystring' ? 'query' : context;
  if (!e)
    return new ProblemError(context === 'body' ? 'invalid_body' : 'invalid_parameter', err.message);
  const source = (
    where === 'path' ? request.params : where === 'query' ? request.query : request.body
  ) as Record<string, unknown> | undefined;
  if (context === 'body') {
    const { path, member, enumExtra, rule } = failureOf(e, source);
    const name = [path, member].filter(Boolean).join('/') || '(root)';
    const what =
      e.keyword === 'additionalProperties'
        ? `member "${name}" is not accepted`
        : e.keyword === 'required'
          ? `member "${name}" is required`
          : `member "${name}" ${rule}`;
    const accepted = Object.keys(
      (request.routeOptions.schema?.body as SchemaWithProperties)?.properties ?? {},
    );
    return new ProblemError('invalid_body', `Request body: ${what}.`, {
      parameter: name,
      ...enumExtra,
      ...(e.keyword === 'additionalProperties' ? { accepted_parameters: accepted } : {}),
    });
  }
  const allowed = Object.keys(
    (request.routeOptions.schema?.querystring as SchemaWithProperties)?.properties ?? {},
  );
  return parameterProblem(e, where as 'query' | 'path', source, allowed);
}

/**
 * A schema failure of a parameter (a query or path parameter, or an argument of an MCP tool, which
 * takes the query's codes) as the catalog's problem: an unknown one lists the accepted ones, an enum
 * failure the allowed values.
 */
export function parameterProblem(
  e: AjvError,
  where: 'query' | 'path' | 'argument',
  source: Record<string, unknown> | undefined,
  accepted: readonly string[],
): ProblemError {
  const { path, member, given, enumExtra, rule } = failureOf(e, source);
  const name = path.split('/')[0] || member || '(root)';
  const label = where === 'argument' ? 'argument' : `${where} parameter`;
  switch (e.keyword) {
    case 'additionalProperties':
      return new ProblemError(
        'unknown_parameter',
        `unknown ${label} "${name}"; accepted: ${accepted.join(', ') || 'none'}`,
        {
          parameter: name,
          accepted_parameters: [...accepted],
        },
      );
    case 'required':
      return new ProblemError('missing_parameter', `${label} "${name}" is required`, {
        parameter: name,
      });
    case 'format':
      if (e.params.format === 'date') {
        return new ProblemError(
          'invalid_date',
          `${label} "${name}": ${JSON.stringify(given)} is not a real calendar date (YYYY-MM-DD)`,
          { parameter: name },
        );
      }
      break;
    case 'type':
      if (Array.isArray(given) && where !== 'argument') {
        return new ProblemError(
          PARAMETER_CODES[name] ?? 'invalid_parameter',
          `${where} parameter "${name}" is given more than once`,
          { parameter: name },
        );
      }
      break;
  }
  const code = PARAMETER_CODES[name] ?? (where === 'path' ? 'invalid_path' : 'invalid_parameter');
  return new ProblemError(
    code,
    `${label} "${name}": ${JSON.stringify(given)} is invalid: ${rule}`,
    { parameter: name, ...enumExtra },
  );
}

// Fastify's own codes whose catalog code the status alone does not tell.
const FASTIFY_CODES: Record<string, [ErrorCode, string]> = {
  FST_ERR_BAD_URL: ['invalid_path', 'the path is not a valid URL component'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [
    'unsupported_media_type',
    'send the request body as application/json',
  ],
};

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'malformed_body',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'body_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

/** SQLite errors that mean the store's bytes cannot be read, as opposed to a bad query. */
export function isStoreFault(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^SQLITE_(CORRUPT|NOTADB|IOERR|CANTOPEN)/.test(code);
}

export function toProblem(err: FastifyError | ProblemError, request: FastifyRequest): ProblemError {
  if (err instanceof ProblemError) return err;
  if (isStoreFault(err))
    return new ProblemError(
      'release_unavailable',
      'the served release could not be read; it is being reloaded from its sealed copy',
      {},
      { 'retry-after': '1' },
    );
  if (err.validation) return fromValidation(err, request);
  const known = FASTIFY_CODES[err.code];
  if (known) return new ProblemError(known[0], known[1]);
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return new ProblemError(
      'body_too_large',
      `the request body is larger than this route accepts (${request.routeOptions.bodyLimit ?? 0} bytes)`,
    );
  if (err.code?.startsWith('FST_ERR_CTP_') && (err.statusCode ?? 400) === 400)
    return new ProblemError('malformed_body', `the request body is not valid JSON: ${err.message}`);
  if (err instanceof SyntaxError && err.statusCode === 400)
    return new ProblemError('malformed_body', `the request body is not valid JSON: ${err.message}`);
  const status = err.statusCode ?? 500;
  const code = STATUS_CODES[status];
  if (status < 500 && code) return new ProblemError(code, err.message);
  if (status < 500) return new ProblemError('invalid_parameter', err.message);
  return new ProblemError(
    'internal_error',
    'the server failed to answer this request; it has been logged',
  );
}

export function installProblemHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | ProblemError, request, reply) => {
    const p = toProblem(err, request);
    if (
      ERROR_CATALOG[p.code].status >= 500 &&
      p.code !== 'no_release' &&
      p.code !== 'store_verifying'
    ) {
      // A 5xx the server chose (load shed, release being reloaded) is logged without a stack: writing
      // stack traces is extra work exactly when the server is overloaded. Only an unforeseen failure
      // carries its error.
      if (err instanceof ProblemError) request.log.warn({ code: p.code }, p.detail);
      else request.log.error({ err }, 'request failed');
    }
    return sendProblem(request, reply, p);
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    return sendProblem(
      request,
      reply,
      new ProblemError('not_found', `no resource at ${request.method} ${path}`),
    );
  });
}

/** 405 for a path that exists under other methods (RFC 9110 15.5.6: the response carries Allow). */
export function methodNotAllowed(
  request: FastifyRequest,
  reply: FastifyReply,
  allow: string[],
): FastifyReply {
  return sendProblem(
    request,
    reply,
    new ProblemError(
      'method_not_allowed',
      `${request.method} is not allowed here; allowed: ${allow.join(', ')}`,
      { allow },
      { allow: allow.join(', ') },
    ),
  );
}
