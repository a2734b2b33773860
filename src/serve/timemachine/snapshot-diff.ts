// GET /api/timemachine/snapshot-diff (TemporalSnapshotDiff): points added, changed (from, to) and
// removed between this release and its predecessor (previous_revision in the seal).
import type { LoadedRelease, ReleaseSource } from '../release-types.js';
import { storeOf, type PointRow } from '../../store/reader.js';
import type { TemporalSnapshotDiff } from './schemas.js';

const key = (p: PointRow) => `${p.metric}\u0000${p.place}\u0000${p.period}`;
const ref = (p: PointRow) => ({ metric: p.metric, place: p.place, period: p.period });
const state = (p: PointRow) => ({ value: p.value, null_reason: p.null_reason, status: p.status, unit: p.unit, source_id: p.source_id, note: p.note });

function allPoints(release: LoadedRelease): Map<string, PointRow> {
  const rows = storeOf(release).allPoints();
  return new Map(rows.map((r) => [key(r), r]));
}

const cache = new WeakMap<LoadedRelease, { prev: LoadedRelease; diff: TemporalSnapshotDiff }>();

export async function snapshotDiff(release: LoadedRelease, releases: ReleaseSource): Promise<TemporalSnapshotDiff> {
  const previous = release.seal.previous_revision;
  const base = { revision: release.revision, previous_revision: previous };
  const empty = { added: [], changed: [], removed: [], counts: { added: 0, changed: 0, removed: 0 } };
  if (!previous) {
    return { ...base, ...empty, basis: 'first_release', note: 'This is the first release: there is no predecessor to compare with, so the diff is empty.' };
  }
  const prev = await releases.get(previous);
  if (!prev) {
    return { ...base, ...empty, basis: 'predecessor_unavailable', note: `The predecessor release ${previous} is not available or failed verification; no diff was computed.` };
  }
  const hit = cache.get(release);
  if (hit && hit.prev === prev) return hit.diff;
  const before = allPoints(prev);
  const after = allPoints(release);
  const added = [...after].filter(([k]) => !before.has(k)).map(([, p]) => ({ ...ref(p), to: state(p) }));
  const removed = [...before].filter(([k]) => !after.has(k)).map(([, p]) => ({ ...ref(p), from: state(p) }));
  const changed = [...after]
    .filter(([k, p]) => before.has(k) && JSON.stringify(state(before.get(k)!)) !== JSON.stringify(state(p)))
    .map(([k, p]) => ({ ...ref(p), from: state(before.get(k)!), to: state(p) }));
  const diff: TemporalSnapshotDiff = {
    ...base,
    basis: 'predecessor',
    counts: { added: added.length, changed: changed.length, removed: removed.length },
    added,
    changed,
    removed,
  };
  cache.set(release, { prev, diff });
  return diff;
}
