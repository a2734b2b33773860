// Split by dimension: an indicator with dimensions (sex, urban/rural, age) is published as one series
// per breakdown (the all-totals series has the indicator's id, `life_expectancy;sex=F` a breakdown;
// /api/timemachine/layers names each series' indicator and codes). The indicator list offers the
// indicators; this selector picks the breakdown, and the series it resolves to drives the map, the
// table, the charts, the downloads and the citation. Code names in kk/ru/en come from the one
// dimensional model (src/lib/dimensions.ts), the same declarations the API answers with.
import {
  DIMENSION_IDS,
  DIMENSIONS,
  TOTAL_CODE,
  type DimensionCodes,
  type DimensionId,
} from '../../src/lib/dimensions.js';
import type { Metric } from './api';
import type { Lang, T } from './i18n';

const indicatorOf = (m: Metric) => m.indicator ?? m.id;
const codeOf = (m: Metric, d: DimensionId) => m.dimensions?.[d] ?? TOTAL_CODE;

const seriesOf = (metrics: Metric[], indicator: string) =>
  metrics.filter((m) => indicatorOf(m) === indicator);
const matches = (m: Metric, dims: DimensionCodes) =>
  DIMENSION_IDS.every((d) => codeOf(m, d) === (dims[d] ?? TOTAL_CODE));

/** The series of the indicator at the breakdown asked; the indicator's totals when it has no such series. */
export function seriesAt(metrics: Metric[], indicator: Metric, dims: DimensionCodes): Metric {
  return seriesOf(metrics, indicator.id).find((m) => matches(m, dims)) ?? indicator;
}

/** The breakdown codes a series stands for, totals left out (`{ sex: 'F' }`). */
export function breakdownOf(m: Metric): Partial<Record<DimensionId, string>> {
  return Object.fromEntries(
    DIMENSION_IDS.flatMap((d) => (codeOf(m, d) === TOTAL_CODE ? [] : [[d, codeOf(m, d)]])),
  );
}

/** The indicator's dimensions and, for each, the codes some series has, in the model's order. */
export function dimensionsOf(
  metrics: Metric[],
  indicator: string,
): { id: DimensionId; codes: string[] }[] {
  const series = seriesOf(metrics, indicator);
  return DIMENSION_IDS.filter((d) => series.some((m) => m.dimensions?.[d] !== undefined)).map(
    (d) => {
      const used = new Set(series.map((m) => codeOf(m, d)));
      return { id: d, codes: Object.keys(DIMENSIONS[d].codes).filter((c) => used.has(c)) };
    },
  );
}

/**
 * The breakdown after choosing `code` on `dim`. Not every combination is published (life expectancy
 * has urban and rural figures by sex only), so when the combination with the other choices has no
 * series, the others move: to their totals if that one exists, else to the first published series
 * with the chosen code. The selector states the breakdown shown, so no move goes unannounced.
 */
export function choose(
  metrics: Metric[],
  indicator: string,
  dims: DimensionCodes,
  dim: DimensionId,
  code: string,
): DimensionCodes {
  const series = seriesOf(metrics, indicator);
  const wanted = { ...dims, [dim]: code };
  const found =
    series.find((m) => matches(m, wanted)) ??
    series.find((m) => matches(m, { [dim]: code })) ??
    series.find((m) => codeOf(m, dim) === code);
  return found ? breakdownOf(found) : breakdownOf(series[0]!);
}

interface Props {
  lang: Lang;
  t: T;
  metrics: Metric[];
  indicator: Metric;
  shown: Metric; // the series the breakdown resolved to
  onChoose: (dims: DimensionCodes) => void;
}

export function BreakdownControls({ lang, t, metrics, indicator, shown, onChoose }: Props) {
  const dims = dimensionsOf(metrics, indicator.id);
  if (!dims.length) return null;
  const current = breakdownOf(shown);
  const label = (d: DimensionId, code: string) =>
    (DIMENSIONS[d].codes as Record<string, Record<Lang, string>>)[code]![lang];
  const parts = dims.map(
    (d) => `${DIMENSIONS[d.id].name[lang]}: ${label(d.id, current[d.id] ?? TOTAL_CODE)}`,
  );
  return (
    <fieldset class="breakdown">
      <legend>{t('breakdown')}</legend>
      {dims.map((d) => (
        <span class="breakdown-dim" key={d.id}>
          <label for={`dim-${d.id}`}>{DIMENSIONS[d.id].name[lang]}</label>
          <select
            id={`dim-${d.id}`}
            data-dimension={d.id}
            value={current[d.id] ?? TOTAL_CODE}
            onChange={(e) =>
              onChoose(
                choose(metrics, indicator.id, current, d.id, (e.target as HTMLSelectElement).value),
              )
            }
          >
            {d.codes.map((c) => (
              <option key={c} value={c}>
                {label(d.id, c)}
              </option>
            ))}
          </select>
        </span>
      ))}
      <p class="hint breakdown-shown" role="status">
        {t('breakdownShown', { breakdown: parts.join(' · ') })}
      </p>
    </fieldset>
  );
}
