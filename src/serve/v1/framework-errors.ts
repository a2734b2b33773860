// Translates Fastify's own errors (validation, content-type parsing, body limit) into catalog
// problems with v1's precise codes, then rethrows them so the app's one problem+json handler
// serialises them (Fastify passes an error thrown by a child error handler to the parent's).
import type { FastifyError } from 'fastify';
import { ProblemError, type ErrorCode } from '../errors.js';

const QUERY_CODES: Readonly<Record<string, ErrorCode>> = {
  limit: 'invalid_limit',
  locale: 'invalid_locale',
  q: 'invalid_query',
  cursor: 'invalid_cursor',
};

interface ValidationItem { keyword: string; instancePath: string; params: Record<string, unknown>; message?: string }

function fromValidation(error: FastifyError): ProblemError {
  const item = (error.validation?.[0] ?? { keyword: '', instancePath: '', params: {} }) as ValidationItem;
  const context = error.validationContext ?? 'request';
  const field = item.keyword === 'required' ? String(item.params['missingProperty'] ?? '') : item.instancePath.replace(/^\//, '').split('/')[0] ?? '';
  const detail = `${context}${item.instancePath || ''} ${item.message ?? 'is invalid'}`.trim();
  if (context === 'body') return new ProblemError('invalid_body', `Request body: ${detail}.`, { field });
  if (context === 'params') return new ProblemError('invalid_path', `Path parameter ${field}: ${item.message ?? 'is invalid'}.`, { parameter: field });
  if (item.keyword === 'required') return new ProblemError('missing_parameter', `Query parameter "${field}" is required.`, { parameter: field });
  const code = QUERY_CODES[field] ?? 'invalid_parameter';
  return new ProblemError(code, `Query parameter "${field}": ${item.message ?? 'is invalid'}.`, { parameter: field });
}

export function translateFrameworkError(error: FastifyError): Error {
  if (error instanceof ProblemError) return error;
  if (error.validation) return fromValidation(error);
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ProblemError('body_too_large', 'The request body is larger than the 16 KiB limit of /api/v1/ (SPEC 8).');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ProblemError('unsupported_media_type', 'Send the request body as application/json.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new ProblemError('malformed_body', `The request body is not valid JSON: ${error.message}`);
  }
  if (error instanceof SyntaxError && (error as FastifyError).statusCode === 400) {
    return new ProblemError('malformed_body', `The request body is not valid JSON: ${error.message}`);
  }
  return error;
}
