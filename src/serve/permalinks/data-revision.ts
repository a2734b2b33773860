// GET /d/{data_revision}/data/{path}: the permalink a PDF prints. A file inside a release cannot
// name the release revision (the revision hashes the file itself), so a page cites the data revision
// it was built from (the hash of its sources' revisions, which its manifest states as data_revision).
// The server resolves it to the newest sealed release it keeps with that data revision and redirects
// (302, RFC 9110 section 15.4.3) to that release's immutable /r/{revision}/data/{path}. The target can
// change when a newer release is built from the same sources, so the redirect itself is not cached.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { dataRevisionPermalink, releasePermalink } from '../../lib/permalinks.js';
import { REVISION_PATTERN } from '../../release/layout.js';
import { ProblemError } from '../problems/errors.js';
import { problems } from '../interface/schemas.js';
import { pinned } from '../releases/pinned.js';
import type { LoadedRelease, ReleaseSource } from '../releases/release-types.js';

/** A release's manifest that states the data revision of its pages (every release with PDFs has it). */
const DATA_REVISION_MANIFEST = 'indicator-passports/manifest.json';

// A sealed release never changes: its data revision is read once per revision.
const known = new Map<string, string | null>();

export function dataRevisionOf(release: LoadedRelease): string | null {
  let value = known.get(release.revision);
  if (value === undefined) {
    const file = release.files.get(DATA_REVISION_MANIFEST);
    value = file
      ? ((JSON.parse(file.body.toString('utf8')) as { data_revision?: string }).data_revision ??
        null)
      : null;
    known.set(release.revision, value);
  }
  return value;
}

/** The newest kept release built from `dataRevision` (the current one first, then the others newest first), or null. */
async function newestWith(
  releases: ReleaseSource,
  current: LoadedRelease,
  dataRevision: string,
): Promise<LoadedRelease | null> {
  if (dataRevisionOf(current) === dataRevision) return current;
  for (const seal of await releases.list()) {
    if (seal.revision === current.revision) continue;
    const release = await releases.get(seal.revision);
    if (release && dataRevisionOf(release) === dataRevision) return release;
  }
  return null;
}

async function answer(
  request: FastifyRequest,
  reply: FastifyReply,
  releases: ReleaseSource,
): Promise<FastifyReply> {
  const { dataRevision, '*': path } = request.params as { dataRevision: string; '*': string };
  if (!REVISION_PATTERN.test(dataRevision))
    throw new ProblemError(
      'not_found',
      `${JSON.stringify(dataRevision)} is not a data revision (16 hex digits)`,
    );
  if (!path.startsWith('data/') || path === 'data/')
    throw new ProblemError(
      'not_found',
      `data-revision permalinks name a file of a release's /data/ tree: ${dataRevisionPermalink(dataRevision, '<path>')}`,
    );
  const current = pinned(request);
  const release = await newestWith(releases, current, dataRevision);
  if (!release)
    throw new ProblemError(
      'unknown_data_revision',
      `no release kept on this server was built from data revision ${dataRevision}; the current release is ${current.revision}`,
    );
  const file = path.slice('data/'.length);
  if (!release.files.has(file))
    throw new ProblemError(
      'not_found',
      `release ${release.revision} (data revision ${dataRevision}) has no file ${path}`,
    );
  return reply
    .code(302)
    .header('location', releasePermalink(release.revision, file))
    .header('cache-control', 'no-cache')
    .send();
}

export async function dataRevisionRoutes(
  app: FastifyInstance,
  opts: { releases: ReleaseSource },
): Promise<void> {
  app.get('/d/:dataRevision/*', {
    schema: {
      summary:
        'The permalink a PDF prints: redirects to the file in the newest kept release built from that data revision',
      tags: ['data'],
      params: {
        type: 'object',
        required: ['dataRevision', '*'],
        properties: {
          dataRevision: {
            type: 'string',
            description:
              'A data revision (16 hex digits): the hash of the source revisions a release was built from',
          },
          '*': { type: 'string', description: "Path of the file inside the release's /data/ tree" },
        },
      },
      response: {
        302: {
          description:
            'Found: Location is /r/{revision}/data/{path} of the newest kept release with this data revision',
        },
        ...problems('not_found', 'unknown_data_revision'),
      },
    },
    handler: (request, reply) => answer(request, reply, opts.releases),
  });
}
