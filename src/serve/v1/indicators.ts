// Indicators (the store's metrics) and observations (its points). Every value keeps its unit, period,
// geography, source and revision; a missing value is null with its reason, never 0 (DESIGN.md).
import type { FastifyInstance } from 'fastify';
import { ProblemError } from '../errors.js';
import type { LoadedRelease, ReleaseSource } from '../release-types.js';
import { storeOf, type MetricRow, type PointRow } from '../../store/reader.js';
import { canonicalUrl } from './aliases.js';
import { collection, single } from './envelope.js';
import { redirectResponse } from './entity-routes.js';
import { nextCursor, openPage, takeRelease } from './paging.js';
import { provenanceProperties } from './places.js';
import { envelopeOf, idParam, openObject, pagedQuery, problems } from './schemas.js';


const placeId = (code: string) => `place:${code}`;
const stripPrefix = (value: string, prefix: string) => (value.startsWith(prefix + ':') ? value.slice(prefix.length + 1) : value);

function indicatorView(release: LoadedRelease, m: MetricRow) {
  const coverage = storeOf(release).coverage(m.id);
  return {
    id: `indicator:${m.id}`,
    metric: m.id,
    names: { en: m.name_en, ru: m.name_ru, kk: m.name_kk },
    layer: m.layer,
    unit: m.unit,
    frequency: m.frequency,
    aggregation: m.aggregation,
    notes: m.notes,
    period: coverage.first && coverage.last ? `${coverage.first}/${coverage.last}` : null,
    geography: { places: coverage.places },
    source: `source:${m.source_id}`,
    revision: release.revision,
  };
}

function observationView(release: LoadedRelease, p: PointRow) {
  return {
    id: `observation:${p.metric}/${p.place}/${p.period}`,
    indicator: `indicator:${p.metric}`,
    place: placeId(p.place),
    period: p.period,
    period_start: p.period_start,
    period_end: p.period_end,
    value: p.value,
    null_reason: p.null_reason,
    status: p.status,
    note: p.note,
    unit: p.unit,
    geography: { id: placeId(p.place), iso: p.place },
    source: `source:${p.source_id}`,
    revision: release.revision,
  };
}

const indicatorSchema = openObject(
  { id: { type: 'string' }, metric: { type: 'string' }, names: { $ref: 'Names#' }, frequency: { type: 'string' }, ...provenanceProperties },
  ['id', 'metric', 'names', 'frequency', ...Object.keys(provenanceProperties)],
);
const observationSchema = openObject(
  {
    id: { type: 'string' }, indicator: { type: 'string' }, place: { type: 'string' },
    period_start: { type: 'string', format: 'date' }, period_end: { type: 'string', format: 'date' },
    value: { type: ['number', 'null'] }, null_reason: { type: ['string', 'null'], description: 'Why value is null; present exactly when it is.' },
    status: { type: 'string' }, ...provenanceProperties,
  },
  ['id', 'indicator', 'place', 'period_start', 'period_end', 'value', 'null_reason', 'status', ...Object.keys(provenanceProperties)],
);

interface ObservationQuery { indicator?: string; place?: string; period?: string; limit?: number; cursor?: string }

export async function indicatorRoutes(app: FastifyInstance, opts: { releases: ReleaseSource }): Promise<void> {
  const { releases } = opts;

  app.get<{ Querystring: { limit?: number; cursor?: string } }>('/indicators', {
    schema: {
      summary: 'Every indicator with its unit, coverage period, geography and source',
      tags: ['resources'],
      querystring: pagedQuery(),
      response: { 200: envelopeOf({ type: 'array', items: indicatorSchema }, 'A page of indicators'), ...problems('invalid_limit', 'invalid_cursor', 'unknown_release') },
    },
    handler: async (request) => {
      const page = await openPage(request, releases, request.query as Record<string, unknown>);
      const all = storeOf(page.release).metrics;
      const total = all.length;
      const rows = all.slice(page.offset, page.offset + page.limit);
      return collection(request, page.release, rows.map((m) => indicatorView(page.release, m)), total, nextCursor(page, total));
    },
  });

  app.get<{ Params: { id: string } }>('/indicators/:id', {
    schema: {
      summary: 'One indicator by canonical id (indicator:<id>; the bare id answers 308)',
      tags: ['resources'],
      params: idParam,
      response: { 200: envelopeOf(indicatorSchema, 'The indicator'), ...redirectResponse, ...problems('not_found', 'invalid_path') },
    },
    handler: async (request, reply) => {
      const release = takeRelease(request, releases);
      const raw = request.params.id;
      const metric = stripPrefix(raw, 'indicator');
      const row = storeOf(release).metricById.get(metric);
      if (!row) throw new ProblemError('not_found', `No indicator has id "${raw}" in release ${release.revision}.`);
      if (raw !== `indicator:${metric}`) return reply.code(308).header('location', canonicalUrl(request.url, raw, `indicator:${metric}`)).send();
      return single(request, release, indicatorView(release, row));
    },
  });

  app.get<{ Querystring: ObservationQuery }>('/observations', {
    schema: {
      summary: 'Observations (values with unit, period, place, source), filtered by indicator, place and period; paged',
      tags: ['resources'],
      querystring: pagedQuery({
        indicator: { type: 'string', minLength: 1, description: 'indicator:<id> or the bare id' },
        place: { type: 'string', minLength: 1, description: 'place:KZ-35 or the bare code KZ-35 (KZ: the country)' },
        period: { type: 'string', pattern: '^\\d{4}(-(Q[1-4]|H[12]|9M|W\\d{2}|\\d{2}-\\d{2}))?$', description: 'Exact period: 2024, 2024-Q1, 2024-H1, 2024-9M, 2024-W03, 2024-01-15' },
      }),
      response: {
        200: envelopeOf({ type: 'array', items: observationSchema }, 'A page of observations'),
        ...problems('invalid_parameter', 'invalid_limit', 'invalid_cursor', 'unknown_release'),
      },
    },
    handler: async (request) => {
      const page = await openPage(request, releases, request.query as Record<string, unknown>);
      const { indicator, place, period } = request.query;
      const { total, rows } = storeOf(page.release).points(
        { metric: indicator ? stripPrefix(indicator, 'indicator') : undefined, place: place ? stripPrefix(place, 'place') : undefined, period: period || undefined },
        page.limit,
        page.offset,
      );
      const note = total === 0 ? `Release ${page.release.revision} holds no observation for these filters; this does not show the value does not exist.` : undefined;
      return collection(request, page.release, rows.map((p) => observationView(page.release, p)), total, nextCursor(page, total), { note });
    },
  });

  app.get<{ Params: { id: string } }>('/observations/:id', {
    schema: {
      summary: "One observation by canonical id observation:<indicator>/<place>/<period> ('/' sent as %2F)",
      tags: ['resources'],
      params: idParam,
      response: { 200: envelopeOf(observationSchema, 'The observation'), ...problems('not_found', 'invalid_path') },
    },
    handler: async (request) => {
      const release = takeRelease(request, releases);
      const parts = stripPrefix(request.params.id, 'observation').split('/');
      const row = parts.length === 3
        ? storeOf(release).point(parts[0]!, parts[1]!, parts[2]!)
        : undefined;
      if (!row) throw new ProblemError('not_found', `No observation has id "${request.params.id}" in release ${release.revision}.`);
      return single(request, release, observationView(release, row));
    },
  });
}
