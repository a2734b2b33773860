// The bound of a series answer: at most MAX_SERIES_POINTS buckets (points) over all its places. A
// series with more is answered a window at a time, in time order: the first window ends on the last
// day before the bucket that would pass the bound (its end_date says which), and the URL of the
// next window (the same query from the day after) is in the Link header (RFC 8288, rel="next") and
// in the answer's `next`. Windows are cut between whole buckets of the granularity, so each bucket
// of the series is in exactly one window and is the same bucket the whole series holds.
import { bucketOf, addDays } from '../../store/periods.js';
import { storeOf } from '../../store/reader.js';
import type { LoadedRelease } from '../releases/release-types.js';
import { MAX_SERIES_POINTS, parsePlaces, type SeriesQuery } from './query.js';
import { seriesMetric } from './series.js';

export { MAX_SERIES_POINTS } from './query.js';

export interface SeriesWindow {
  /** The query of the window: the asked one, its end_date moved back when the series is cut. */
  query: SeriesQuery;
  /** The URL of the next window; null when this one reaches the end of the asked range. */
  next: string | null;
  /** The first day of the next window (its start_date); null with next. */
  nextStart: string | null;
}

/** The window of the series `q` asks for, `path` and `search` being the request's (for the next URL). */
export function seriesWindow(
  release: LoadedRelease,
  q: SeriesQuery,
  path: string,
  search: string,
  max = MAX_SERIES_POINTS,
): SeriesWindow {
  const found = seriesMetric(release, q);
  const start = q.start_date ?? '0000-01-01';
  const end = q.end_date ?? '9999-12-31';
  const g = q.granularity ?? null;
  const cut = storeOf(release).series.buckets.nthBucketEnd(
    found.id,
    g,
    start,
    end,
    parsePlaces(release, q.place),
    max,
  );
  if (cut === null) return { query: q, next: null, nextStart: null };
  // the day before the first row past the bound, moved back to the end of a whole bucket
  let last = addDays(cut, -1);
  if (g !== null && bucketOf(last, g).period_end !== last)
    last = addDays(bucketOf(last, g).period_start, -1);
  // more than `max` rows end in the first period: that period whole (the bound's one exception)
  if (last < start) last = g === null ? cut : bucketOf(cut, g).period_end;
  if (last >= end) return { query: q, next: null, nextStart: null };
  const params = new URLSearchParams(search);
  const nextStart = addDays(last, 1);
  params.set('start_date', nextStart);
  return { query: { ...q, end_date: last }, next: `${path}?${params}`, nextStart };
}
