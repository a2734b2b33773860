// Relations, claims and evidence: rows of the store's tables of the same names, each with a
// collection (paged, optionally filtered by subject) and an item route.
import type { FastifyInstance } from 'fastify';
import { ProblemError } from '../errors.js';
import type { ReleaseSource } from '../release-types.js';
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
  { path: 'relations', table: 'relations', noun: 'relation', subjectColumn: 'subject', properties: { id: s, subject: s, predicate: s, object: s, source_url: s, review_status: s } },
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
        const clause = subject && t.subjectColumn ? `WHERE ${t.subjectColumn} = ?` : '';
        const args = clause ? [subject] : [];
        const db = page.release.db;
        const total = (db.prepare(`SELECT COUNT(*) AS n FROM ${t.table} ${clause}`).get(...args) as { n: number }).n;
        const rows = db.prepare(`SELECT * FROM ${t.table} ${clause} ORDER BY id LIMIT ? OFFSET ?`).all(...args, page.limit, page.offset) as Record<string, unknown>[];
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
        const row = release.db.prepare(`SELECT * FROM ${t.table} WHERE id = ?`).get(request.params.id) as Record<string, unknown> | undefined;
        if (!row) throw new ProblemError('not_found', `No ${t.noun} has id "${request.params.id}" in release ${release.revision}.`);
        return single(request, release, { ...row, revision: release.revision });
      },
    });
  }
}
