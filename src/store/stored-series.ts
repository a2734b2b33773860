// The series answers stored whole at build (series_totals over every place, series_answers per
// place), with their summaries and deflated parts (src/store/series-body.ts): a range that takes a
// stored series whole is answered from them. Stores written before a table or column existed lack
// the statements that read it.
import type { Database, Statement } from 'better-sqlite3';
import type { Granularity } from './periods.js';
import {
  STORED_SERIES_GRANULARITIES,
  mergeSummaries,
  type SeriesSummary,
  type UnitSpan,
} from './series-answer.js';
import type { Row } from './tables.js';
import type { DeflatedPart } from '../lib/gzip-compose.js';
import { json, type MetricRow } from './reader-sql.js';

/** Whether [start, end] takes a stored whole series (or all of them) whole. */
export const takesWhole = (
  r: { first_start: string; first_end: string; last_end: string },
  start: string,
  end: string,
) => r.first_start >= start && r.first_end >= start && r.last_end <= end;

// A place's summary and deflated entry, never its points (stored after them: src/store/tables.ts).
const PART_COLUMNS = `place, first_start, first_end, last_end, count, sources, units, periods,
  part_deflated AS deflated, part_crc AS crc, part_bytes AS bytes, part_sha256 AS sha256`;

export const parseSummary = (r: {
  count: number;
  sources: string;
  units: string;
  periods: string;
}): SeriesSummary => ({
  count: r.count,
  sources: JSON.parse(r.sources) as string[],
  units: JSON.parse(r.units) as UnitSpan[],
  periods: JSON.parse(r.periods) as SeriesSummary['periods'],
});

/** Whether the store keeps whole answers at this granularity. */
export const storedGranularity = (granularity: Granularity | null): granularity is Granularity =>
  granularity !== null && (STORED_SERIES_GRANULARITIES as readonly string[]).includes(granularity);

export class StoredSeries {
  private readonly s: Record<string, Statement | undefined>;

  constructor(db: Database) {
    const p = (sql: string) => db.prepare(sql);
    this.s = {
      // Stores written before series_answers existed answer every series from the rollups.
      ...(p(`SELECT count(*) AS n FROM sqlite_master WHERE name = 'series_totals'`).pluck().get()
        ? {
            storedSeries: p(
              'SELECT place, points FROM series_answers WHERE metric = ? AND granularity = ? ORDER BY place',
            ),
            storedSeriesAll: p(
              'SELECT * FROM series_answers WHERE metric = ? AND granularity = ? ORDER BY place',
            ),
            storedSeriesOf: p(
              'SELECT * FROM series_answers WHERE metric = ? AND granularity = ? AND place IN (SELECT value FROM json_each(?)) ORDER BY place',
            ),
            seriesTotal: p(
              'SELECT metric, granularity, first_start, first_end, last_end, count, sources, units, periods FROM series_totals WHERE metric = ? AND granularity = ?',
            ),
            seriesSpan: p(
              'SELECT first_start, first_end, last_end FROM series_totals WHERE metric = ? AND granularity = ?',
            ),
            seriesSpansOf: p(
              'SELECT first_start, first_end, last_end FROM series_answers WHERE metric = ? AND granularity = ? AND place IN (SELECT value FROM json_each(?))',
            ),
          }
        : {}),
      // Stores written before the answer's stored tail have no tail_* columns.
      ...(p(`SELECT count(*) FROM pragma_table_info('series_totals') WHERE name = 'tail_sha256'`)
        .pluck()
        .get()
        ? {
            seriesTail: p(
              'SELECT tail_deflated AS deflated, tail_crc AS crc, tail_bytes AS bytes, tail_sha256 AS sha256 FROM series_totals WHERE metric = ? AND granularity = ?',
            ),
          }
        : {}),
      // Stores written before each place's deflated entry (series_answers.part_*) compose no answer over chosen places.
      ...(p(`SELECT count(*) FROM pragma_table_info('series_answers') WHERE name = 'part_sha256'`)
        .pluck()
        .get()
        ? {
            seriesPart: p(
              `SELECT ${PART_COLUMNS} FROM series_answers WHERE metric = ? AND granularity = ? AND place = ?`,
            ),
            seriesPartsOf: p(
              `SELECT ${PART_COLUMNS} FROM series_answers WHERE metric = ? AND granularity = ? AND place IN (SELECT value FROM json_each(?)) ORDER BY place`,
            ),
          }
        : {}),
    };
  }

