// GET /r/{revision}/{path}: a permalink to a file of one sealed release, for citations. While the
// server keeps the release it answers the sealed bytes of data/{path} (the same bytes, media type and
// encodings /data/ served when that release was current), immutable (RFC 8246) for a year; once the
// release is pruned, 410 Gone naming the current release; a revision never published here is 404.
// The server knows every revision it published from the lineage in the current release's manifest.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { releasePermalink } from '../../lib/permalinks.js';
import { REVISION_PATTERN } from '../../release/layout.js';
import { chooseCoding, etagOf, notModified } from '../data/encoding.js';
import { ProblemError } from '../problems/errors.js';
import { problems } from '../interface/schemas.js';
import { pinned } from '../releases/pinned.js';
import type { LoadedRelease, ReleaseSource } from '../releases/release-types.js';

export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Revisions the current release names as earlier (data/release-manifest.json `lineage`). */
function lineageOf(release: LoadedRelease): string[] {
  const manifest = release.files.get('release-manifest.json');
  if (!manifest) return [];
  const value = JSON.parse(manifest.body.toString('utf8')) as {
    lineage?: string[];
    previous_revision?: string | null;
  };
  return value.lineage ?? (value.previous_revision ? [value.previous_revision] : []);
}

const params = {
  type: 'object',
  required: ['revision', '*'],
  properties: {
    revision: { type: 'string', description: 'A release revision (16 hex digits)' },
    '*': { type: 'string', description: "Path of the file inside the release's /data/ tree" },
  },
} as const;

async function answer(
  request: FastifyRequest,
  reply: FastifyReply,
  releases: ReleaseSource,
): Promise<FastifyReply> {
  const { revision, '*': path } = request.params as { revision: string; '*': string };
  if (!REVISION_PATTERN.test(revision))
    throw new ProblemError(
      'not_found',
      `${JSON.stringify(revision)} is not a release revision (16 hex digits)`,
    );
  const current = pinned(request);
  const release = revision === current.revision ? current : await releases.get(revision);
  if (!release) {
    if (lineageOf(current).includes(revision)) {
      const latest = releasePermalink(current.revision);
      throw new ProblemError(
        'release_gone',
        `release ${revision} is no longer kept on this server; the current release is ${current.revision}`,
        { current_revision: current.revision, current: latest },
        { link: `<${latest}>; rel="latest-version"` },
      );
    }
    throw new ProblemError(
      'unknown_release',
      `no release with revision ${revision} was published here`,
    );
  }
  if (!path.startsWith('data/') || path === 'data/')
    throw new ProblemError(
      'not_found',
      `permalinks name a file of the release's /data/ tree: /r/${revision}/data/<path>`,
    );
  const file = release.files.get(path.slice('data/'.length));
  if (!file) throw new ProblemError('not_found', `release ${revision} has no file ${path}`);
  const coding = chooseCoding(request.headers['accept-encoding'], file);
  const etag = etagOf(file, coding);
  reply
    .header('etag', etag)
    .header('cache-control', IMMUTABLE)
    .header('vary', 'Accept-Encoding')
    .header('link', `<${releasePermalink(current.revision, file.path)}>; rel="latest-version"`);
  if (notModified(request.headers, etag)) return reply.code(304).send();
  if (coding !== 'identity') reply.header('content-encoding', coding);
  return reply.type(file.mediaType).send(coding === 'identity' ? file.body : file[coding]);
}

export async function permalinkRoutes(
  app: FastifyInstance,
  opts: { releases: ReleaseSource },
): Promise<void> {
  app.get('/r/:revision/*', {
    schema: {
      summary:
        'A file of one sealed release, byte for byte, for citations (410 once the release is pruned)',
      tags: ['data'],
      params,
      response: {
        200: {
          description: 'The sealed file, byte for byte (gzip or br when negotiated), immutable',
          content: {
            'application/json': { schema: {} },
            'application/geo+json': { schema: {} },
            'application/ld+json': { schema: {} },
            'text/csv': { schema: { type: 'string' } },
            'text/turtle': { schema: { type: 'string' } },
            'application/rdf+xml': { schema: { type: 'string' } },
            'application/pdf': { schema: { type: 'string', format: 'binary' } },
          },
        },
        304: { description: 'Not modified: the If-None-Match ETag is current' },
        ...problems('not_found', 'unknown_release', 'release_gone'),
      },
    },
    handler: (request, reply) => answer(request, reply, opts.releases),
  });
}
