// The store content of the property tests' random stores (support/snapshot-fixture.ts,
// support/access-paths-fixture.ts): their random points as point rows, one per (metric, place,
// period), and the fixture's layers and metrics around them.
import type { StoreContent } from '../../src/publish/store/write.js';
import { addDays } from '../../src/store/periods.js';
import type { PointRow } from '../../src/store/rollup.js';

/** What a random point gives: its series, the day its period is taken at, and its fields. */
export interface RandomPoint<K> {
  metric: string;
  place: string;
  kind: K;
  day: number;
  value: number | null;
  unit: string;
  status: string;
  note: string | null;
}

/** The points as rows, the first of each (metric, place, period) kept; in the order given. */
export function pointRows<K>(
  raw: readonly RandomPoint<K>[],
  start: string,
  periodOf: (kind: K, day: string) => Pick<PointRow, 'period' | 'period_start' | 'period_end'>,
): PointRow[] {
  const seen = new Set<string>();
  const points: PointRow[] = [];
  for (const r of raw) {
    const p = periodOf(r.kind, addDays(start, r.day));
    const key = `${r.metric}|${r.place}|${p.period}`;
    if (seen.has(key)) continue;
    seen.add(key);
    points.push({
      metric: r.metric,
      place: r.place,
      ...p,
      value: r.value,
      null_reason: r.value === null ? 'not published' : null,
      status: r.status,
      unit: r.unit,
      source_id: 'src',
      note: r.note,
    });
  }
  return points;
}

/** The store of these points, with a layer per id and the metrics (each with its layer and aggregation). */
export function randomStore(
  layers: readonly string[],
  metrics: readonly { id: string; layer: string; aggregation: string }[],
  points: PointRow[],
): StoreContent {
  return {
    meta: { kind: 'test-fixture', as_of: '2024-12-31', built_at: '2026-01-01T00:00:00Z' },
    layers: layers.map((id) => ({
      id,
      title_en: id,
      title_ru: id,
      title_kk: id,
      description: 'property-test fixture',
    })),
    metrics: metrics.map((m) => ({
      ...m,
      name_en: m.id,
      name_ru: m.id,
      name_kk: m.id,
      unit: 'u1',
      frequency: 'mixed',
      source_id: 'src',
      notes: '',
    })),
    points,
    events: [],
    entities: [],
    entity_names: [],
    relations: [],
    claims: [],
    evidence: [],
  };
}
