// Observations: the store's points, each with its unit, period, place, source and revision, and
// links to its indicator, place and source. Filters take several values each (repeated or
// comma-separated), a period range, and places by any id, code, slug or alias (as /places/{id}).
// JSON or CSV pages alike, or a page as one JSON-stat 2.0 dataset; the whole table is /data/public-observations.csv. A missing value is null with its reason, never 0.
import { parsePeriodLabel } from '../../lib/period-labels.js';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import { ProblemError } from '../problems/errors.js';
import type { LoadedRelease, ReleaseSource } from '../releases/release-types.js';
import { canonicalIdOf, canonicalUrl } from './aliases.js';
import { pageAnswer, wantsCsv } from './answer.js';
import { JSONSTAT_FORMATS, jsonStatFormat, jsonStatPage, jsonStatResponse } from './jsonstat.js';
import { collection, idSegment, single } from './envelope.js';
import { redirectResponse } from './entity-routes.js';
import { placeId, stripPrefix } from './indicators.js';
import { POINT_ORDERS, type PointFilter, type PointOrder } from '../../store/observation-reader.js';
import type { PointRow } from '../../store/rollup.js';
import { storeOf } from '../../store/reader.js';
import { nextCursor, openPage } from './paging.js';
import { pinned } from '../releases/pinned.js';
import { provenanceProperties, provenanceRequired } from './places.js';
import {
  cursorParam,
  envelopeOf,
  idParam,
  limitParam,
  openObject,
  problems,
  type IdParams,
  type ItemOf,
} from './schemas.js';
import { entityReaderOf } from '../../store/entity-reader.js';
import { seriesIndexOf } from '../../store/series-index.js';
import type { DimensionId } from '../../lib/dimensions.js';
import { answerDimensions } from '../dimensions/csv-columns.js';
import {
  DIMENSION_LIST_PARAMS,
  dimensionFilter,
  indicatorRef,
  markDeprecated,
  seriesKeysOf,
  type IndicatorRef,
} from '../dimensions/filters.js';

/** An observation as a CSV row: its dimensions as one column each (empty where its indicator has none). */
function csvRow(view: ItemOf<typeof observationSchema>, dims: readonly DimensionId[]) {
  const { dimensions, ...rest } = view;
  return {
    ...rest,
    ...Object.fromEntries(dims.map((d) => [d, (dimensions as Record<string, string>)[d] ?? ''])),
  };
}

/** The one id form of an observation, as in /data/public-observations.json: observation:<metric>:<place>:<period>. */
export const observationId = (p: Pick<PointRow, 'metric' | 'place' | 'period'>) =>
  `observation:${p.metric}:${p.place}:${p.period}`;

export function observationView(
  release: LoadedRelease,
  p: PointRow,
  prefix: string,
): ItemOf<typeof observationSchema> {
  const series = seriesIndexOf(release).bySeries.get(p.metric);
  const indicator = series?.indicator ?? p.metric;
  return {
    id: observationId(p),
    indicator: `indicator:${indicator}`,
    dimensions: { ...series?.codes },
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
    links: {
      self: `${prefix}/observations/${idSegment(observationId(p))}`,
      indicator: `${prefix}/indicators/${idSegment(`indicator:${indicator}`)}`,
      // the country (KZ) has no place record to link to
      place: entityReaderOf(release).has(placeId(p.place))
        ? `${prefix}/places/${idSegment(placeId(p.place))}`
        : null,
      source: `${prefix}/sources/${idSegment(`source:${p.source_id}`)}`,
    },
  };
}

const str = { type: 'string' } as const;
export const observationSchema = openObject(
  {
    id: str,
    indicator: str,
    place: str,
    dimensions: {
      type: 'object',
      additionalProperties: { type: 'string' },
      description:
        "The observation's code on each dimension of its indicator (sex, area, age; _T = total); {} when the indicator has none.",
    },
    period_start: { type: 'string', format: 'date' },
    period_end: { type: 'string', format: 'date' },
    value: { type: ['number', 'null'] },
    null_reason: {
      type: ['string', 'null'],
      description: 'Why value is null; present exactly when it is.',
    },
    status: str,
    ...provenanceProperties,
    links: openObject(
      { self: str, indicator: str, place: { type: ['string', 'null'] }, source: str },
      ['self', 'indicator', 'place', 'source'],
    ),
  },
  [
    'id',
    'indicator',
    'dimensions',
    'place',
    'period_start',
    'period_end',
    'value',
    'null_reason',
    'status',
    ...provenanceRequired,
    'links',
  ],
);

const BOUND = '^\\d{4}(-\\d{2}(-\\d{2})?)?$';
const several = (description: string, pattern?: string) =>
  ({
    type: 'array',
    maxItems: 50,
    items: { type: 'string', minLength: 1, maxLength: 200, ...(pattern ? { pattern } : {}) },
    description,
  }) as const;

