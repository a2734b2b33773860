// W3C Reconciliation Service API 0.2 (https://www.w3.org/community/reports/reconciliation/CG-FINAL-specs-0.2-20230410/)
// at /reconcile, so that OpenRefine and other clients can match a column of names against Dala:
// the manifest on GET without queries (section 4), batched queries sent as a `queries` form field, a
// GET parameter or a JSON body (section 5), always answered 200 with a result per query; type and
// property constraints (`within` a place), `limit`; suggest (section 7), preview (section 6), view,
// and the data extension service (section 8, reconcile-extend.ts).
// Matching is the v1 search (src/serve/v1/search/engine.ts); `match: true` is given only to the one
// sure match of a query, never to one of several homonyms (docs/interface.md §10.6).
import { MAX_LIMIT as MAX_PAGE_LIMIT } from './paging.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ProblemError } from '../problems/errors.js';
import type { LoadedRelease, ReleaseSource } from '../releases/release-types.js';
import { pinned } from '../releases/pinned.js';
import type { FromQuery } from '../interface/schemas.js';
import { problems } from './schemas.js';
import { extendAnswer, extendManifest, proposeProperties } from './reconcile-extend.js';
import {
  RECON_BODY,
  RECON_EXTENSION,
  RECON_PROPOSALS,
  RECON_GET_ANSWER,
  RECON_RESULTS,
  SUGGESTIONS,
  type ReconGetAnswer,
  type ReconManifest,
  type ReconResults,
  type Suggestions,
} from './reconcile-schemas.js';
import { entityPath, label } from './search.js';
import { ENTITY_TYPES } from './response-schemas.js';
import { batchCandidates } from './search/candidates.js';
import { search } from './search/engine.js';
import { parseEntity, type Hit } from './search/hits.js';
import { sureMatches } from './search/sure.js';
import {
  assertBatch,
  MAX_BATCH,
  type ReconQuery,
  type ReconQueryBatch,
} from './reconcile-query.js';
import { agreement, gradedScore, queryText, type Agreement } from './reconcile-match.js';
import { searchStatements } from '../../store/search.js';

export const MAX_LIMIT = 25;
const DEFAULT_LIMIT = 5;

const TYPE_NAMES: Readonly<Record<(typeof ENTITY_TYPES)[number], string>> = {
  place: 'Place (region, city of republican significance, the country)',
  district: 'District or city of regional significance',
  institution: 'Public body',
  person: 'Person',
  indicator: 'Statistical indicator',
  dataset: 'Dataset',
  event: 'Dated public event',
  source: 'Source',
};

/** The manifest's URLs are absolute (clients fetch them from elsewhere): on the configured public origin, never on the request's Host. */
function manifest(origin: string, basePath: string): ReconManifest {
  const base = `${origin}${basePath}/reconcile`;
  return {
    versions: ['0.2'],
    name: 'Dala: places, public bodies and indicators of Kazakhstan',
    identifierSpace: `${origin}${basePath}/entities/`,
    schemaSpace: `${origin}${basePath}/openapi.json`,
    documentation: `${origin}${basePath}/openapi.json`,
    view: { url: `${base}/view?id={{id}}` },
    defaultTypes: ENTITY_TYPES.map((id) => ({ id, name: TYPE_NAMES[id] })),
    suggest: {
      entity: {
        service_url: origin,
        service_path: `${basePath}/reconcile/suggest/entity`,
      },
    },
    preview: { url: `${base}/preview?id={{id}}`, width: 400, height: 120 },
    // the most queries one batch may hold (section 4); a larger batch is refused
    batchSize: MAX_BATCH,
    extend: extendManifest(origin, basePath),
  };
}

const invalid = (detail: string) =>
  new ProblemError('invalid_body', `Reconciliation queries: ${detail}`);

/** The `queries` batch of a request (JSON text or already parsed), checked against RECON_QUERY_BATCH. */
function batchOf(raw: unknown): ReconQueryBatch {
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      throw invalid('"queries" is not JSON.');
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw invalid('"queries" must be a JSON object of queries keyed by id.');
  assertBatch(value);
  return value;
}

/** The place a `within` property names: a canonical id as a string, an {id} object, or the first of a list. */
function withinOf(q: ReconQuery): string | undefined {
  const p = q.properties?.find((x) => x.pid === 'within');
  if (!p) return undefined;
  const first = Array.isArray(p.v) ? p.v[0] : p.v;
  if (typeof first === 'string') return first;
  if (first && typeof first === 'object') return first.id;
  return undefined;
}

type ReconResult = ReconResults[string];

