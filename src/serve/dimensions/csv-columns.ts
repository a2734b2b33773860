// The dimension columns of a CSV answer: one column per dimension the answer's indicators have (the
// union over its series, in the order src/lib/dimensions.ts declares them), fixed for the whole
// answer so every row has the same cells. A row's cell is its series' code on that dimension (`_T`
// for the total), empty where its indicator has no such dimension; an answer whose indicators have
// no dimensions has no dimension columns. The codes come from the release's series index
// (src/store/series-index.ts), the one reading of a series key into its indicator and codes.
import { DIMENSION_IDS, type DimensionId } from '../../lib/dimensions.js';
import { seriesIndexOf, type SeriesIndex } from '../../store/series-index.js';
import { csvLine } from '../../lib/csv.js';
import type { TrailingColumns } from '../answers/csv.js';
import type { LoadedRelease } from '../releases/release-types.js';

/** The dimensions of the indicators of the answer's series keys (an unknown key has none), in declared order. */
export function answerDimensions(release: LoadedRelease, keys: Iterable<string>): DimensionId[] {
  const index = seriesIndexOf(release);
  const has = new Set<DimensionId>();
  for (const key of keys) {
    const series = index.bySeries.get(key);
    for (const d of (series && index.dimensionsOf(series.indicator)) ?? []) has.add(d);
  }
  return DIMENSION_IDS.filter((d) => has.has(d));
}

// Per release (its series index) and column set, each series key's cells as CSV text, made on first
// use: a snapshot over every layer is thousands of rows over a few dozen series.
const made = new WeakMap<SeriesIndex, Map<string, Map<string, string>>>();

/**
 * The columns that name a row's series beside its own: `metric` (the series key, when the rows do not
 * carry it), `indicator`, then one per dimension of `dims`. `keyOf` reads a row's series key.
 */
export function seriesColumns(
  release: LoadedRelease,
  dims: readonly DimensionId[],
  keyOf: (row: Record<string, unknown>) => string,
  withMetric = false,
): TrailingColumns {
  const index = seriesIndexOf(release);
  const names = [...(withMetric ? ['metric'] : []), 'indicator', ...dims];
  const sets = made.get(index) ?? made.set(index, new Map()).get(index)!;
  const signature = names.join(',');
  const texts = sets.get(signature) ?? sets.set(signature, new Map()).get(signature)!;
  const textOf = (key: string): string => {
    const series = index.bySeries.get(key);
    const cells = [series?.indicator ?? key, ...dims.map((d) => series?.codes[d] ?? '')];
    return csvLine(withMetric ? [key, ...cells] : cells);
  };
  return {
    names,
    cellsOf: (row) => {
      const key = keyOf(row);
      let text = texts.get(key);
      if (text === undefined) texts.set(key, (text = textOf(key)));
      return text;
    },
  };
}
