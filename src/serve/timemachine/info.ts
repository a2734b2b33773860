// GET /api/timemachine/health, /temporal-contracts, /stats and /layers (SPEC 2.3).
import type { LoadedRelease } from '../release-types.js';
import { INTERFACE_VERSION } from '../openapi.js';
import { asOfDate } from './query.js';

/** The time-slice contracts and their versions (additive changes keep the major version). */
export const TEMPORAL_CONTRACTS = [
  { name: 'TemporalSnapshot', version: '1.0.0', route: '/api/timemachine/snapshot' },
  { name: 'TemporalSeries', version: '1.0.0', route: '/api/timemachine/series' },
  { name: 'TemporalEvents', version: '1.0.0', route: '/api/timemachine/events' },
  { name: 'TemporalEventBatch', version: '1.0.0', route: '/api/timemachine/event-batch' },
  { name: 'TemporalSnapshotDiff', version: '1.0.0', route: '/api/timemachine/snapshot-diff' },
  { name: 'TemporalStats', version: '1.0.0', route: '/api/timemachine/stats' },
  { name: 'TemporalLayers', version: '1.0.0', route: '/api/timemachine/layers' },
  { name: 'TemporalHealth', version: '1.0.0', route: '/api/timemachine/health' },
];

const FRESHNESS = ['fresh', 'degraded', 'stale', 'unknown'];

function meta(release: LoadedRelease): Record<string, string> {
  const rows = release.db.prepare('SELECT key, value FROM meta ORDER BY key').all() as { key: string; value: string }[];
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

/** Counts the freshness contracts (SPEC 2.1) found anywhere in the sealed quality report. */
function freshnessSummary(release: LoadedRelease) {
  const file = release.files.get('quality-report.json');
  if (!file) return { status: 'unknown', reason: ['the release has no data/quality-report.json'], counts: null };
  const counts: Record<string, number> = Object.fromEntries(FRESHNESS.map((s) => [s, 0]));
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (!v || typeof v !== 'object') return;
    const o = v as Record<string, unknown>;
    if (typeof o.status === 'string' && FRESHNESS.includes(o.status) && 'sla_days' in o) counts[o.status]! += 1;
    Object.values(o).forEach(walk);
  };
  walk(JSON.parse(file.body.toString('utf8')));
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const worst = [...FRESHNESS].reverse().find((s) => s !== 'unknown' && counts[s]! > 0) ?? 'unknown';
  return { status: worst, reason: total ? [`worst status across ${total} freshness contracts in data/quality-report.json`] : ['no freshness contract in data/quality-report.json'], counts };
}

export function health(release: LoadedRelease) {
  const m = meta(release);
  return {
    status: 'ok',
    mode: 'read-only',
    revision: release.revision,
    as_of: asOfDate(release),
    built_at: release.seal.built_at,
    store: { kind: 'sqlite', file: 'store.sqlite', store_version: m.store_version ?? null, opened: 'read-only' },
    data_kind: m.kind ?? 'release',
    freshness: freshnessSummary(release),
  };
}

export function temporalContracts(release: LoadedRelease) {
  const { v } = release.db.prepare('SELECT sqlite_version() AS v').get() as { v: string };
  return {
    interface_version: INTERFACE_VERSION,
    contracts: TEMPORAL_CONTRACTS,
    environment: { node: process.version, sqlite: v, store_version: meta(release).store_version ?? null, revision: release.revision },
  };
}

export function stats(release: LoadedRelease) {
  const one = <T>(sql: string) => release.db.prepare(sql).get() as T;
  const points = one<{ n: number; with_value: number; places: number; start: string | null; end: string | null }>(
    `SELECT count(*) AS n, count(value) AS with_value, count(DISTINCT place) AS places, min(period_start) AS start, max(period_end) AS end FROM points`,
  );
  const events = one<{ n: number; start: string | null; end: string | null }>('SELECT count(*) AS n, min(date) AS start, max(date) AS end FROM events');
  const byMetric = release.db
    .prepare('SELECT metric, count(*) AS points, count(value) AS with_value, min(period_start) AS start, max(period_end) AS end FROM points GROUP BY metric ORDER BY metric')
    .all();
  return {
    revision: release.revision,
    as_of: asOfDate(release),
    counts: {
      layers: one<{ n: number }>('SELECT count(*) AS n FROM layers').n,
      metrics: one<{ n: number }>('SELECT count(*) AS n FROM metrics').n,
      points: points.n,
      points_with_value: points.with_value,
      points_null: points.n - points.with_value,
      places: points.places,
      events: events.n,
    },
    date_range: { points: { start: points.start, end: points.end }, events: { start: events.start, end: events.end } },
    by_metric: byMetric,
  };
}

export function layers(release: LoadedRelease) {
  const rows = release.db.prepare('SELECT id, title_en, title_ru, title_kk, description FROM layers ORDER BY id').all() as { id: string }[];
  const metrics = release.db
    .prepare('SELECT id, layer, name_en, name_ru, name_kk, unit, frequency, aggregation, source_id, notes FROM metrics ORDER BY id')
    .all() as { layer: string }[];
  return {
    revision: release.revision,
    count: rows.length,
    layers: rows.map((l) => ({ ...l, metrics: metrics.filter((m) => m.layer === l.id) })),
  };
}