export const OBSERVATIONS_QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    indicator: several(
      'Indicator ids (indicator:<id> or the bare id); several: repeat the parameter or separate with commas. A deprecated id (a former indicator that is now one breakdown of an indicator) answers that breakdown, with a Deprecation header.',
    ),
    ...DIMENSION_LIST_PARAMS,
    place: several(
      'Places by canonical id, ISO code, slug, old code or name (KZ: the country); several allowed.',
    ),
    period: several(
      'Exact periods: 2024, 2024-Q1, 2024-H1, 2024-9M, 2024-01, 2024-W03, 2024-01-15, 2022/23; several allowed.',
    ),
    from: {
      type: 'string',
      pattern: BOUND,
      description: 'Only periods starting on or after this date (YYYY, YYYY-MM or YYYY-MM-DD).',
    },
    to: {
      type: 'string',
      pattern: BOUND,
      description: 'Only periods ending on or before this date (YYYY, YYYY-MM or YYYY-MM-DD).',
    },
    sort: {
      type: 'string',
      enum: Object.keys(POINT_ORDERS) as PointOrder[],
      description:
        'Order: indicator (default), place, period, -period, value, -value (missing values last).',
    },
    limit: limitParam,
    cursor: cursorParam,
    format: jsonStatFormat,
  },
} as const;
type ObservationQuery = FromSchema<typeof OBSERVATIONS_QUERY>;
/** What selects observations and orders them: the query without its paging and format. */
export type ObservationFilterQuery = Omit<ObservationQuery, 'limit' | 'cursor' | 'format'>;

const values = (list: readonly string[] | undefined) =>
  (list ?? [])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);

/** A range bound as an ISO date: the first (from) or last (to) day of a year or month. */
function bound(raw: string, end: boolean): string {
  const [y, m, d] = raw.split('-');
  const month = m ?? (end ? '12' : '01');
  const last = new Date(Date.UTC(Number(y), Number(month), 0)).getUTCDate();
  const day = d ?? (end ? String(last).padStart(2, '0') : '01');
  const date = `${y}-${month}-${day}`;
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date) {
    throw new ProblemError(
      'invalid_date',
      `query parameter "${end ? 'to' : 'from'}": ${JSON.stringify(raw)} is not a real calendar date`,
      { parameter: end ? 'to' : 'from' },
    );
  }
  return date;
}

/** The store's place code of a place named by any of its ids, codes, slugs or aliases. */
export function placeCode(release: LoadedRelease, raw: string): string {
  let id: string | null;
  try {
    id = canonicalIdOf(entityReaderOf(release), release.db, raw, ['place', 'district'], 'place');
  } catch (error) {
    if (error instanceof ProblemError)
      throw new ProblemError('invalid_parameter', `query parameter "place": ${error.detail}`, {
        parameter: 'place',
        ...error.extensions,
      });
    throw error;
  }
  if (id) return stripPrefix(id, 'place');
  const code = stripPrefix(raw, 'place');
  if (storeOf(release).places.includes(code)) return code; // the country and legacy codes have points but no place record
  throw new ProblemError(
    'invalid_parameter',
    `query parameter "place": no place has id, code, slug or alias ${JSON.stringify(raw)} in release ${release.revision}`,
    { parameter: 'place' },
  );
}

// No series has an empty key: the filter of an answer that can hold no series.
const NO_SERIES = [''];

/** The asked indicators as references (unknown ids match nothing), and the series keys of the answer. */
function seriesFilter(
  release: LoadedRelease,
  q: ObservationFilterQuery,
): { refs: IndicatorRef[]; keys: string[] } {
  const asked = values(q.indicator).map((v) => stripPrefix(v, 'indicator'));
  const refs = asked.flatMap((id) => indicatorRef(release, id) ?? []);
  const keys =
    asked.length && refs.length === 0
      ? []
      : seriesKeysOf(release, asked.length ? refs : null, dimensionFilter(q));
  return { refs, keys: keys.length ? keys : NO_SERIES };
}

function filterOf(release: LoadedRelease, q: ObservationFilterQuery, keys: string[]): PointFilter {
  const periods = values(q.period);
  const bad = periods.find((p) => parsePeriodLabel(p) === null);
  if (bad)
    throw new ProblemError(
      'invalid_parameter',
      `query parameter "period": ${JSON.stringify(bad)} is not a period (2024, 2024-Q1, 2024-H1, 2024-9M, 2024-01, 2024-W03, 2024-01-15, 2022/23)`,
      { parameter: 'period' },
    );
  const from = q.from ? bound(q.from, false) : undefined;
  const to = q.to ? bound(q.to, true) : undefined;
  if (from && to && from > to)
    throw new ProblemError('invalid_date_range', `from ${q.from} is after to ${q.to}`, {
      parameter: 'from',
    });
  return {
    metric: keys,
    place: values(q.place).map((v) => placeCode(release, v)),
    period: periods,
    from,
    to,
  };
}

