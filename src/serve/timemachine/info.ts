// GET /api/timemachine/health, /temporal-contracts, /stats and /layers (docs/interface.md §2.3).
import { seriesOfMetric } from '../dimensions/views.js';
import type { LoadedRelease } from '../releases/release-types.js';
import { INTERFACE_VERSION } from '../interface/openapi.js';
import { storeOf } from '../../store/reader.js';
import { indicatorsOfTopics } from '../v1/topics.js';
import { asOfDate } from './query.js';
import type {
  TemporalContractsAnswer,
  TemporalHealth,
  TemporalLayers,
  TemporalStats,
} from './schemas.js';

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

const FRESHNESS = ['fresh', 'degraded', 'stale', 'unknown'] as const;

const meta = (release: LoadedRelease) => storeOf(release).meta;

/**
 * The freshness of the release as the build summed it up: data/quality-report.json `summary` counts
 * the datasets by freshness status (fresh, degraded, stale, unknown), each dataset as fresh as its
 * least fresh part. Read, not recounted: the build is where freshness is decided.
 */
function freshnessSummary(release: LoadedRelease): TemporalHealth['freshness'] {
  const file = release.files.get('quality-report.json');
  if (!file)
    return {
      status: 'unknown',
      reason: ['the release has no data/quality-report.json'],
      counts: null,
    };
  const summary =
    (JSON.parse(file.body.toString('utf8')) as { summary?: Record<string, unknown> }).summary ?? {};
  const counts: Record<string, number> = Object.fromEntries(
    FRESHNESS.map((s) => [s, typeof summary[s] === 'number' ? (summary[s] as number) : 0]),
  );
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const worst =
    [...FRESHNESS].reverse().find((s) => s !== 'unknown' && counts[s]! > 0) ?? 'unknown';
  return {
    status: worst,
    reason: total
      ? [`worst freshness of the ${total} datasets counted in data/quality-report.json summary`]
      : ['no dataset freshness in data/quality-report.json summary'],
    counts,
  };
}

export function health(release: LoadedRelease): TemporalHealth {
  const m = meta(release);
  return {
    status: 'ok',
    mode: 'read-only',
    revision: release.revision,
    as_of: asOfDate(release),
    built_at: release.seal.built_at,
    store: {
      kind: 'sqlite',
      file: 'store.sqlite',
      store_version: m.store_version ?? null,
      opened: 'read-only',
    },
    data_kind: m.kind ?? 'release',
    freshness: freshnessSummary(release),
  };
}

export function temporalContracts(release: LoadedRelease): TemporalContractsAnswer {
  const v = storeOf(release).sqliteVersion;
  return {
    interface_version: INTERFACE_VERSION,
    contracts: TEMPORAL_CONTRACTS,
    environment: {
      node: process.version,
      sqlite: v,
      store_version: meta(release).store_version ?? null,
      revision: release.revision,
    },
  };
}

export function stats(release: LoadedRelease): TemporalStats {
  const reader = storeOf(release);
  const keys = reader.seriesKeys.all();
  const byMetric = new Map<
    string,
    { metric: string; points: number; with_value: number; start: string | null; end: string | null }
  >();
  for (const k of keys) {
    const m =
      byMetric.get(k.metric) ??
      byMetric
        .set(k.metric, { metric: k.metric, points: 0, with_value: 0, start: null, end: null })
        .get(k.metric)!;
    m.points += k.points;
    m.with_value += k.with_value;
    if (m.start === null || k.first_start < m.start) m.start = k.first_start;
    if (m.end === null || k.last_end > m.end) m.end = k.last_end;
  }
  const all = [...byMetric.values()];
  const points = all.reduce((n, m) => n + m.points, 0);
  const withValue = all.reduce((n, m) => n + m.with_value, 0);
  const starts = all.map((m) => m.start!).sort();
  const ends = all.map((m) => m.end!).sort();
  const events = reader.events.stats();
  return {
    revision: release.revision,
    as_of: asOfDate(release),
    counts: {
      layers: reader.layers.length,
      metrics: reader.metrics.length,
      points,
      points_with_value: withValue,
      points_null: points - withValue,
      places: reader.places.length,
      events: events.n,
    },
    date_range: {
      points: { start: starts[0] ?? null, end: ends[ends.length - 1] ?? null },
      events: { start: events.start, end: events.end },
    },
    by_metric: all,
  };
}

/**
 * Every layer with its metrics (each series, breakdowns too); with `topic` (topic ids, comma-separated
 * as on /api/v1/indicators), only the series of those topics' indicators and the layers holding one:
 * a reader of the explorer asks for the domains it opens on, not all 1,006 series of 528 indicators.
 */
export function layers(release: LoadedRelease, topic?: string): TemporalLayers {
  const { layers: rows, metrics } = storeOf(release);
  const wanted =
    topic === undefined
      ? null
      : new Set(indicatorsOfTopics(release, metrics, [topic]).map((m) => m.id));
  const series = metrics
    .map((m) => ({ ...m, ...seriesOfMetric(release, m.id) }))
    .filter((m) => !wanted || wanted.has(m.indicator));
  const kept = rows.filter((l) => !wanted || series.some((m) => m.layer === l.id));
  return {
    revision: release.revision,
    count: kept.length,
    layers: kept.map((l) => ({ ...l, metrics: series.filter((m) => m.layer === l.id) })),
  };
}
