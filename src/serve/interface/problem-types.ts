// The problem types of the one error catalog (src/serve/problems/errors.ts): a problem's `type` is
// /problems/{code} on the host that answered, a relative reference resolved against the answer's own
// URL (RFC 9457 section 3.1; RFC 3986 section 5), so it never names a site this service does not
// control, and dereferencing it gives human-readable documentation (RFC 9457 section 3.1.1).
import type { FastifyInstance } from 'fastify';
import { ERROR_CATALOG, ProblemError, type ErrorCode } from '../problems/errors.js';
import { problemTypePage } from './docs-page.js';
import { problems } from './schemas.js';

const isCode = (code: string): code is ErrorCode => Object.hasOwn(ERROR_CATALOG, code);

export async function problemTypeRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { code: string } }>('/problems/:code', {
    config: { formats: ['text/html'] },
    schema: {
      summary: "A problem type's page: what its code means, its HTTP status and what to do",
      tags: ['meta'],
      params: {
        type: 'object',
        required: ['code'],
        properties: { code: { type: 'string', description: 'An error code of the catalog' } },
      },
      response: {
        200: { description: 'HTML page', content: { 'text/html': { schema: { type: 'string' } } } },
        ...problems('not_found'),
      },
    },
    handler: async (request, reply) => {
      const { code } = request.params;
      if (!isCode(code))
        throw new ProblemError(
          'not_found',
          `no problem type ${code}: see /api/v1/docs for the list`,
        );
      return reply.type('text/html; charset=utf-8').send(problemTypePage(code));
    },
  });
}