function candidate(
  hit: Hit,
  sure: boolean,
  score: number,
  a: Agreement,
): ReconResult['result'][number] {
  return {
    id: hit.entity.id,
    name: label(hit.entity, undefined),
    description: `${hit.entity.type}: ${[hit.entity.names.kk, hit.entity.names.ru].filter((n) => n && n !== hit.entity.names.en).join(' / ') || hit.entity.id}; matched "${hit.match.name}" (${hit.match.kind})`,
    score, // 0-100, as OpenRefine shows it
    match: sure,
    type: [
      {
        id: hit.entity.type,
        name: TYPE_NAMES[hit.entity.type as keyof typeof TYPE_NAMES] ?? hit.entity.type,
      },
    ],
    features: [
      { id: 'exact_name', value: hit.match.type === 'exact' },
      { id: 'edit_distance', value: hit.match.distance },
      { id: 'properties_matched', value: a.matched },
      { id: 'properties_contradicted', value: a.contradicted },
    ],
  };
}

function reconcileOne(release: LoadedRelease, q: ReconQuery, candidates: number): ReconResult {
  const types =
    q.type === undefined
      ? undefined
      : [q.type].flat().filter((t) => (ENTITY_TYPES as readonly string[]).includes(t));
  if (types && types.length === 0) return { result: [] }; // a type Dala does not have: nothing can match it
  const text = queryText(q);
  if (text === null) return { result: [] }; // neither a name nor a property value to search for
  const result = search(release.db, text, { types, within: withinOf(q), candidates });
  // a sure match that contradicts a property is not one: of homonyms, the one the properties pick is
  const sure = sureMatches(result).filter((h) => agreement(h, q).contradicted === 0);
  const only = sure.length === 1 ? sure[0]!.entity.id : null;
  const limit = Math.min(q.limit ?? DEFAULT_LIMIT, MAX_LIMIT);
  const scored = result.hits.map((h) => {
    const a = agreement(h, q);
    return { h, a, score: gradedScore(h, text, a) };
  });
  // a candidate that contradicts a property is never the sure match; the order follows the score
  scored.sort((x, y) => y.score - x.score);
  return {
    result: scored
      .slice(0, limit)
      .map(({ h, a, score }) =>
        candidate(h, h.entity.id === only && a.contradicted === 0, score, a),
      ),
  };
}

function answer(
  request: FastifyRequest,
  opts: { releases: ReleaseSource; basePath: string; publicOrigin: () => string },
  raw: unknown,
  extend?: unknown,
): ReconGetAnswer {
  if (extend !== undefined) return extendAnswer(pinned(request), extend);
  if (raw === undefined) return manifest(opts.publicOrigin(), opts.basePath);
  const batch = batchOf(raw);
  const release = pinned(request);
  const out: ReconResults = {};
  // The batch shares one query's candidate budget, so a batch costs about what one search costs
  // (at most MAX_BATCH queries; no request may cost more than 50 ms of CPU).
  const queries = Object.entries(batch);
  const candidates = batchCandidates(queries.length);
  for (const [key, q] of queries) out[key] = reconcileOne(release, q, candidates);
  return out;
}

const queriesQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    queries: {
      type: 'string',
      maxLength: 16 * 1024,
      description: 'A JSON object of queries keyed by id (Reconciliation API 0.2, section 5).',
    },
    extend: {
      type: 'string',
      maxLength: 16 * 1024,
      description: 'A data extension query as JSON: {ids, properties} (section 8.3).',
    },
  },
} as const;
const PROPOSE_QUERY = {
  type: 'object',
  additionalProperties: false,
  required: ['type'],
  properties: {
    type: { type: 'string', maxLength: 200, description: 'An entity type of the manifest' },
    limit: { type: 'integer', minimum: 1, maximum: MAX_PAGE_LIMIT },
  },
} as const;
const SUGGEST_QUERY = {
  type: 'object',
  additionalProperties: false,
  required: ['prefix'],
  properties: {
    prefix: { type: 'string', minLength: 1, maxLength: 200 },
    type: {
      type: 'string',
      maxLength: 200,
      description: 'Only entities of this type (section 7: a type id of the manifest)',
    },
    cursor: { type: 'integer', minimum: 0, maximum: 100 },
  },
} as const;
const ID_QUERY = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 200 } },
} as const;

