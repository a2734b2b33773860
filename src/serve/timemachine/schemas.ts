// Response schemas of the time-slice routes: they document the routes in the OpenAPI document and
// test/serve-timemachine.test.ts validates live responses against them. The answer types are derived
// from them (bottom of this file): the routes must return them (index.ts), so an answer that leaves
// out a required member or changes its type does not compile, and the browser app (web/src/api.ts)
// reads the same types. Snapshot and series answers may carry their points as pre-serialised JSON
// (raw-json.ts), which only the live-response test can check.
// (Handlers send JSON strings, so Fastify's schema-based serializer never silently drops a field.)
// This module imports no server code, so web/ can import its types.
import type { FromSchema } from 'json-schema-to-ts';
import { GRANULARITIES } from '../../store/periods.js';
import { LANGUAGES_ENGLISH_FIRST, perLanguage } from '../../lib/languages.js';
import { ANSWER_POINT_SCHEMA, UNIT_SPAN_SCHEMA } from '../../store/series-answer-schema.js';
import { MAX_SERIES_POINTS } from './query.js';

const str = { type: 'string' } as const;
const nstr = { type: ['string', 'null'] } as const;
const num = { type: ['number', 'null'] } as const;
const int = { type: 'integer', minimum: 0 } as const;
/** An open object (additive contract): every listed member is required unless `required` says otherwise. */
function obj<const P extends Record<string, unknown>>(
  properties: P,
): { type: 'object'; properties: P; required: (keyof P & string)[]; additionalProperties: true };
function obj<
  const P extends Record<string, unknown>,
  const R extends readonly (keyof P & string)[],
>(
  properties: P,
  required: R,
): { type: 'object'; properties: P; required: R; additionalProperties: true };
function obj(
  properties: Record<string, unknown>,
  required: readonly string[] = Object.keys(properties),
) {
  return { type: 'object', properties, required, additionalProperties: true };
}
const arr = <const I>(items: I) => ({ type: 'array', items }) as const;

const point = obj({
  metric: str,
  place: str,
  period: str,
  period_start: str,
  period_end: str,
  value: num,
  null_reason: nstr,
  status: str,
  unit: str,
  source_id: str,
  note: nstr,
});
const langNames = {
  type: ['object', 'null'],
  properties: perLanguage(str, LANGUAGES_ENGLISH_FIRST),
  required: LANGUAGES_ENGLISH_FIRST,
} as const;
// include=names: the en/ru/kk names of the places and metrics the answer mentions (null: none published).
const names = obj({
  places: { type: 'object', additionalProperties: langNames },
  metrics: { type: 'object', additionalProperties: langNames },
});
const places = {
  type: ['array', 'null'],
  items: str,
  description: 'The place filter; null: every place',
} as const;
const unitSpan = UNIT_SPAN_SCHEMA;
const pointState = obj({ value: num, null_reason: nstr, status: str });
const pointRef = { metric: str, place: str, period: str };
const event = obj({
  id: str,
  date: str,
  kind: str,
  place: str,
  title_en: str,
  title_ru: str,
  title_kk: str,
  source_url: str,
  review_status: str,
});
// id is the series key (the indicator id for its all-totals series, `indicator;dim=code...` for a
// breakdown); indicator and dimensions say which indicator and codes it is.
const metric = obj(
  {
    id: str,
    layer: str,
    name_en: str,
    name_ru: str,
    name_kk: str,
    unit: str,
    frequency: str,
    aggregation: str,
    source_id: str,
    indicator: str,
    dimensions: { type: 'object', additionalProperties: str },
  },
  ['id', 'layer', 'name_en', 'name_ru', 'name_kk', 'unit', 'frequency', 'aggregation', 'source_id'],
);

export const RESPONSES = {
  snapshot: obj(
    {
      revision: str,
      date: str,
      date_source: { enum: ['query', 'release_as_of'] } as const,
      layers: arr(str),
      places,
      metrics: arr(metric),
      count: int,
      points: arr(point),
      names,
    },
    ['revision', 'date', 'date_source', 'layers', 'places', 'metrics', 'count', 'points'],
  ),
  series: obj(
    {
      revision: str,
      metric,
      unit: str,
      units: arr(str),
      unit_changes: arr(unitSpan),
      unit_note: str,
      source: obj({ id: str, point_sources: arr(str) }),
      aggregation: str,
      granularity: { enum: [...GRANULARITIES, null] } as const,
      start_date: nstr,
      end_date: nstr,
      places,
      periods: arr(str),
      count: int,
      series: arr(
        obj({
          place: str,
          points: arr(ANSWER_POINT_SCHEMA),
        }),
      ),
      names,
      next: {
        type: 'string',
        description: `Present when the series holds more buckets over its places than an answer may (${MAX_SERIES_POINTS} unless the server is configured otherwise): this answer is the first window of them (up to its end_date), and this is the URL of the next window (also in the Link header, rel="next")`,
      },
    },
    [
      'revision',
      'metric',
      'unit',
      'units',
      'source',
      'aggregation',
      'granularity',
      'start_date',
      'end_date',
      'places',
      'periods',
      'count',
      'series',
    ],
  ),
  events: arr(event),
  eventBatch: obj({
    batch_id: str,
    revision: str,
    count: int,
    total: int,
    next_after: nstr,
    events: arr(event),
    content_hash: { type: 'string', pattern: '^[0-9a-f]{64}$' } as const,
  }),
  snapshotDiff: obj({
    revision: str,
    previous_revision: nstr,
    basis: { enum: ['first_release', 'predecessor', 'predecessor_unavailable'] } as const,
    counts: obj({ added: int, changed: int, removed: int }),
    added: arr(obj({ ...pointRef, to: pointState })),
    changed: arr(obj({ ...pointRef, from: pointState, to: pointState })),
    removed: arr(obj({ ...pointRef, from: pointState })),
    next_after: nstr,
  }),
  health: obj({
    status: str,
    mode: str,
    revision: str,
    as_of: str,
    store: obj({ kind: { const: 'sqlite' } as const, store_version: nstr }),
    freshness: obj({
      status: { enum: ['fresh', 'degraded', 'stale', 'unknown'] } as const,
      reason: arr(str),
    }),
  }),
  temporalContracts: obj({
    interface_version: str,
    contracts: arr(obj({ name: str, version: str })),
    environment: obj({ node: str, sqlite: str, store_version: nstr }),
  }),
  stats: obj({
    revision: str,
    counts: obj({
      layers: int,
      metrics: int,
      points: int,
      points_with_value: int,
      points_null: int,
      places: int,
      events: int,
    }),
    date_range: obj({
      points: obj({ start: nstr, end: nstr }),
      events: obj({ start: nstr, end: nstr }),
    }),
  }),
  layers: obj({
    revision: str,
    count: int,
    layers: arr(obj({ id: str, title_en: str, metrics: arr(metric) })),
  }),
};

export type TemporalSnapshot = FromSchema<typeof RESPONSES.snapshot>;
export type TemporalSeries = FromSchema<typeof RESPONSES.series>;
export type TemporalEvents = FromSchema<typeof RESPONSES.events>;
export type TemporalEventBatch = FromSchema<typeof RESPONSES.eventBatch>;
export type TemporalSnapshotDiff = FromSchema<typeof RESPONSES.snapshotDiff>;
export type TemporalHealth = FromSchema<typeof RESPONSES.health>;
export type TemporalContractsAnswer = FromSchema<typeof RESPONSES.temporalContracts>;
export type TemporalStats = FromSchema<typeof RESPONSES.stats>;
export type TemporalLayers = FromSchema<typeof RESPONSES.layers>;
