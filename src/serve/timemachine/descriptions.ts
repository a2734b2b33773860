// How the time-slice answers describe what they show (docs/interface.md §4.3): a series as `metric`
// and `metrics` list it, and the en/ru/kk names of places and series (include=names). One place for
// both, so a series answer and a snapshot say the same of the same series.
import type { LoadedRelease } from '../releases/release-types.js';
import type { MetricRow } from '../../store/reader-sql.js';
import { storeOf } from '../../store/reader.js';
import type { Names } from '../../lib/languages.js';
import { seriesOfMetric } from '../dimensions/views.js';

/** A series as an answer lists it: its row's public fields, then its indicator and dimension codes. */
export function metricEntry(release: LoadedRelease, m: MetricRow) {
  const { id, layer, name_en, name_ru, name_kk, unit, frequency, aggregation, source_id } = m;
  return {
    id,
    layer,
    name_en,
    name_ru,
    name_kk,
    unit,
    frequency,
    aggregation,
    source_id,
    ...seriesOfMetric(release, id),
  };
}

/** A place's names in en/ru/kk; null when it has no entity named in all three. */
export function placeNames(release: LoadedRelease, code: string): Names | null {
  const n = storeOf(release).entities.names(`place:${code}`);
  // every place entity is named in all three languages (only source and dataset titles lack some)
  return n && n.ru !== null && n.kk !== null ? { en: n.en, ru: n.ru, kk: n.kk } : null;
}

/** A metric's names in en/ru/kk; null when the release has no such metric. */
export function metricNames(release: LoadedRelease, id: string): Names | null {
  const m = storeOf(release).metricById.get(id);
  return m ? { en: m.name_en, ru: m.name_ru, kk: m.name_kk } : null;
}

/** Names of the places and metrics an answer mentions (include=names); a place without an entity has null. */
export function namesOf(
  release: LoadedRelease,
  places: Iterable<string>,
  metrics: Iterable<string>,
) {
  const placeNamesOf: Record<string, Names | null> = {};
  for (const code of [...new Set(places)].sort()) placeNamesOf[code] = placeNames(release, code);
  const metricNamesOf: Record<string, Names | null> = {};
  for (const id of [...new Set(metrics)].sort()) metricNamesOf[id] = metricNames(release, id);
  return { places: placeNamesOf, metrics: metricNamesOf };
}