export async function reconcileRoutes(
  app: FastifyInstance,
  opts: { releases: ReleaseSource; basePath: string; publicOrigin: () => string },
): Promise<void> {
  // OpenRefine posts `queries=<json>` as a form (Reconciliation API 0.2, section 5.2): parsed here
  // with the platform's URLSearchParams, in this context only.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  app.get<{ Querystring: FromQuery<typeof queriesQuery> }>('/reconcile', {
    schema: {
      summary:
        'Reconciliation API 0.2: the service manifest, or a batch of queries given as ?queries=',
      tags: ['reconcile'],
      querystring: queriesQuery,
      response: {
        200: RECON_GET_ANSWER,
        ...problems('invalid_parameter', 'invalid_body', 'not_found'),
      },
    },
    handler: async (request) => answer(request, opts, request.query.queries, request.query.extend),
  });

  app.get<{ Querystring: FromQuery<typeof PROPOSE_QUERY> }>('/reconcile/properties', {
    schema: {
      summary: 'Reconciliation API 0.2 data extension: the properties an entity type offers',
      tags: ['reconcile'],
      querystring: PROPOSE_QUERY,
      response: { 200: RECON_PROPOSALS, ...problems('invalid_parameter') },
    },
    handler: async (request) =>
      proposeProperties(pinned(request), request.query.type, request.query.limit),
  });

  app.post<{ Body: unknown }>('/reconcile', {
    // The body schema documents the request; the handler checks the batch itself against the query
    // batch schema (assertBatch), so a refusal names the query and member rather than a schema path.
    validatorCompiler: ({ httpPart }) => {
      if (httpPart !== 'body') throw new Error(`POST /reconcile declares no ${httpPart} schema`);
      return () => true;
    },
    schema: {
      summary: 'Reconciliation API 0.2: a batch of queries (form field queries=, or JSON)',
      tags: ['reconcile'],
      body: RECON_BODY,
      response: {
        200: {
          description: 'The batch of results keyed by query id, or a data extension',
          oneOf: [RECON_RESULTS, RECON_EXTENSION],
        },
        ...problems('invalid_body', 'not_found'),
      },
    },
    handler: async (request) => {
      const body = request.body;
      if (!body || typeof body !== 'object')
        throw invalid('send a form field "queries" (or "extend") or a JSON object.');
      if ('extend' in body) return answer(request, opts, undefined, body.extend);
      return answer(request, opts, 'queries' in body ? body.queries : body);
    },
  });

  app.get<{ Querystring: FromQuery<typeof SUGGEST_QUERY> }>('/reconcile/suggest/entity', {
    schema: {
      summary:
        'Reconciliation API 0.2 suggest: entities whose names start with or contain the prefix',
      tags: ['reconcile'],
      querystring: SUGGEST_QUERY,
      response: {
        200: { description: 'Up to 10 suggested entities', ...SUGGESTIONS },
        ...problems('invalid_parameter'),
      },
    },
    handler: async (request): Promise<Suggestions> => {
      const release = pinned(request);
      const type = request.query.type;
      const { hits } =
        type !== undefined && !(ENTITY_TYPES as readonly string[]).includes(type)
          ? { hits: [] } // a type Dala does not have: nothing to suggest
          : search(release.db, request.query.prefix, type ? { types: [type] } : {});
      const from = request.query.cursor ?? 0;
      return {
        result: hits.slice(from, from + 10).map((h) => ({
          id: h.entity.id,
          name: label(h.entity, undefined),
          description: h.entity.type,
        })),
      };
    },
  });

  const entityOf = (request: FastifyRequest, id: string) => {
    const release = pinned(request);
    const row = searchStatements(release.db).entityRow(id);
    if (!row)
      throw new ProblemError(
        'not_found',
        `No entity has id "${id}" in release ${release.revision}.`,
      );
    return parseEntity(row);
  };

  app.get<{ Querystring: FromQuery<typeof ID_QUERY> }>('/reconcile/preview', {
    schema: {
      summary: 'Reconciliation API 0.2 preview: a small HTML card of an entity',
      tags: ['reconcile'],
      querystring: ID_QUERY,
      response: {
        200: {
          description: 'An HTML card of the entity',
          content: { 'text/html': { schema: { type: 'string' } } },
        },
        ...problems('invalid_parameter', 'not_found'),
      },
    },
    handler: async (request, reply: FastifyReply) => {
      const e = entityOf(request, request.query.id);
      const href = entityPath(opts.basePath, e);
      reply.type('text/html; charset=utf-8');
      return (
        `<!doctype html><html lang="en"><meta charset="utf-8"><title>${esc(e.names.en)}</title><body style="font:14px sans-serif;margin:8px">` +
        `<a href="${esc(href)}" target="_blank"><b>${esc(e.names.en)}</b></a><br>${esc(e.names.kk ?? '')} · ${esc(e.names.ru ?? '')}<br><small>${esc(e.type)} · ${esc(e.id)}</small></body></html>`
      );
    },
  });

  app.get<{ Querystring: FromQuery<typeof ID_QUERY> }>('/reconcile/view', {
    schema: {
      summary: 'Reconciliation API 0.2 view: 303 to the entity on its v1 item route',
      tags: ['reconcile'],
      querystring: ID_QUERY,
      response: {
        303: { description: 'Location holds the entity on its v1 item route', type: 'null' },
        ...problems('invalid_parameter', 'not_found'),
      },
    },
    handler: async (request, reply) => {
      const e = entityOf(request, request.query.id);
      return reply.code(303).header('location', entityPath(opts.basePath, e)).send();
    },
  });
}

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
