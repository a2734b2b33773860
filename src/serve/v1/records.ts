// Relations, claims and evidence: rows of the store's tables of the same names, each with a
// collection (paged, optionally filtered by subject) and an item route.
import type { FastifyInstance } from 'fastify';
import { ProblemError } from '../problems/errors.js';
import type { ReleaseSource } from '../releases/release-types.js';
import type { RecordTable } from '../../store/observation-reader.js';
import { storeOf } from '../../store/reader.js';
import { TABLES as STORE_TABLES, type Row } from '../../store/tables.js';
import { collection, single } from './envelope.js';
import { nextCursor, openPage } from './paging.js';
import { pinned } from '../releases/pinned.js';
import {
  collectionResponse,
  envelopeOf,
  idParam,
  openObject,
  pagedQuery,
  problems,
  type IdParams,
} from './schemas.js';
import { collectionConfig, pageAnswer } from './answer.js';
import type { FromQuery } from '../interface/schemas.js';

interface RecordRoute {
  path: string;
  table: RecordTable;
  noun: string;
  subjectColumn: string | null;
}

const s = { type: 'string' } as const;
const JSON_TYPES = { TEXT: 'string', INTEGER: 'integer', REAL: 'number', BLOB: 'string' } as const;

/** The item schema of a table's rows, from the store's one declaration of its columns (src/store/tables.ts). */
function columnsSchema(table: RecordTable): Record<string, object> {
  const columns: Record<string, { type: keyof typeof JSON_TYPES; nullable: boolean }> =
    STORE_TABLES[table].columns;
  return Object.fromEntries(
    Object.entries(columns).map(([name, c]) => [
      name,
      { type: c.nullable ? [JSON_TYPES[c.type], 'null'] : JSON_TYPES[c.type] },
    ]),
  );
}

const SUBJECT_QUERY = pagedQuery({
  subject: { type: 'string', minLength: 1, description: 'Only records about this canonical id' },
});

const ROUTES: readonly RecordRoute[] = [
  { path: 'relations', table: 'relations', noun: 'relation', subjectColumn: 'subject' },
  { path: 'claims', table: 'claims', noun: 'claim', subjectColumn: 'subject' },
  { path: 'evidence', table: 'evidence', noun: 'evidence record', subjectColumn: null },
];

export async function recordRoutes(
  app: FastifyInstance,
  opts: { releases: ReleaseSource },
): Promise<void> {
  for (const t of ROUTES) {
    // A row as the store declares it, with the revision it came from: the schema and the row type
    // (Row<table>, src/store/tables.ts) both come from that one declaration.
    const columns = columnsSchema(t.table);
    const item = openObject<Record<string, object>, string[]>({ ...columns, revision: s }, [
      ...Object.keys(columns),
      'revision',
    ]);
    // evidence has no subject column, so its query has no subject parameter (the type allows it, absent)
    app.get<{ Querystring: FromQuery<typeof SUBJECT_QUERY> }>(`/${t.path}`, {
      config: collectionConfig,
      schema: {
        summary: `Every ${t.noun}; JSON pages or CSV`,
        tags: ['resources'],
        querystring: t.subjectColumn ? SUBJECT_QUERY : pagedQuery(),
        response: {
          200: collectionResponse(item, `A page of ${t.path} JSON or CSV`),
          ...problems('invalid_limit', 'invalid_cursor', 'unknown_release', 'not_acceptable'),
        },
      },
      handler: async (request, reply) => {
        const page = await openPage(request, opts.releases, request.query);
        const subject = request.query.subject;
        const about = subject && t.subjectColumn ? subject : undefined;
        const withRevision = (r: Row<RecordTable>) => ({ ...r, revision: page.release.revision });
        const { total, rows } = storeOf(page.release).observations.records(
          t.table,
          about,
          page.limit,
          page.offset,
        );
        const note =
          total === 0
            ? `Release ${page.release.revision} publishes no ${t.noun} here; this does not show that none exists.`
            : undefined;
        return pageAnswer(
          request,
          reply,
          collection(
            request,
            page.release,
            rows.map(withRevision),
            total,
            nextCursor(page, total),
            { note, page },
          ),
        );
      },
    });
    app.get<{ Params: IdParams }>(`/${t.path}/:id`, {
      schema: {
        summary: `One ${t.noun} by id`,
        tags: ['resources'],
        params: idParam,
        response: {
          200: envelopeOf(item, `The ${t.noun}`),
          ...problems('not_found', 'invalid_path'),
        },
      },
      handler: async (request) => {
        const release = pinned(request);
        const row = storeOf(release).observations.record(t.table, request.params.id);
        if (!row)
          throw new ProblemError(
            'not_found',
            `No ${t.noun} has id "${request.params.id}" in release ${release.revision}.`,
          );
        return single(request, release, { ...row, revision: release.revision });
      },
    });
  }
}
