// One rule for every API family: a query parameter a route does not declare is a 400
// unknown_parameter, never silently dropped. /data/ is exempt: static files ignore the query, as
// any static server does.
import type { RouteOptions } from 'fastify';

/** Gives a GET route without a query schema one that declares no parameter. */
export function refuseUnknownParameters(r: RouteOptions): void {
  const methods = [r.method].flat().map(String);
  if (
    methods.includes('GET') &&
    !r.url.startsWith('/data/') &&
    r.url !== '*' &&
    !r.schema?.querystring
  ) {
    r.schema = {
      ...r.schema,
      querystring: { type: 'object', additionalProperties: false, properties: {} },
    };
  }
}
