// updatedAfter (SDMX 2.1 REST, data queries: "only the data that have been added or updated since
// the point in time supplied") from the release lineage. A release's data date is its built_at (the
// newest snapshot retrieval). The baseline is the newest release of the pinned one's lineage built at
// or before the instant asked: an observation is answered when the baseline lacks it or holds another
// value or other attributes for it. Nothing built after the instant: no results (SDMX 100). No release
// of the lineage as old as the instant: every selected observation is answered, since none can be
// shown unchanged. Deleted observations are not listed (SDMX-ML 2.1 would need a Delete data set).
import type { ReleaseSource, LoadedRelease } from '../releases/release-types.js';
import { storeOf } from '../../store/reader.js';
import { observationBatches, selection, type DataParams, type Observation } from './data-query.js';
import { SdmxError } from './errors.js';
import { queriedFlow } from './keys.js';
import { structuresOf } from './structures.js';

// xs:dateTime with a zone, or a date (SDMX 2.1 REST allows both; a date is its first instant in UTC)
const INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** The instant an updatedAfter value names; 400 (SDMX 140) for anything else. */
export function updatedAfterInstant(value: string): number {
  // Date.parse rolls 30 February over into March: the calendar date must be one
  const day = value.slice(0, 10);
  const dayMs = INSTANT.test(value) ? Date.parse(`${day}T00:00:00Z`) : NaN;
  const real = !Number.isNaN(dayMs) && new Date(dayMs).toISOString().startsWith(day);
  const ms = real ? Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value) : NaN;
  if (Number.isNaN(ms))
    throw new SdmxError(
      'invalid_parameter',
      `updatedAfter "${value}" is not a date-time with its zone (2024-05-01T00:00:00Z, percent-encoding "+") or a date`,
    );
  return ms;
}

const identity = (o: Observation) => JSON.stringify(o.key);
const content = (o: Observation) => JSON.stringify([o.value, o.attributes]);

/** The baseline release for an instant: the newest of the lineage built at or before it (null when none). */
async function baselineOf(
  releases: ReleaseSource,
  pinned: LoadedRelease,
  instant: number,
): Promise<LoadedRelease | null> {
  const seals = await releases.list();
  const from = seals.findIndex((s) => s.revision === pinned.revision);
  for (const seal of from < 0 ? [] : seals.slice(from + 1))
    if (Date.parse(seal.built_at) <= instant) return releases.get(seal.revision);
  return null;
}

/** What a release holds for the request's selection: identity -> content (none when its flow or codes are absent). */
async function heldBy(
  release: LoadedRelease,
  request: { params: { flowRef: string; key?: string }; query: DataParams },
): Promise<Map<string, string>> {
  const held = new Map<string, string>();
  let sel;
  try {
    const { flow, key } = queriedFlow(structuresOf(release), request.params);
    sel = selection(flow, key, request.query);
  } catch (err) {
    if (err instanceof SdmxError && err.code === 'no_results') return held;
    throw err;
  }
  for await (const batch of observationBatches(storeOf(release), sel))
    for (const o of batch) held.set(identity(o), content(o));
  return held;
}

/**
 * The selected observations updated after `instant`, as batches for the data writers; 404 (SDMX 100)
 * when none are. `params` and `key` are the request's, applied to the baseline alike.
 */
export async function updatedBatches(
  releases: ReleaseSource,
  pinned: LoadedRelease,
  request: { params: { flowRef: string; key?: string }; query: DataParams },
  batches: AsyncIterable<Observation[]>,
  instant: number,
): Promise<AsyncIterable<Observation[]>> {
  const noneSince = new SdmxError(
    'no_results',
    `no observation selected was added or updated after ${new Date(instant).toISOString()}`,
  );
  if (Date.parse(pinned.seal.built_at) <= instant) throw noneSince;
  const baseline = await baselineOf(releases, pinned, instant);
  const before = baseline ? await heldBy(baseline, request) : new Map<string, string>();
  const changed: Observation[] = [];
  for await (const batch of batches)
    for (const o of batch) if (before.get(identity(o)) !== content(o)) changed.push(o);
  if (!changed.length) throw noneSince;
  return {
    async *[Symbol.asyncIterator]() {
      yield changed;
    },
  };
}
