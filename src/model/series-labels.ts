// The /data/ files and the PDFs name the breakdowns of a dimensioned indicator by the ids they had
// when each was an indicator of its own (`life_expectancy_female_rural`): the files keep those
// labels, so no reader of them breaks, and every lookup goes through the series key they stand for
// (src/sources/series-keys.ts).
import { declaredDimensions, seriesKey } from '../sources/series-keys.js';
import type { DimensionCodes } from '../lib/dimensions.js';
import type { Indicator } from './types.js';

interface Labels {
  keyOf: Map<string, string>;
  labelOf: Map<string, string>;
  deprecated: Map<
    string,
    { indicator: Indicator; entry: NonNullable<Indicator['deprecated_ids']>[number] }
  >;
}
const cache = new WeakMap<readonly Indicator[], Labels>();

function labels(indicators: readonly Indicator[]): Labels {
  let l = cache.get(indicators);
  if (!l) {
    l = { keyOf: new Map(), labelOf: new Map(), deprecated: new Map() };
    for (const indicator of indicators) {
      for (const entry of indicator.deprecated_ids ?? []) {
        const key = seriesKey(
          indicator.id,
          declaredDimensions(indicator),
          entry.dimensions as DimensionCodes,
        );
        l.keyOf.set(entry.id, key);
        l.labelOf.set(key, entry.id);
        l.deprecated.set(entry.id, { indicator, entry });
      }
    }
    cache.set(indicators, l);
  }
  return l;
}

/** The series key a label stands for: a deprecated id's series, else the label itself (an indicator id or a key). */
export const seriesKeyOf = (indicators: readonly Indicator[], label: string): string =>
  labels(indicators).keyOf.get(label) ?? label;

/** The label a series key is published under in /data/: its deprecated id when it has one. */
export const labelOfSeries = (indicators: readonly Indicator[], key: string): string =>
  labels(indicators).labelOf.get(key) ?? key;

/** A deprecated id's indicator and its entry (codes, names, notes), or undefined. */
export const deprecatedId = (indicators: readonly Indicator[], id: string) =>
  labels(indicators).deprecated.get(id);
