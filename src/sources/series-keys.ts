// Series keys: the store keeps one series per (indicator, place) position on the indicator's
// dimensions, so its series machinery (rollups, snapshot blocks, stored answers) stays keyed by one
// string. The key of the all-totals series is the indicator id itself; a breakdown appends each
// non-total code in the indicator's declared dimension order: `life_expectancy;sex=F;area=R`.
// `;` and `=` never occur in an indicator id (`^[a-z][a-z0-9_]*$`) nor in a code, so the key parses back.
import { DIMENSIONS, DIMENSION_IDS, TOTAL_CODE, isBreakdownKey, isDimensionCode, type DimensionCodes, type DimensionId } from '../lib/dimensions.js';
import type { Point } from './records.js';

/** What an indicator declares about its dimensions (as its table's declaration states it, sources/datasets/). */
export interface DimensionedIndicator {
  id: string;
  dimensions?: readonly string[];
}

export function seriesKey(indicator: string, dims: readonly DimensionId[], codes: DimensionCodes): string {
  let key = indicator;
  for (const d of dims) {
    const code = codes[d] ?? TOTAL_CODE;
    if (code !== TOTAL_CODE) key += `;${d}=${code}`;
  }
  return key;
}

export { isBreakdownKey };

/** The indicator and the codes of a series key (totals of the given dimensions where the key names none). */
export function parseSeriesKey(key: string, dims: readonly DimensionId[]): { indicator: string; codes: Record<string, string> } {
  const [indicator, ...parts] = key.split(';');
  const codes: Record<string, string> = Object.fromEntries(dims.map((d) => [d, TOTAL_CODE]));
  for (const part of parts) {
    const [d, code] = part.split('=') as [string, string];
    codes[d] = code;
  }
  return { indicator: indicator!, codes };
}

export function declaredDimensions(indicator: DimensionedIndicator): DimensionId[] {
  return (indicator.dimensions ?? []) as DimensionId[];
}

/**
 * Checks every point against its indicator's dimensions and gives it its series key as `metric`
 * (the codes stay in `dimensions`). A point of a dimensioned indicator must carry a known code of
 * each dimension, and a point of any indicator no code of a dimension it does not declare; the error
 * names the snapshot file (through the point's source), the point and the field.
 */
export function keySeries(points: readonly Point[], indicators: readonly DimensionedIndicator[], fileOf: (sourceId: string) => string): Point[] {
  const byId = new Map(indicators.map((i) => [i.id, i]));
  return points.map((p) => {
    // a reader may already give the series key (it groups its points by series)
    const indicator = byId.get(p.metric.split(';')[0]!);
    const where = () => `${fileOf(p.source_id)}: point ${p.metric} / ${p.place} / ${p.period}`;
    if (!indicator) throw new Error(`${where()}, field metric: no indicator "${p.metric}" in the registry (sources/datasets/)`);
    const dims = declaredDimensions(indicator);
    const codes = p.dimensions ?? {};
    for (const d of Object.keys(codes)) {
      if (!(dims as string[]).includes(d)) {
        throw new Error(`${where()}, field dimensions.${d}: indicator ${p.metric} has ${dims.length ? `dimensions ${dims.join(', ')}` : 'no dimensions'}`);
      }
    }
    for (const d of dims) {
      const code = codes[d];
      if (code === undefined) throw new Error(`${where()}, field dimensions.${d}: missing (indicator ${p.metric} has dimensions ${dims.join(', ')})`);
      if (!isDimensionCode(d, code)) throw new Error(`${where()}, field dimensions.${d}: unknown code ${JSON.stringify(code)} (allowed: ${Object.keys(DIMENSIONS[d].codes).join(', ')})`);
    }
    const key = seriesKey(indicator.id, dims, codes);
    if (p.metric !== indicator.id && p.metric !== key) throw new Error(`${where()}, field metric: the series of codes ${JSON.stringify(codes)} is ${key}`);
    return key === p.metric ? p : { ...p, metric: key };
  });
}

/** Every declared dimension id, for schemas (`enum`). */
export const DIMENSION_ENUM = DIMENSION_IDS;
