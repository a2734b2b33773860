// GET /releases, /releases/{revision}, /snapshots, /changes (docs/interface.md §2.4, §3, §9): sealed releases only
// (ReleaseSource.list() lists a release once its evidence set is complete); changes are computed
// between two consecutive sealed releases from their seals and stores, never an editable log.
import type { FastifyInstance } from 'fastify';
import type { ReleaseSeal } from '../../release/layout.js';
import { pinned } from '../releases/pinned.js';
import { ProblemError } from '../problems/errors.js';
import type { ReleaseSource } from '../releases/release-types.js';
import { collection, single } from './envelope.js';
import { releaseChanges } from './changes.js';
import type { FromQuery } from '../interface/schemas.js';
import { envelopeOf, problems, type ItemOf } from './schemas.js';
import {
  CHANGE_SCHEMA,
  releaseSeal,
  releaseSummary,
  snapshotDescriptor,
} from './response-schemas.js';

const revisionSchema = {
  type: 'string',
  pattern: '^[0-9a-f]{16}$',
  description: 'A release revision (16 hex digits).',
} as const;
const REVISION_PARAMS = {
  type: 'object',
  required: ['revision'],
  properties: { revision: revisionSchema },
} as const;
const CHANGES_QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: { from: revisionSchema, to: revisionSchema },
} as const;

function summary(seal: ReleaseSeal, current: string | null): ItemOf<typeof releaseSummary> {
  return {
    revision: seal.revision,
    schema_version: seal.schema_version,
    built_at: seal.built_at,
    as_of: seal.as_of,
    previous_revision: seal.previous_revision,
    file_count: seal.files.length,
    bytes: seal.files.reduce((sum, f) => sum + f.bytes, 0),
    current: seal.revision === current,
  };
}

export async function releaseRoutes(
  app: FastifyInstance,
  opts: { releases: ReleaseSource },
): Promise<void> {
  const { releases } = opts;

  app.get('/releases', {
    schema: {
      summary: 'Sealed releases whose evidence set is complete, newest first',
      tags: ['releases'],
      response: {
        200: envelopeOf({ type: 'array', items: releaseSummary }, 'Sealed releases'),
        ...problems(),
      },
    },
    handler: async (request) => {
      // the release pinned to the request, or null before the first one (the collection says so)
      const release = request.release;
      const seals = await releases.list();
      const note = seals.length === 0 ? 'No sealed release exists yet.' : undefined;
      return collection(
        request,
        release,
        seals.map((s) => summary(s, release?.revision ?? null)),
        seals.length,
        null,
        { note },
      );
    },
  });

  app.get<{ Params: FromQuery<typeof REVISION_PARAMS> }>('/releases/:revision', {
    schema: {
      summary: 'One sealed release: its seal, with every file and checksum',
      tags: ['releases'],
      params: REVISION_PARAMS,
      response: {
        200: envelopeOf(releaseSeal, 'The release seal'),
        ...problems('invalid_path', 'unknown_release'),
      },
    },
    handler: async (request) => {
      const release = pinned(request);
      const seal = (await releases.list()).find((s) => s.revision === request.params.revision);
      if (!seal)
        throw new ProblemError(
          'unknown_release',
          `No sealed release has revision ${request.params.revision}.`,
        );
      return single<ItemOf<typeof releaseSeal>>(request, release, {
        ...summary(seal, release.revision),
        files: seal.files.map((f) => ({ ...f })),
      });
    },
  });

  app.get('/snapshots', {
    schema: {
      summary:
        'Descriptors of immutable snapshots: the public projection sealed by each release, at its as-of date',
      tags: ['releases'],
      response: {
        200: envelopeOf(
          { type: 'array', items: snapshotDescriptor },
          'Snapshot descriptors (empty, and said so, before the first release)',
        ),
        ...problems(),
      },
    },
    handler: async (request) => {
      // the release pinned to the request, or null before the first one (the collection says so)
      const release = request.release;
      const seals = await releases.list();
      const data = seals.map((s): ItemOf<typeof snapshotDescriptor> => ({
        id: `snapshot:${s.as_of}@${s.revision}`,
        revision: s.revision,
        as_of: s.as_of,
        built_at: s.built_at,
        manifest: 'data/release-manifest.json',
        files: s.files.length,
      }));
      const note =
        seals.length === 0
          ? 'No release has been registered yet, so there is no snapshot; this is not a claim that no data exists.'
          : undefined;
      return collection(request, release, data, data.length, null, { note });
    },
  });

  app.get<{ Querystring: FromQuery<typeof CHANGES_QUERY> }>('/changes', {
    schema: {
      summary: 'What changed between two consecutive sealed releases (latest pair by default)',
      tags: ['releases'],
      querystring: CHANGES_QUERY,
      response: {
        200: envelopeOf(
          { type: 'array', items: CHANGE_SCHEMA },
          'Changed files and entities; empty, and said so, before a second release',
        ),
        ...problems('invalid_parameter', 'unknown_release', 'non_consecutive_releases'),
      },
    },
    handler: async (request) => {
      const release = pinned(request);
      const found = await releaseChanges(releases, release, request.query.from, request.query.to);
      const env = collection(request, release, found.changes, found.changes.length, null);
      env.meta.note = found.note;
      return env;
    },
  });
}
