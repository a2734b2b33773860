// The store's series by indicator (src/sources/series-keys.ts): which dimensions each indicator has,
// and which series key holds each position on them. Read once per release from metrics and
// series_dimensions (a store written before that table has indicators without dimensions). Routes
// resolve (indicator, dimension filters) through it; the store's series machinery stays keyed by series.
import type { Database } from 'better-sqlite3';
import { DIMENSIONS, DIMENSION_IDS, TOTAL_CODE, type DimensionId } from '../lib/dimensions.js';
import type { Row } from './tables.js';
import { storeOf } from './reader.js';

const indexes = new WeakMap<Database, SeriesIndex>();

/** The series index of a release's store, read on first use and kept with the store. */
export function seriesIndexOf(release: { db: Database }): SeriesIndex {
  let index = indexes.get(release.db);
  if (!index)
    indexes.set(release.db, (index = new SeriesIndex(release.db, storeOf(release).metrics)));
  return index;
}

export interface SeriesEntry {
  key: string;
  indicator: string;
  /** The series' code on each dimension of its indicator (totals `_T` included); {} without dimensions. */
  codes: Readonly<Record<string, string>>;
  /** The id the series had as an indicator of its own, answered as a deprecated alias; null when none. */
  deprecatedId: string | null;
  deprecatedOn: string | null;
}

/** A dimension filter: for each dimension asked, the codes wanted (any of them). */
export type DimensionFilter = Partial<Record<DimensionId, readonly string[]>>;

/** Why a filter cannot be answered: a code no dimension has, or a dimension the indicator lacks. */
export type FilterFault =
  | { kind: 'unknown_code'; dimension: DimensionId; code: string; allowed: string[] }
  | {
      kind: 'not_a_dimension';
      indicator: string;
      dimension: DimensionId;
      dimensions: DimensionId[];
    };

export class SeriesIndex {
  readonly bySeries = new Map<string, SeriesEntry>();
  readonly byDeprecatedId = new Map<string, SeriesEntry>();
  private readonly byIndicator = new Map<string, { dims: DimensionId[]; series: SeriesEntry[] }>();

  constructor(db: Database, metrics: readonly Row<'metrics'>[]) {
    const hasTable = db
      .prepare(`SELECT count(*) FROM sqlite_master WHERE name = 'series_dimensions'`)
      .pluck()
      .get();
    const rows = hasTable
      ? (db
          .prepare('SELECT * FROM series_dimensions ORDER BY series')
          .all() as Row<'series_dimensions'>[])
      : [];
    const declared = new Map(rows.map((r) => [r.series, r]));
    for (const m of metrics) {
      const row = declared.get(m.id);
      const entry: SeriesEntry = row
        ? {
            key: m.id,
            indicator: row.indicator,
            codes: JSON.parse(row.dimensions) as Record<string, string>,
            deprecatedId: row.deprecated_id,
            deprecatedOn: row.deprecated_on,
          }
        : { key: m.id, indicator: m.id, codes: {}, deprecatedId: null, deprecatedOn: null };
      this.bySeries.set(m.id, entry);
      if (entry.deprecatedId !== null) this.byDeprecatedId.set(entry.deprecatedId, entry);
      const ind =
        this.byIndicator.get(entry.indicator) ??
        this.byIndicator
          .set(entry.indicator, { dims: DIMENSION_IDS.filter((d) => d in entry.codes), series: [] })
          .get(entry.indicator)!;
      ind.series.push(entry);
    }
  }

  /** The indicator's dimensions in declaration order; undefined for an unknown indicator. */
  dimensionsOf(indicator: string): DimensionId[] | undefined {
    return this.byIndicator.get(indicator)?.dims;
  }

  /** Whether the id names an indicator (not only a series). */
  isIndicator(id: string): boolean {
    return this.byIndicator.has(id);
  }

  /** Every indicator id, sorted. */
  indicators(): string[] {
    return [...this.byIndicator.keys()].sort();
  }

  /** The indicator's series, in key order. */
  seriesOf(indicator: string): readonly SeriesEntry[] {
    return this.byIndicator.get(indicator)?.series ?? [];
  }

  /** A code of the filter that no dimension has: checked before any indicator is looked at. */
  static unknownCode(filter: DimensionFilter): FilterFault | null {
    for (const d of DIMENSION_IDS) {
      for (const code of filter[d] ?? []) {
        if (!Object.prototype.hasOwnProperty.call(DIMENSIONS[d].codes, code))
          return {
            kind: 'unknown_code',
            dimension: d,
            code,
            allowed: Object.keys(DIMENSIONS[d].codes),
          };
      }
    }
    return null;
  }

  /**
   * The series keys of the given indicators (null: every indicator) matching the filter: on each
   * dimension of an indicator, a code the filter lists, or the total when it lists none. A filter on
   * a dimension an indicator lacks is a fault when the indicator was asked for by name; over every
   * indicator, such indicators are left out.
   */
  resolve(
    indicators: readonly string[] | null,
    filter: DimensionFilter,
  ): { keys: string[] } | { fault: FilterFault } {
    const unknown = SeriesIndex.unknownCode(filter);
    if (unknown) return { fault: unknown };
    const asked = DIMENSION_IDS.filter((d) => filter[d] !== undefined);
    const keys: string[] = [];
    for (const id of indicators ?? this.indicators()) {
      const ind = this.byIndicator.get(id);
      if (!ind) continue;
      const missing = asked.find((d) => !ind.dims.includes(d));
      if (missing) {
        if (indicators !== null)
          return {
            fault: {
              kind: 'not_a_dimension',
              indicator: id,
              dimension: missing,
              dimensions: ind.dims,
            },
          };
        continue;
      }
      for (const s of ind.series) {
        if (ind.dims.every((d) => (filter[d] ?? [TOTAL_CODE]).includes(s.codes[d]!)))
          keys.push(s.key);
      }
    }
    return { keys };
  }
}
