// How an indicator's dimensions are shown: each dimension with its SDMX concept, its names in
// kk/ru/en and the codes the indicator has observations for (with their names, and the deprecated id
// that once named the series where there is one); and the coverage over every series of the indicator.
import type { LoadedRelease } from '../releases/release-types.js';
import { DIMENSIONS } from '../../lib/dimensions.js';
import { storeOf } from '../../store/reader.js';
import { seriesIndexOf } from '../../store/series-index.js';
import type { Names } from '../../lib/languages.js';

const names = { $ref: 'Names#' } as const;

export const DIMENSIONS_VIEW_SCHEMA = {
  type: 'array',
  description:
    'The dimensions the indicator is broken down by (empty: none), each with the codes it has observations for; _T is the total. Filter observations, series and snapshots by them (sex=, area=, age=).',
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['id', 'concept', 'names', 'codes'],
    properties: {
      id: { type: 'string' },
      concept: { type: 'string', description: 'The SDMX cross-domain concept' },
      names,
      codes: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['code', 'names'],
          properties: { code: { type: 'string' }, names },
        },
      },
    },
  },
} as const;

export function dimensionsView(release: LoadedRelease, indicator: string) {
  const index = seriesIndexOf(release);
  const series = index.seriesOf(indicator);
  return (index.dimensionsOf(indicator) ?? []).map((d) => {
    const dim = DIMENSIONS[d];
    const used = new Set(series.map((s) => s.codes[d]));
    const codes = Object.entries(dim.codes as Record<string, Names>).filter(([code]) =>
      used.has(code),
    );
    return {
      id: d,
      concept: dim.concept,
      names: { ...dim.name },
      codes: codes.map(([code, n]) => ({ code, names: { ...n } })),
    };
  });
}

/** First period start, last period end and places over every series of the indicator. */
export function indicatorCoverage(
  release: LoadedRelease,
  indicator: string,
): { first: string | null; last: string | null; places: number } {
  const store = storeOf(release);
  const series = seriesIndexOf(release).seriesOf(indicator);
  if (series.length <= 1) return store.seriesKeys.coverage(indicator);
  const all = series.map((s) => store.seriesKeys.coverage(s.key)).filter((c) => c.first !== null);
  return {
    first: all.map((c) => c.first!).sort()[0] ?? null,
    last:
      all
        .map((c) => c.last!)
        .sort()
        .at(-1) ?? null,
    // places of the all-totals series, or the most of any series
    places: Math.max(0, ...all.map((c) => c.places)),
  };
}

/** The indicator and codes of a series key, as the time-slice answers show them beside its id. */
export function seriesOfMetric(
  release: LoadedRelease,
  key: string,
): { indicator: string; dimensions: Record<string, string> } {
  const s = seriesIndexOf(release).bySeries.get(key);
  return { indicator: s?.indicator ?? key, dimensions: { ...s?.codes } };
}
