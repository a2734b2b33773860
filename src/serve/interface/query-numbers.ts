// Integer query parameters must be written as plain decimal digits. Ajv's type coercion turns the
// strings "Infinity", "-Infinity" and "1e999" into non-finite numbers and then skips its minimum and
// maximum checks for them (they are gated on isFinite), so `limit=Infinity` reached SQLite. Checking
// the raw text before validation fixes that for every route at once and also refuses "0x10", "1e2"
// and " 5", which no client means as a count.
import type { FastifyRequest, RouteOptions } from 'fastify';
import { ProblemError, type ErrorCode } from '../problems/errors.js';

const DECIMAL = /^-?(0|[1-9][0-9]{0,15})$/;
const CODES: Readonly<Record<string, ErrorCode>> = { limit: 'invalid_limit' };

function integerParams(schema: unknown): string[] {
  const properties =
    (schema as { properties?: Record<string, { type?: unknown }> } | undefined)?.properties ?? {};
  return Object.entries(properties)
    .filter(([, s]) => [s.type].flat().includes('integer'))
    .map(([name]) => name);
}

/** Adds the raw-text check to a route whose query schema declares integer parameters. */
export function strictQueryIntegers(route: RouteOptions): void {
  const names = integerParams(route.schema?.querystring);
  if (names.length === 0) return;
  const check = async (request: FastifyRequest) => {
    const query = request.query as Record<string, unknown>;
    for (const name of names) {
      const given = query[name];
      if (given === undefined) continue;
      for (const value of [given].flat()) {
        if (typeof value === 'string' && !DECIMAL.test(value)) {
          throw new ProblemError(
            CODES[name] ?? 'invalid_parameter',
            `query parameter "${name}": ${JSON.stringify(value).slice(0, 80)} is not a decimal integer`,
            { parameter: name },
          );
        }
      }
    }
  };
  route.preValidation = [check, ...[route.preValidation ?? []].flat()];
}
