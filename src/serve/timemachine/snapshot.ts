// GET /api/timemachine/snapshot?date&layers (issue 3): for each metric of the chosen layers and each
// place, the latest point whose period ends on or before the date, with that period.
import { ProblemError } from '../errors.js';
import type { LoadedRelease } from '../release-types.js';
import { asOfDate } from './query.js';

export interface PointRow {
  metric: string; place: string; period: string; period_start: string; period_end: string;
  value: number | null; null_reason: string | null; status: string; unit: string; source_id: string; note: string | null;
}

export function layerIds(release: LoadedRelease): string[] {
  return (release.db.prepare('SELECT id FROM layers ORDER BY id').all() as { id: string }[]).map((r) => r.id);
}

export function parseLayers(release: LoadedRelease, param: string | undefined): string[] {
  const valid = layerIds(release);
  if (param === undefined) return valid;
  const asked = [...new Set(param.split(',').map((s) => s.trim()))];
  const unknown = asked.filter((id) => !valid.includes(id));
  if (unknown.length) {
    throw new ProblemError('unknown_layer', `unknown layer(s) ${unknown.map((u) => JSON.stringify(u)).join(', ')}; valid layers: ${valid.join(', ')}`, {
      unknown_layers: unknown,
      valid_layers: valid,
    });
  }
  return asked.sort();
}

// Ties on period_end (a year and its Q4 both end 31 December) go to the shorter period: the later start.
const LATEST = `
  SELECT metric, place, period, period_start, period_end, value, null_reason, status, unit, source_id, note FROM (
    SELECT p.*, row_number() OVER (PARTITION BY p.metric, p.place ORDER BY p.period_end DESC, p.period_start DESC, p.period) AS rn
    FROM points p JOIN metrics m ON m.id = p.metric
    WHERE p.period_end <= @date AND m.layer IN (SELECT value FROM json_each(@layers))
  ) WHERE rn = 1 ORDER BY metric, place`;

export function snapshot(release: LoadedRelease, query: { date?: string; layers?: string }) {
  const layers = parseLayers(release, query.layers);
  const date = query.date ?? asOfDate(release);
  const points = release.db.prepare(LATEST).all({ date, layers: JSON.stringify(layers) }) as PointRow[];
  const metrics = release.db
    .prepare(`SELECT id, layer, name_en, name_ru, name_kk, unit, frequency, aggregation, source_id FROM metrics
              WHERE layer IN (SELECT value FROM json_each(?)) ORDER BY id`)
    .all(JSON.stringify(layers));
  return {
    revision: release.revision,
    date,
    date_source: query.date === undefined ? 'release_as_of' : 'query',
    layers,
    metrics,
    count: points.length,
    points,
    note: 'Each point is the latest one whose period ends on or before `date`; a null value was not published (never zero).',
  };
}
