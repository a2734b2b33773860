// GET /api/timemachine/events and /event-batch (SPEC 2.3, 6): the release's events, sorted by date
// then id. The batch's content_hash is sha256 over the RFC 8785 canonical form of its events array,
// so any client with a JCS implementation can recompute it.
import { canonicalHash } from '../../lib/hash.js';
import type { LoadedRelease } from '../release-types.js';
import { storeOf } from '../../store/reader.js';
import type { TemporalEventBatch, TemporalEvents } from './schemas.js';

export function events(release: LoadedRelease): TemporalEvents {
  return storeOf(release).events();
}

export function eventBatch(release: LoadedRelease): TemporalEventBatch {
  const list = events(release);
  const contentHash = canonicalHash(list);
  return {
    // Derived from the content only: the same events give the same batch id in any release.
    batch_id: `event-batch:${contentHash.slice(0, 16)}`,
    revision: release.revision,
    count: list.length,
    events: list,
    content_hash: contentHash,
    content_hash_algorithm: 'sha256 over the RFC 8785 (JCS) canonical form of `events`',
  };
}
