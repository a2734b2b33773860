// Response schemas of the time-slice routes: they document the routes in the OpenAPI document and
// test/serve-timemachine.test.ts validates live responses against them. (Handlers send JSON strings,
// so Fastify's schema-based serializer never silently drops a field.)
import { GRANULARITIES } from '../../store/periods.js';

const str = { type: 'string' };
const nstr = { type: ['string', 'null'] };
const num = { type: ['number', 'null'] };
const int = { type: 'integer', minimum: 0 };
const obj = (properties: Record<string, unknown>, required = Object.keys(properties)) => ({ type: 'object', properties, required, additionalProperties: true });
const arr = (items: unknown) => ({ type: 'array', items });

const point = obj({ metric: str, place: str, period: str, period_start: str, period_end: str, value: num, null_reason: nstr, status: str, unit: str, source_id: str, note: nstr });
const langNames = { type: ['object', 'null'], properties: { en: str, ru: str, kk: str }, required: ['en', 'ru', 'kk'] };
// include=names: the en/ru/kk names of the places and metrics the answer mentions (null: none published).
const names = obj({ places: { type: 'object', additionalProperties: langNames }, metrics: { type: 'object', additionalProperties: langNames } });
const places = { type: ['array', 'null'], items: str, description: 'The place filter; null: every place' };
const unitSpan = obj({ unit: str, period_start: str, period_end: str, first_period: str, last_period: str });
const pointState = obj({ value: num, null_reason: nstr, status: str });
const pointRef = { metric: str, place: str, period: str };
const event = obj({ id: str, date: str, kind: str, place: str, title_en: str, title_ru: str, title_kk: str, source_url: str, review_status: str });
const metric = obj({ id: str, layer: str, unit: str, aggregation: str, source_id: str });

export const RESPONSES = {
  snapshot: obj(
    { revision: str, date: str, date_source: { enum: ['query', 'release_as_of'] }, layers: arr(str), places, metrics: arr(metric), count: int, points: arr(point), names },
    ['revision', 'date', 'date_source', 'layers', 'places', 'metrics', 'count', 'points'],
  ),
  series: obj(
    {
      revision: str, metric, unit: str, units: arr(str), unit_changes: arr(unitSpan), unit_note: str,
      source: obj({ id: str, point_sources: arr(str) }), aggregation: str,
      granularity: { enum: [...GRANULARITIES, null] }, start_date: nstr, end_date: nstr, places, periods: arr(str), count: int,
      series: arr(obj({
        place: str,
        points: arr(obj({ period: str, period_start: str, period_end: str, value: num, null_reason: nstr, aggregation: nstr, from_count: int, from_periods: arr(str), unit: str, status: str, note: nstr }, ['period', 'period_start', 'period_end', 'value', 'null_reason', 'aggregation', 'from_count', 'unit', 'status', 'note'])),
      })),
      names,
    },
    ['revision', 'metric', 'unit', 'units', 'source', 'aggregation', 'granularity', 'start_date', 'end_date', 'places', 'periods', 'count', 'series'],
  ),
  events: arr(event),
  eventBatch: obj({ batch_id: str, revision: str, count: int, events: arr(event), content_hash: { type: 'string', pattern: '^[0-9a-f]{64}$' } }),
  snapshotDiff: obj({
    revision: str, previous_revision: nstr, basis: { enum: ['first_release', 'predecessor', 'predecessor_unavailable'] },
    counts: obj({ added: int, changed: int, removed: int }),
    added: arr(obj({ ...pointRef, to: pointState })), changed: arr(obj({ ...pointRef, from: pointState, to: pointState })), removed: arr(obj({ ...pointRef, from: pointState })),
  }),
  health: obj({
    status: str, mode: str, revision: str, as_of: str, store: obj({ kind: { const: 'sqlite' }, store_version: nstr }),
    freshness: obj({ status: { enum: ['fresh', 'degraded', 'stale', 'unknown'] }, reason: arr(str) }),
  }),
  temporalContracts: obj({ interface_version: str, contracts: arr(obj({ name: str, version: str })), environment: obj({ node: str, sqlite: str, store_version: nstr }) }),
  stats: obj({
    revision: str,
    counts: obj({ layers: int, metrics: int, points: int, points_with_value: int, points_null: int, places: int, events: int }),
    date_range: obj({ points: obj({ start: nstr, end: nstr }), events: obj({ start: nstr, end: nstr }) }),
  }),
  layers: obj({ revision: str, count: int, layers: arr(obj({ id: str, title_en: str, metrics: arr(metric) })) }),
};
