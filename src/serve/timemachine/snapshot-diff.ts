// GET /api/timemachine/snapshot-diff (TemporalSnapshotDiff): points added, changed (from, to) and
// removed between this release and its predecessor (previous_revision in the seal), a page at a
// time. A page compares whole series, in (metric, place) order, from the series after `after` until
// it has read PAGE_ROWS points of the two releases; within it the points come by (metric, place,
// period). Each series is one key range of the clustered points key in each store, so no request
// reads every point: the next page's `after` is in next_after and in the Link header (RFC 8288).
import { ProblemError } from '../problems/errors.js';
import type { LoadedRelease, ReleaseSource } from '../releases/release-types.js';
import type { PointRow } from '../../store/rollup.js';
import { storeOf, type StoreReader } from '../../store/reader.js';
import type { TemporalSnapshotDiff } from './schemas.js';
import type { SnapshotDiffQuery as Query } from './query.js';

export type SnapshotDiffQuery = Query;

/**
 * Points of both releases read by one page (whole series, so a page may read one series more).
 * Bounded so that a page costs tens of milliseconds of CPU, whatever the two releases differ by
 * (docs/interface.md §10.8): 100,000 took 400 ms on the real release against a distant predecessor.
 */
export const PAGE_ROWS = 1_000;

const ref = (p: PointRow) => ({ metric: p.metric, place: p.place, period: p.period });
const state = (p: PointRow) => ({
  value: p.value,
  null_reason: p.null_reason,
  status: p.status,
  unit: p.unit,
  source_id: p.source_id,
  note: p.note,
});
const STATE_FIELDS = ['value', 'null_reason', 'status', 'unit', 'source_id', 'note'] as const;
const sameState = (a: PointRow, b: PointRow) => STATE_FIELDS.every((f) => a[f] === b[f]);
const byPeriod = (a: { period: string }, b: { period: string }) =>
  a.period < b.period ? -1 : a.period > b.period ? 1 : 0;

// The page cursor: the (metric, place) of the last series compared, as base64url JSON.
const encodeAfter = (k: { metric: string; place: string }) =>
  Buffer.from(JSON.stringify([k.metric, k.place])).toString('base64url');
function decodeAfter(after: string): [string, string] {
  try {
    const k = JSON.parse(Buffer.from(after, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(k) && k.length === 2 && k.every((x) => typeof x === 'string'))
      return k as [string, string];
  } catch {
    /* refused below */
  }
  throw new ProblemError(
    'invalid_parameter',
    'after: not a cursor this route gave (next_after of the page before); start again without it',
    { parameter: 'after' },
  );
}

/** The (metric, place) keys of either release after `from`, merged in key order, at most `n`. */
function keysAfter(a: StoreReader, b: StoreReader, from: [string, string], n: number) {
  const keys = [
    ...a.seriesKeys.after(from[0], from[1], n),
    ...b.seriesKeys.after(from[0], from[1], n),
  ];
  const cmp = (x: { metric: string; place: string }, y: typeof x) =>
    x.metric !== y.metric
      ? x.metric < y.metric
        ? -1
        : 1
      : x.place < y.place
        ? -1
        : x.place > y.place
          ? 1
          : 0;
  return keys
    .sort(cmp)
    .filter((k, i) => i === 0 || cmp(keys[i - 1]!, k) !== 0)
    .slice(0, n);
}

export async function snapshotDiff(
  release: LoadedRelease,
  releases: ReleaseSource,
  q: SnapshotDiffQuery = {},
  pageRows = PAGE_ROWS,
): Promise<TemporalSnapshotDiff> {
  const previous = release.seal.previous_revision;
  const base = { revision: release.revision, previous_revision: previous };
  const empty = {
    added: [],
    changed: [],
    removed: [],
    counts: { added: 0, changed: 0, removed: 0 },
    next_after: null,
  };
  if (!previous) {
    return {
      ...base,
      ...empty,
      basis: 'first_release',
      note: 'This is the first release: there is no predecessor to compare with, so the diff is empty.',
    };
  }
  const prev = await releases.get(previous);
  if (!prev) {
    return {
      ...base,
      ...empty,
      basis: 'predecessor_unavailable',
      note: `The predecessor release ${previous} is not available or failed verification; no diff was computed.`,
    };
  }
  const [before, after] = [storeOf(prev), storeOf(release)];
  const added: TemporalSnapshotDiff['added'] = [];
  const changed: TemporalSnapshotDiff['changed'] = [];
  const removed: TemporalSnapshotDiff['removed'] = [];
  let from = q.after === undefined ? (['', ''] as [string, string]) : decodeAfter(q.after);
  let read = 0;
  let last: { metric: string; place: string } | null = null;
  let more = true;
  while (read < pageRows && more) {
    const keys = keysAfter(before, after, from, 64);
    more = keys.length > 0;
    for (const k of keys) {
      const old = new Map(before.seriesKeys.points(k.metric, k.place).map((p) => [p.period, p]));
      const now = after.seriesKeys.points(k.metric, k.place).sort(byPeriod);
      read += old.size + now.length;
      for (const p of now) {
        const o = old.get(p.period);
        if (!o) added.push({ ...ref(p), to: state(p) });
        else if (!sameState(o, p)) changed.push({ ...ref(p), from: state(o), to: state(p) });
        old.delete(p.period);
      }
      for (const o of [...old.values()].sort(byPeriod)) removed.push({ ...ref(o), from: state(o) });
      last = k;
      from = [k.metric, k.place];
      if (read >= pageRows) break;
    }
  }
  // A page that stopped at its budget may be followed by one more (possibly empty) page.
  const nextAfter = more && last ? encodeAfter(last) : null;
  return {
    ...base,
    basis: 'predecessor',
    counts: { added: added.length, changed: changed.length, removed: removed.length },
    added,
    changed,
    removed,
    next_after: nextAfter,
    note: 'Counts are of this page. A page compares whole series in (metric, place) order; next_after (also the Link header) continues with the series after it, null on the last page.',
  };
}
