// The event statements of a release's store: key-set pages of events in (date, id) order on the
// (date, id) index (a page reads its own rows, never the ones before it), and their totals.
import type { Database, Statement } from 'better-sqlite3';
import type { Row } from './tables.js';

export type EventRow = Row<'events'>;

export const EVENTS_AFTER =
  'SELECT * FROM events WHERE (date, id) > (?, ?) ORDER BY date, id LIMIT ?';

export class EventReader {
  private readonly eventsFirst: Statement;
  private readonly eventsAfter: Statement;
  private readonly eventDate: Statement;
  private readonly totals: Statement;

  constructor(db: Database) {
    this.eventsFirst = db.prepare('SELECT * FROM events ORDER BY date, id LIMIT ?');
    this.eventsAfter = db.prepare(EVENTS_AFTER);
    this.eventDate = db.prepare('SELECT date FROM events WHERE id = ?');
    this.totals = db.prepare(
      'SELECT count(*) AS n, min(date) AS start, max(date) AS end FROM events',
    );
  }

  /**
   * Up to `limit` events in (date, id) order after the event `after` (from the first without it),
   * and whether more follow; undefined when `after` names no event.
   */
  page(limit: number, after?: string): { rows: EventRow[]; more: boolean } | undefined {
    let rows: EventRow[];
    if (after === undefined) rows = this.eventsFirst.all(limit + 1) as EventRow[];
    else {
      const date = this.eventDate.pluck().get(after) as string | undefined;
      if (date === undefined) return undefined;
      rows = this.eventsAfter.all(date, after, limit + 1) as EventRow[];
    }
    const more = rows.length > limit;
    return { rows: more ? rows.slice(0, limit) : rows, more };
  }

  private eventTotals?: { n: number; start: string | null; end: string | null };

  /** Number of events and their first and last dates: counted once per release (the count reads the whole index). */
  stats(): { n: number; start: string | null; end: string | null } {
    return (this.eventTotals ??= this.totals.get() as {
      n: number;
      start: string | null;
      end: string | null;
    });
  }
}
