// The store's metrics rows, one per series (src/sources/series-keys.ts), and the series_dimensions
// rows that name the indicator and codes of each series of an indicator with dimensions. A
// breakdown's names say its codes ("Life expectancy at birth (Female, Rural)"), or are the names
// of the deprecated id that once named it.
import { canonicalJson } from '../../lib/canonical-json.js';
import { DIMENSIONS, type DimensionId } from '../../lib/dimensions.js';
import { declaredDimensions, parseSeriesKey } from '../../sources/series-keys.js';
import type { Model } from '../../model/model.js';
import { deprecatedId, labelOfSeries } from '../../model/series-labels.js';
import type { Row } from '../../store/tables.js';
import type { Names } from '../../lib/languages.js';

export function seriesRows(
  model: Pick<Model, 'indicators'>,
  keys: ReadonlySet<string>,
): { metrics: Row<'metrics'>[]; series_dimensions: Row<'series_dimensions'>[] } {
  const metrics: Row<'metrics'>[] = [];
  const seriesDimensions: Row<'series_dimensions'>[] = [];
  // an indicator with dimensions has its own row (its all-totals series) even when no point is a total:
  // the routes describe the indicator from it
  const all = new Set(keys);
  for (const key of keys) if (key.includes(';')) all.add(key.split(';')[0]!);
  for (const key of [...all].sort()) {
    const id = key.split(';')[0]!;
    const i = model.indicators.find((x) => x.id === id);
    if (!i) continue; // no indicator: the store refuses its points (foreign key of points.metric)
    const dims = declaredDimensions(i);
    const { codes } = parseSeriesKey(key, dims);
    const old = deprecatedId(model.indicators, labelOfSeries(model.indicators, key))?.entry;
    const breakdown = dims
      .filter((d) => codes[d] !== '_T')
      .map((d) => DIMENSIONS[d as DimensionId].codes[codes[d] as never] as Names);
    const name =
      old?.name ??
      (breakdown.length === 0
        ? i.name
        : {
            en: `${i.name.en} (${breakdown.map((b) => b.en).join(', ')})`,
            ru: `${i.name.ru} (${breakdown.map((b) => b.ru).join(', ')})`,
            kk: `${i.name.kk} (${breakdown.map((b) => b.kk).join(', ')})`,
          });
    metrics.push({
      id: key,
      layer: i.layer,
      name_en: name.en,
      name_ru: name.ru,
      name_kk: name.kk,
      unit: i.unit,
      frequency: i.frequency,
      aggregation: i.aggregation,
      source_id: i.source_id,
      notes: old?.notes ?? i.notes,
    });
    if (dims.length)
      seriesDimensions.push({
        series: key,
        indicator: i.id,
        dimensions: canonicalJson(codes),
        deprecated_id: old?.id ?? null,
        deprecated_on: old?.deprecated_on ?? null,
      });
  }
  return { metrics, series_dimensions: seriesDimensions };
}
