// Series breaks and border notes for annual regional series read from the Bureau's tables
// (bns-reforms.ts has the dated border changes). A break is marked on the first value of a place
// whose territory changed: the 2022 parents (Almaty region, Karaganda, East Kazakhstan) in their
// new borders, and the 2018 successors of South Kazakhstan where the same table also carries the
// old region. A drop there is the border moving, not a fall.
import { breaksBefore, SERIES_BREAK } from '../lib/series-breaks.js';
import type { Point } from './records.js';
import {
  abolishedPlaceNote,
  backcastNotes,
  borderNullReason,
  BORDER_CHANGES,
  SOUTH_KAZAKHSTAN_LEGACY,
  type BorderChange,
} from './bns-reforms.js';

const append = (p: Point, note: string) => {
  p.note = p.note === null ? note : `${p.note}; ${note}`;
};

/** True when the point is where a break happens: a series-break note by this module or a CSV spec. */
export function isSeriesBreak(p: Point): boolean {
  return breaksBefore(p.note);
}

/**
 * The border notes of a table's points: a null where a place did not exist says so after its own
 * reason, and each series (one metric at one position on the dimensions) gets its border notes and
 * breaks (markBorderChanges).
 */
export function markTableBorders(points: Point[]): void {
  for (const p of points) {
    if (p.value !== null) continue;
    const border = borderNullReason(p.place, p.period_end);
    if (border !== null) p.null_reason = `${p.null_reason}; ${border}`;
  }
  const series = new Map<string, Point[]>();
  for (const p of points) {
    const k = `${p.metric}|${JSON.stringify(p.dimensions ?? {})}`;
    series.set(k, [...(series.get(k) ?? []), p]);
  }
  for (const ps of series.values()) markBorderChanges(ps);
}

/**
 * Adds the border notes to one metric's annual points in place: the abolished region's note on
 * each of its values, back-cast notes where the Bureau published a place before it existed, and
 * a series-break note on every first value in changed borders. Returns the number of breaks marked.
 */
export function markBorderChanges(points: Point[]): number {
  const metrics = new Set(points.map((p) => p.metric));
  let breaks = 0;
  for (const metric of metrics) {
    const series = points.filter((p) => p.metric === metric && p.value !== null);
    for (const p of series) {
      const legacy = abolishedPlaceNote(p.place);
      if (legacy !== null) append(p, legacy);
    }
    const byPeriod = new Map<string, Point[]>();
    for (const p of series) byPeriod.set(p.period, [...(byPeriod.get(p.period) ?? []), p]);
    for (const ps of byPeriod.values()) {
      const notes = backcastNotes(new Set(ps.map((p) => p.place)), ps[0]!.period_end);
      for (const p of ps) {
        const n = notes.get(p.place);
        if (n !== undefined) append(p, n);
      }
    }
    const first = (place: string, from: string | null) =>
      series
        .filter((p) => p.place === place && (from === null || p.period_end >= from))
        .sort((a, b) => (a.period_end < b.period_end ? -1 : 1))[0];
    for (const change of BORDER_CHANGES) {
      const parents = new Set(Object.values(change.parentOf).filter((p) => !change.abolished.includes(p)));
      for (const parent of parents) {
        const p = first(parent, change.date);
        const last = series.filter((q) => q.place === parent && q.period_end < change.date).sort((a, b) => (a.period_end < b.period_end ? 1 : -1))[0];
        if (p === undefined || last === undefined) continue;
        const kids = Object.keys(change.parentOf).filter((c) => change.parentOf[c] === parent);
        // back-cast: where the table also has the new places, the parent's earlier value is already
        // in the new borders (backcastNotes says so), and the break is not here
        if (series.some((q) => kids.includes(q.place) && q.period === last.period)) continue;
        const children = kids.join(', ');
        append(p, `${SERIES_BREAK}: first value in the borders in force from ${change.date} (${children} split off); not comparable with earlier values, a drop here is not a fall`);
        breaks++;
      }
      for (const abolished of change.abolished) {
        const last = series.filter((q) => q.place === abolished).sort((a, b) => (a.period_end < b.period_end ? 1 : -1))[0];
        if (last === undefined) continue;
        for (const successor of Object.keys(change.parentOf).filter((c) => change.parentOf[c] === abolished)) {
          const p = first(successor, null);
          if (p === undefined) continue;
          const what = abolished === SOUTH_KAZAKHSTAN_LEGACY ? 'the former South Kazakhstan region' : abolished;
          append(p, `${SERIES_BREAK}: first value of ${successor}, a place formed by the border change of ${change.date}; the same table carries ${what} (${abolished}) up to ${last.period}, which is a different territory: do not chain the two series`);
          breaks++;
        }
      }
    }
  }
  return breaks;
}

/**
 * The border changes that moved a place's own borders: it was formed or abolished by the change,
 * lost territory to a new place (a parent), or shares the abolished parent with another new place
 * (Turkistan and Shymkent, 2018). A change elsewhere in the country does not break its series.
 */
export function borderChangesOf(place: string): BorderChange[] {
  return BORDER_CHANGES.filter((c) => {
    const parent = c.parentOf[place];
    return parent !== undefined || c.abolished.includes(place) || Object.values(c.parentOf).includes(place);
  });
}

/**
 * Whether the change that formed or changed `changed` (an event's place) moved the borders of
 * `place`: the place itself, the parent it was carved from, or a sibling new place when both come
 * from one abolished region.
 */
export function changeConcerns(change: BorderChange, changed: string, place: string): boolean {
  if (changed === place) return true;
  const parent = change.parentOf[changed];
  if (parent === undefined) return false;
  return parent === place || (change.abolished.includes(parent) && change.parentOf[place] === parent);
}