  /** Whether the store keeps whole answers (series_answers, series_totals). */
  get hasAnswers(): boolean {
    return this.s.storedSeries !== undefined;
  }

  /** The stored answer's head over every place: its span and summary. */
  total(metric: string, granularity: Granularity): Row<'series_totals'> | undefined {
    return this.s.seriesTotal!.get(metric, granularity) as Row<'series_totals'> | undefined;
  }

  /** The stored buckets of every place, as JSON arrays, in place order. */
  wholeAnswer(metric: string, granularity: Granularity): Map<string, string> {
    return new Map(this.s.storedSeries!.raw().all(metric, granularity) as [string, string][]);
  }

  /** The stored answer of each place (of the list, or every place), in place order. */
  placeAnswers(
    metric: string,
    granularity: Granularity,
    places: readonly string[] | null,
  ): Row<'series_answers'>[] {
    return (
      places === null
        ? this.s.storedSeriesAll!.all(metric, granularity)
        : this.s.storedSeriesOf!.all(metric, granularity, json(places))
    ) as Row<'series_answers'>[];
  }

  /**
   * Whether storedWholeSeries (places null) or storedPlacesSeries would answer, read from the
   * series' spans alone: a representation the stored parts do not serve need not read them.
   */
  storesWhole(
    metric: MetricRow,
    granularity: Granularity,
    start: string,
    end: string,
    places: readonly string[] | null,
  ): boolean {
    if (
      !storedGranularity(granularity) ||
      !(places === null ? this.s.seriesTail : this.s.seriesPart)
    )
      return false;
    type Span = { first_start: string; first_end: string; last_end: string };
    const spans = (
      places === null
        ? [this.s.seriesSpan!.get(metric.id, granularity)].filter((r) => r !== undefined)
        : this.s.seriesSpansOf!.all(metric.id, granularity, json(places))
    ) as Span[];
    return spans.length > 0 && spans.every((r) => takesWhole(r, start, end));
  }

  /**
   * The summary and the stored, deflated end (src/store/series-body.ts) of the answer over every
   * place, when [start, end] takes the whole series and the store has them; undefined otherwise.
   */
  storedWholeSeries(
    metric: MetricRow,
    granularity: Granularity,
    start: string,
    end: string,
  ): { summary: SeriesSummary; tail: DeflatedPart } | undefined {
    if (!this.s.seriesTail || !storedGranularity(granularity)) return undefined;
    const total = this.s.seriesTotal!.get(metric.id, granularity) as
      Omit<Row<'series_totals'>, `tail_${string}`> | undefined;
    if (!total || !takesWhole(total, start, end)) return undefined;
    const tail = this.s.seriesTail.get(metric.id, granularity) as DeflatedPart;
    return { summary: parseSummary(total), tail };
  }

  /**
   * The summary and the stored, deflated entries (src/store/series-body.ts#seriesEntry) of the answer
   * over the given places (sorted), in place order, when [start, end] takes the whole series of each
   * and the store has them; places without the series are left out, as seriesAnswer leaves them.
   * Undefined otherwise, and when none of the places has the series.
   */
  storedPlacesSeries(
    metric: MetricRow,
    granularity: Granularity,
    start: string,
    end: string,
    places: readonly string[],
  ): { summary: SeriesSummary; entries: DeflatedPart[] } | undefined {
    if (!this.s.seriesPart || !storedGranularity(granularity)) return undefined;
    type PartRow = Pick<
      Row<'series_answers'>,
      'place' | 'first_start' | 'first_end' | 'last_end' | 'count' | 'sources' | 'units' | 'periods'
    > &
      DeflatedPart;
    const rows = (
      places.length === 1
        ? [this.s.seriesPart.get(metric.id, granularity, places[0])].filter((r) => r !== undefined)
        : this.s.seriesPartsOf!.all(metric.id, granularity, json(places))
    ) as PartRow[];
    if (rows.length === 0 || !rows.every((r) => takesWhole(r, start, end))) return undefined;
    return {
      summary: mergeSummaries(rows.map(parseSummary)),
      entries: rows.map(({ deflated, crc, bytes, sha256 }) => ({ deflated, crc, bytes, sha256 })),
    };
  }
}
