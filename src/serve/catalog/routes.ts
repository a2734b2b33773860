// GET /api/v1/catalog: the release's DCAT-AP 3.0 catalogue, by content negotiation (RFC 9110 12.5.1,
// the rules of ../negotiate.ts): Turtle (text/turtle), JSON-LD (application/ld+json) and RDF/XML
// (application/rdf+xml) are the sealed files data/dcat-catalog.ttl, .jsonld and .rdf byte for byte; the default is the v1
// envelope with the JSON-LD document as its data. Anything else is 406 not_acceptable.
import type { FastifyInstance } from 'fastify';
import { DATA_CACHE_CONTROL } from '../front/common-headers.js';
import { etagOf, notModified } from '../data/encoding.js';
import { ProblemError } from '../problems/errors.js';
import { formatParam, preferredType } from '../answers/negotiate.js';
import type { ReleaseSource } from '../releases/release-types.js';
import { single } from '../v1/envelope.js';
import { pinned } from '../releases/pinned.js';
import { envelopeOf, openObject, problems } from '../v1/schemas.js';

export const CATALOG_FORMATS = [
  'application/json',
  'text/turtle',
  'application/ld+json',
  'application/rdf+xml',
] as const;
const FILES: Record<string, string> = {
  'text/turtle': 'dcat-catalog.ttl',
  'application/ld+json': 'dcat-catalog.jsonld',
  'application/rdf+xml': 'dcat-catalog.rdf',
};

const node = { type: 'object', additionalProperties: true } as const;
const catalogDocument = openObject({ '@context': node, '@graph': { type: 'array', items: node } }, [
  '@context',
  '@graph',
]);

export async function catalogRoutes(
  app: FastifyInstance,
  opts: { releases: ReleaseSource },
): Promise<void> {
  const { description: _, ...envelope } = envelopeOf(catalogDocument, 'The catalogue');
  app.get('/catalog', {
    config: { formats: CATALOG_FORMATS, answerCache: false },
    schema: {
      summary:
        'The DCAT-AP 3.0 catalogue of every dataset, distribution and data service (Turtle, JSON-LD, RDF/XML, or the v1 envelope)',
      tags: ['datasets'],
      querystring: {
        type: 'object',
        additionalProperties: false,
        properties: { format: formatParam(CATALOG_FORMATS) },
      },
      response: {
        200: {
          description:
            'The catalogue: the sealed Turtle or JSON-LD file, or the v1 envelope whose data is the JSON-LD document',
          content: {
            'application/json': { schema: envelope },
            'text/turtle': { schema: { type: 'string' } },
            'application/ld+json': { schema: catalogDocument },
            'application/rdf+xml': { schema: { type: 'string' } },
          },
        },
        304: { description: 'Not modified: the If-None-Match ETag is current' },
        ...problems('not_acceptable'),
      },
    },
    handler: async (request, reply) => {
      const release = pinned(request);
      const type = preferredType(request, CATALOG_FORMATS);
      const file = release.files.get(FILES[type] ?? 'dcat-catalog.jsonld');
      if (!file)
        throw new ProblemError(
          'not_found',
          `release ${release.revision} has no DCAT-AP catalogue (it was built before the catalogue was published)`,
        );
      reply.header('vary', 'Accept').header('cache-control', DATA_CACHE_CONTROL);
      if (type === 'application/json')
        return single(
          request,
          release,
          JSON.parse(file.body.toString('utf8')) as Record<string, unknown>,
        );
      const etag = etagOf(file, 'identity');
      reply.header('etag', etag);
      if (notModified(request.headers, etag)) return reply.code(304).send();
      return reply.type(file.mediaType).send(file.body);
    },
  });
}
