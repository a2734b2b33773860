// The points the store holds beside the model's observations (daily counts of events and of the
// demonstration media sample, made at build) and the counts of points named for what they count:
// one module that the store's content, the workbench and the evidence read, so none imports another.
import type { Model } from '../model/model.js';
import type { Row } from '../store/tables.js';

/**
 * The store's points table holds the statistical points of the model and, beside them, two daily
 * count series made at build: events (and holidays) per day, and the demonstration media sample per day.
 */
export function dailyCountPoints(model: Model): Row<'points'>[] {
  const points: Row<'points'>[] = [];
  // the unit and source of each count are its indicator's (sources/reference-datasets.json)
  const declared = (id: string) => {
    const indicator = model.indicators.find((i) => i.id === id);
    if (!indicator)
      throw new Error(`no indicator ${id} in the registry (sources/reference-datasets.json)`);
    return { unit: indicator.unit, source_id: indicator.source_id };
  };
  const events = declared('event_count');
  const media = declared('media_publications');
  const dayCount = new Map<string, number>();
  const builtDay = model.builtAt.slice(0, 10);
  const counted = [...model.events, ...model.holidays].filter((e) => e.date <= builtDay);
  for (const e of counted)
    for (const place of new Set(['KZ', e.place]))
      dayCount.set(`${place}|${e.date}`, (dayCount.get(`${place}|${e.date}`) ?? 0) + 1);
  for (const [key, n] of [...dayCount.entries()].sort()) {
    const [place, date] = key.split('|') as [string, string];
    points.push({
      metric: 'event_count',
      place,
      period: date,
      period_start: date,
      period_end: date,
      value: n,
      null_reason: null,
      status: 'final',
      ...events,
      note: null,
    });
  }
  const mediaCount = new Map<string, number>();
  for (const m of model.media.publications)
    for (const place of new Set(['KZ', m.region_iso ?? 'KZ']))
      mediaCount.set(`${place}|${m.date}`, (mediaCount.get(`${place}|${m.date}`) ?? 0) + 1);
  for (const [key, n] of [...mediaCount.entries()].sort()) {
    const [place, date] = key.split('|') as [string, string];
    points.push({
      metric: 'media_publications',
      place,
      period: date,
      period_start: date,
      period_end: date,
      value: n,
      null_reason: null,
      status: 'demonstration',
      ...media,
      note: 'demonstration sample: synthetic, not real publications',
    });
  }
  return points;
}

/** What each count of points counts, said once for evidence/counts.json and workbench.json. */
export function pointCounts(model: Model) {
  const daily = dailyCountPoints(model);
  const count = (metric: string) => daily.filter((p) => p.metric === metric).length;
  return {
    statistical_points: model.points.length,
    statistical_null_points: model.points.filter((p) => p.value === null).length,
    event_count_points: count('event_count'),
    media_sample_points: count('media_publications'),
    store_point_rows: model.points.length + daily.length,
  };
}

/** The definitions published beside pointCounts. */
export const POINT_COUNTS_NOTE =
  'statistical_points: observations of the statistical indicators (values and nulls with a reason), as in /data/datasets/ and /api/v1/observations; ' +
  'event_count_points and media_sample_points: daily counts computed at build (events and public holidays per day and place; the synthetic media sample per day and place); ' +
  "store_point_rows: rows of the store's points table, the sum of the three, served by /api/timemachine.";