/** The observations a query selects in one release: a page of them in its order, their total and the answer's note. */
export interface FoundObservations {
  refs: IndicatorRef[];
  /** The series keys the answer covers. */
  keys: string[];
  total: number;
  rows: PointRow[];
  /** Why the page is empty (never a claim of absence, docs/interface.md §1.5), or undefined. */
  empty: string | undefined;
}

/** The one query of observations, for /api/v1/observations and the MCP tools alike. */
export function findObservations(
  release: LoadedRelease,
  query: ObservationFilterQuery,
  page: { limit: number; offset: number },
): FoundObservations {
  const { refs, keys } = seriesFilter(release, query);
  const filter = filterOf(release, query, keys);
  const { total, rows } = storeOf(release).observations.points(
    filter,
    page.limit,
    page.offset,
    query.sort ?? 'indicator',
  );
  const empty =
    total === 0
      ? `Release ${release.revision} holds no observation for these filters; this does not show the value does not exist.`
      : undefined;
  return { refs, keys, total, rows, empty };
}

export async function observationRoutes(
  app: FastifyInstance,
  opts: { releases: ReleaseSource; basePath: string; publicOrigin: () => string },
): Promise<void> {
  const { releases, basePath: prefix } = opts;

  app.get<{ Querystring: ObservationQuery }>('/observations', {
    config: { formats: JSONSTAT_FORMATS },
    schema: {
      summary:
        'Observations (values with unit, period, place, source), filtered by indicators, places, periods and a date range; JSON pages, CSV or JSON-stat',
      tags: ['resources'],
      querystring: OBSERVATIONS_QUERY,
      response: {
        200: jsonStatResponse(observationSchema, 'Observations: JSON, CSV or JSON-stat'),
        ...problems(
          'invalid_parameter',
          'unknown_dimension_code',
          'dimension_not_applicable',
          'invalid_date',
          'invalid_date_range',
          'invalid_limit',
          'invalid_cursor',
          'unknown_release',
          'not_acceptable',
          'response_too_large',
        ),
      },
    },
    handler: async (request, reply) => {
      const page = await openPage(request, releases, request.query);
      const { refs, keys, total, rows, empty } = findObservations(
        page.release,
        request.query,
        page,
      );
      const deprecation = markDeprecated(
        reply,
        refs,
        (id) => `${prefix}/indicators/${idSegment(`indicator:${id}`)}`,
      );
      const note = [deprecation, empty].filter(Boolean).join(' ') || undefined;
      const views = rows.map((p) => observationView(page.release, p, prefix));
      const envelope = collection(request, page.release, views, total, nextCursor(page, total), {
        note,
        page,
      });
      const links = { ...envelope.links, origin: opts.publicOrigin() };
      const stat = jsonStatPage(request, reply, page.release, views, links);
      if (stat) return stat;
      if (!wantsCsv(request)) return pageAnswer(request, reply, envelope);
      // CSV: one column per dimension of the answer's series
      const dims = answerDimensions(page.release, keys);
      return pageAnswer(request, reply, {
        ...envelope,
        data: views.map((v) => csvRow(v, dims)),
      }) as FastifyReply;
    },
  });

  app.get<{ Params: IdParams }>('/observations/:id', {
    schema: {
      summary:
        'One observation by canonical id observation:<indicator>:<place>:<period> (the form of /data/public-observations.json)',
      tags: ['resources'],
      params: idParam,
      response: {
        200: envelopeOf(observationSchema, 'The observation'),
        ...redirectResponse,
        ...problems('not_found', 'invalid_path'),
      },
    },
    handler: async (request, reply) => {
      const release = pinned(request);
      const raw = request.params.id;
      const body = stripPrefix(raw, 'observation');
      // the canonical form splits on ':'; an older slash form answers 308 to it
      const parts =
        body.includes('/') && body.split('/').length === 3 ? body.split('/') : body.split(':');
      const row =
        parts.length === 3
          ? storeOf(release).observations.point(parts[0]!, parts[1]!, parts[2]!)
          : undefined;
      if (!row)
        throw new ProblemError(
          'not_found',
          `No observation has id "${raw}" in release ${release.revision}.`,
        );
      const canonical = observationId(row);
      if (raw !== canonical)
        return reply
          .code(308)
          .header('location', canonicalUrl(request.url, raw, canonical))
          .send();
      return single(request, release, observationView(release, row, prefix));
    },
  });
}
