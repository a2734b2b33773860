// The series answer of a release's store: one metric's buckets per place over a date range, from
// the answers stored whole at build where the range takes them whole (stored-series.ts), else
// computed from points and rollups (series-buckets.ts).
import type { Database } from 'better-sqlite3';
import type { Granularity } from './periods.js';
import {
  answerPoint,
  mergeSummaries,
  summarise,
  type AnswerPoint,
  type SeriesSummary,
} from './series-answer.js';
import { SeriesBuckets } from './series-buckets.js';
import { StoredSeries, parseSummary, storedGranularity, takesWhole } from './stored-series.js';
import type { MetricRow } from './reader-sql.js';

/**
 * A series answer's buckets: per place the JSON array of them as stored, or the buckets themselves
 * when computed for the request (serialised only if the answer is JSON: a CSV answer writes its rows
 * from them, never from their JSON parsed back); and their summary.
 */
export interface SeriesAnswer {
  points: Map<string, string | AnswerPoint[]>;
  summary: SeriesSummary;
}

export class SeriesReader {
  readonly buckets: SeriesBuckets;
  readonly stored: StoredSeries;

  constructor(db: Database) {
    this.buckets = new SeriesBuckets(db);
    this.stored = new StoredSeries(db);
  }

  /**
   * The series answer's buckets per place (in place order, as JSON arrays) and their summary. Whole
   * series stored at build serve every range that takes them whole (and no from_periods list was
   * asked for): over every place from series_totals, else per place; the rest come from series().
   */
  seriesAnswer(
    metric: MetricRow,
    granularity: Granularity | null,
    start: string,
    end: string,
    places: readonly string[] | null,
    withFrom: boolean,
  ): SeriesAnswer {
    const whole = (r: { first_start: string; first_end: string; last_end: string }) =>
      takesWhole(r, start, end);
    const stored = !withFrom && storedGranularity(granularity) && this.stored.hasAnswers;
    if (stored && places === null) {
      const total = this.stored.total(metric.id, granularity);
      if (!total) return { points: new Map(), summary: mergeSummaries([]) };
      if (whole(total))
        return {
          points: this.stored.wholeAnswer(metric.id, granularity),
          summary: parseSummary(total),
        };
    }
    const points = new Map<string, string | AnswerPoint[]>();
    const summaries = new Map<string, SeriesSummary>();
    let rest: readonly string[] | null = places;
    if (stored) {
      const cut: string[] = [];
      for (const r of this.stored.placeAnswers(metric.id, granularity, places)) {
        if (!whole(r)) {
          cut.push(r.place);
          continue;
        }
        points.set(r.place, r.points);
        summaries.set(r.place, parseSummary(r));
      }
      rest = cut;
    }
    if (rest === null || rest.length) {
      for (const [place, pts] of this.buckets.series(metric, granularity, start, end, rest)) {
        points.set(
          place,
          pts.map((p) =>
            answerPoint(p, p.from_periods.length, withFrom ? p.from_periods : undefined),
          ),
        );
        summaries.set(place, summarise(pts));
      }
    }
    const order = [...points.keys()].sort();
    return {
      points: new Map(order.map((p) => [p, points.get(p)!])),
      summary: mergeSummaries(order.map((p) => summaries.get(p)!)),
    };
  }
}
