// Relations, claims and evidence: rows of the store's tables of the same names, each with a
// collection (paged, optionally filtered by subject) and an item route.
import type { FastifyInstance } from 'fastify';
import { ProblemError } from '../errors.js';
import type { ReleaseSource } from '../release-types.js';
import { storeOf } from '../../store/reader.js';
import { collection, single } from './envelope.js';
import { nextCursor, openPage, takeRelease } from './paging.js';
import { envelopeOf, idParam, openObject, pagedQuery, problems } from './schemas.js';

interface RecordTable {
  path: string;
  table: 'relations' | 'claims' | 'evidence';
  noun: string;
  subjectColumn: string | null;
  properties: Record<string, object>;
}

const s = { type: 'string' };
const sn = { type: ['string', 'null'] };

const TABLES: readonly RecordTable[] = [
  { path: 'relations', table: 'relations', noun: 'relation', subjectColumn: 'subject', properties: { id: s, subject: s, predicate: s, object: s, source_url: s, review_status: s, valid_from: sn } },
  { path: 'claims', table: 'claims', noun: 'claim', subjectColumn: 'subject', properties: { id: s, subject: s, property: s, value: s, period: sn, source_id: s, evidence_id: sn } },
  { path: 'evidence', table: 'evidence', noun: 'evidence record', subjectColumn: null, properties: { id: s, kind: s, source_id: sn, path: sn, sha256: sn, description: s } },
];

export async function recordRoutes(app: FastifyInstance, opts: { releases: ReleaseSource }): Promise<void> {
  for (const t of TABLES) {
    const item = openObject({ ...t.properties, revision: s }, [...Object.keys(t.properties), 'revision']);
    const filters: Record<string, object> = t.subjectColumn ? { subject: { type: 'string', minLength: 1, description: 'Only records about this canonical id' } } : {};
    app.get<{ Querystring: { subject?: string; limit?: number; cursor?: string } }>(`/${t.path}`, {
      schema: {
        summary: `Every ${t.noun}`,
        tags: ['resources'],
        querystring: pagedQuery(filters),
        response: { 200: envelopeOf({ type: 'array', items: item }, `A page of ${t.path}`), ...problems('invalid_limit', 'invalid_cursor', 'unknown_release') },
      },
      handler: async (request) => {
        const page = await openPage(request, opts.releases, request.query as Record<string, unknown>);
        const subject = request.query.subject;
        const { total, rows } = storeOf(page.release).records(t.table, subject && t.subjectColumn ? subject : undefined, page.limit, page.offset);
        const note = total === 0 ? `Release ${page.release.revision} publishes no ${t.noun} here; this does not show that none exists.` : undefined;
        return collection(request, page.release, rows.map((r) => ({ ...r, revision: page.release.revision })), total, nextCursor(page, total), { note });
      },
    });
    app.get<{ Params: { id: string } }>(`/${t.path}/:id`, {
      schema: {
        summary: `One ${t.noun} by id`,
        tags: ['resources'],
        params: idParam,
        response: { 200: envelopeOf(item, `The ${t.noun}`), ...problems('not_found', 'invalid_path') },
      },
      handler: async (request) => {
        const release = takeRelease(request, opts.releases);
        const row = storeOf(release).record(t.table, request.params.id);
        if (!row) throw new ProblemError('not_found', `No ${t.noun} has id "${request.params.id}" in release ${release.revision}.`);
        return single(request, release, { ...row, revision: release.revision });
      },
    });
  }
}
