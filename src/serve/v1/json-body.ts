// The JSON body parser of /api/v1/: Fastify's own (secure-json-parse, which refuses keys that would
// reach Object.prototype), but with the refusal said as it is. Fastify's parser answers every failure
// "not valid JSON", which a body holding "__proto__" is: the client would look for a syntax error.
import type { FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';
import { ProblemError } from '../problems/errors.js';

export function jsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(
        null,
        secureJson.parse(body as string, undefined, {
          protoAction: 'error',
          constructorAction: 'error',
        }),
      );
    } catch (err) {
      const message = (err as Error).message;
      done(
        /forbidden prototype property/.test(message)
          ? new ProblemError(
              'invalid_body',
              'the request body holds a member named "__proto__" (or "constructor" with a "prototype" member), which is refused: such keys can alter object prototypes',
            )
          : new ProblemError('malformed_body', `the request body is not valid JSON: ${message}`),
        undefined,
      );
    }
  });
}
