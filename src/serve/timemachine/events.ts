// GET /api/timemachine/events and /event-batch (docs/interface.md §2.3, §6): the release's events, sorted by date
// then id, a page at a time (key-set paging: `after` is the id of the last event of the page before;
// the next page's URL is in the Link header, RFC 8288, and in the batch's next_after). The batch's
// content_hash is sha256 over the RFC 8785 canonical form of its events array, so any client with a
// JCS implementation can recompute it.
import { canonicalHash } from '../../lib/hash.js';
import { ProblemError } from '../problems/errors.js';
import type { LoadedRelease } from '../releases/release-types.js';
import type { EventRow } from '../../store/event-reader.js';
import { storeOf } from '../../store/reader.js';
import type { TemporalEventBatch } from './schemas.js';
import type { EventsQuery as Query } from './query.js';

export type EventsQuery = Query;
const PAGE_DEFAULT = 100; // the most a page may hold (EVENTS_QUERY)

export interface EventsPage {
  events: EventRow[];
  next: string | null;
}

export function eventsPage(release: LoadedRelease, q: EventsQuery): EventsPage {
  const page = storeOf(release).events.page(q.limit ?? PAGE_DEFAULT, q.after);
  if (!page) {
    throw new ProblemError(
      'invalid_parameter',
      `after: no event "${q.after}" in release ${release.revision}; give the id of the last event of the page before`,
      { parameter: 'after' },
    );
  }
  return { events: page.rows, next: page.more ? page.rows[page.rows.length - 1]!.id : null };
}

/** The URL of the page after this one (the same query with `after` moved on), for the Link header. */
export function nextPageUrl(path: string, q: EventsQuery, next: string | null): string | null {
  if (next === null) return null;
  const params = new URLSearchParams();
  params.set('after', next);
  if (q.limit !== undefined) params.set('limit', String(q.limit));
  return `${path}?${params}`;
}

export function eventBatch(release: LoadedRelease, page: EventsPage): TemporalEventBatch {
  const contentHash = canonicalHash(page.events);
  return {
    // Derived from the content only: the same events give the same batch id in any release.
    batch_id: `event-batch:${contentHash.slice(0, 16)}`,
    revision: release.revision,
    count: page.events.length,
    total: storeOf(release).events.stats().n,
    next_after: page.next,
    events: page.events,
    content_hash: contentHash,
    content_hash_algorithm: 'sha256 over the RFC 8785 (JCS) canonical form of `events`',
  };
}
