// /data/: the release's data tree, served from memory exactly as sealed (docs/interface.md §4.1 and §4.2).
// Only paths present in the seal's data/ list can answer, so nothing outside data/ is reachable
// whatever the path says; the path checks below only make the refusal explicit (400 invalid_path).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DATA_CACHE_CONTROL } from '../front/common-headers.js';
import { ProblemError } from '../problems/errors.js';
import { pinned } from '../releases/pinned.js';
import { PROBLEM_RESPONSES } from '../interface/openapi.js';
import { chooseCoding, etagOf, notModified } from './encoding.js';
import { SLUG_PATTERN } from '../../lib/slug.js';
import { SLUG_ROUTES, checkSlug } from './slugs.js';

/** docs/interface.md §4.1: the static files, each documented as its own route. */
export const STATIC_FILES = [
  'country-pulse.json',
  'workbench.json',
  'quality-report.json',
  'media-weekly-digest.json',
  'region-overview.json',
  'kz_adm1_current.geojson',
  'official-regional-indicators.json',
  'public-observations.json',
  'indicator-passports/manifest.json',
  'media-kit/manifest.json',
  'region-briefs/manifest.json',
  'entity-graph.json',
  'entities.json',
  'institutions-catalog.json',
  'entity-federation.json',
  'reviewed-entity-links.json',
  'geo-public-contract.json',
  'geo-layer-contract.json',
  'release-manifest.json',
  'public-probe-registry.json',
  'dataset-catalog.json',
  'datasets/index.json',
  'datasets/provenance.json',
  'reviewed-projection-registry.json',
  'ecosystem-contract.json',
  'platform-exchange-contract.json',
  'search-index.json',
];

const fileResponse = {
  200: {
    description: 'The sealed file, byte for byte (gzip or br when negotiated)',
    content: {
      'application/json': { schema: {} },
      'application/geo+json': { schema: {} },
      'text/csv': { schema: { type: 'string' } },
      'application/pdf': { schema: { type: 'string', format: 'binary' } },
    },
  },
  304: { description: 'Not modified: the If-None-Match ETag is current' },
  ...PROBLEM_RESPONSES,
};

function send(request: FastifyRequest, reply: FastifyReply, path: string): FastifyReply {
  const release = pinned(request);
  const file = release.files.get(path);
  if (!file)
    throw new ProblemError('not_found', `release ${release.revision} has no file data/${path}`, {
      path: `/data/${path}`,
    });
  const coding = chooseCoding(request.headers['accept-encoding'], file);
  const etag = etagOf(file, coding);
  reply
    .header('etag', etag)
    .header('cache-control', DATA_CACHE_CONTROL)
    .header('vary', 'Accept-Encoding');
  if (notModified(request.headers, etag)) return reply.code(304).send();
  if (coding !== 'identity') reply.header('content-encoding', coding);
  return reply.type(file.mediaType).send(coding === 'identity' ? file.body : file[coding]);
}

/** Decoded wildcard path -> data/ key; refuses traversal, NUL, backslashes and empty segments. */
function safePath(raw: string): string {
  const segments = raw.split('/');
  if (
    raw === '' ||
    /[\\\0%]/.test(raw) ||
    segments.some((s) => s === '' || s === '.' || s === '..')
  ) {
    throw new ProblemError(
      'invalid_path',
      `path ${JSON.stringify('/data/' + raw)} is not a file path inside /data/`,
    );
  }
  return raw;
}

export async function dataPlugin(app: FastifyInstance): Promise<void> {
  for (const path of STATIC_FILES) {
    app.get(`/${path}`, { schema: { tags: ['data'], response: fileResponse } }, (req, reply) =>
      send(req, reply, path),
    );
  }
  for (const route of SLUG_ROUTES) {
    app.get(
      `/${route.dir}/:slug${route.ext}`,
      {
        schema: {
          tags: ['data'],
          params: {
            type: 'object',
            properties: { slug: { type: 'string', pattern: SLUG_PATTERN } },
            required: ['slug'],
          },
          response: fileResponse,
        },
      },
      (req, reply) =>
        send(req, reply, checkSlug(pinned(req), route, (req.params as { slug: string }).slug)),
    );
  }
  app.get(
    '/*',
    {
      schema: {
        tags: ['data'],
        description: 'Any other file of the data tree (PDFs, CSVs, JSON Schemas)',
        params: { type: 'object', properties: { '*': { type: 'string' } }, required: ['*'] },
        response: fileResponse,
      },
    },
    (req, reply) => {
      const path = safePath((req.params as { '*': string })['*']);
      // A slug-shaped path the slug route did not take (e.g. an empty slug) follows the slug rules.
      const route = SLUG_ROUTES.find(
        (r) =>
          path.startsWith(r.dir + '/') &&
          path.endsWith(r.ext) &&
          !path.slice(r.dir.length + 1).includes('/'),
      );
      if (route)
        return send(
          req,
          reply,
          checkSlug(pinned(req), route, path.slice(route.dir.length + 1, -route.ext.length)),
        );
      return send(req, reply, path);
    },
  );
}
