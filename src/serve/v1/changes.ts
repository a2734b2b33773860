// The difference between two sealed releases: files by checksum (from the seals) and v1 entities by
// their canonical JSON (from the stores, read side by side in id order: neither store's entities are
// held in memory, only the changes). Deterministic order: kind, then key.
import { ProblemError } from '../problems/errors.js';
import type { LoadedRelease, ReleaseSource } from '../releases/release-types.js';
import { createHash } from 'node:crypto';
import { compareCodePoints, entityReaderOf, type EntityRow } from '../../store/entity-reader.js';
import type { Change } from './response-schemas.js';

const byKey = (a: Change, b: Change) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

function change(kind: Change['kind'], key: string, a: string | null, b: string | null): Change {
  return {
    kind,
    key,
    change: a === null ? 'added' : b === null ? 'removed' : 'modified',
    from: a,
    to: b,
  };
}

function diff(
  kind: Change['kind'],
  before: Map<string, string>,
  after: Map<string, string>,
): Change[] {
  const out: Change[] = [];
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    const a = before.get(key) ?? null;
    const b = after.get(key) ?? null;
    if (a !== b) out.push(change(kind, key, a, b));
  }
  return out.sort(byKey);
}

const entityHash = (r: EntityRow) =>
  createHash('sha256')
    .update(JSON.stringify([r.type, r.name_en, r.name_ru, r.name_kk, r.data]))
    .digest('hex');

/** Entities added, removed or modified: a merge of the two stores' id-ordered entities. */
function entityChanges(before: LoadedRelease, after: LoadedRelease): Change[] {
  const a = entityReaderOf(before).every();
  const b = entityReaderOf(after).every();
  const out: Change[] = [];
  let x = a.next();
  let y = b.next();
  while (!x.done || !y.done) {
    const order = x.done ? 1 : y.done ? -1 : compareCodePoints(x.value.id, y.value.id);
    if (order < 0) {
      out.push(change('entity', x.value!.id, entityHash(x.value!), null));
      x = a.next();
    } else if (order > 0) {
      out.push(change('entity', y.value!.id, null, entityHash(y.value!)));
      y = b.next();
    } else {
      const [h1, h2] = [entityHash(x.value!), entityHash(y.value!)];
      if (h1 !== h2) out.push(change('entity', x.value!.id, h1, h2));
      x = a.next();
      y = b.next();
    }
  }
  return out.sort(byKey);
}

export function diffReleases(before: LoadedRelease, after: LoadedRelease): Change[] {
  const files = (r: LoadedRelease) => new Map(r.seal.files.map((f) => [f.path, f.sha256]));
  return [...diff('file', files(before), files(after)), ...entityChanges(before, after)];
}

/** The changes between two consecutive sealed releases, which ones, and what the answer says of them. */
export interface ReleaseChanges {
  from: string | null;
  to: string | null;
  changes: Change[];
  note: string;
}

/**
 * What changed from `from` to `to` (consecutive sealed releases; the latest pair by default, or the
 * successor of `from`, or the predecessor of `to`), for /api/v1/changes and the MCP tool alike.
 */
export async function releaseChanges(
  releases: ReleaseSource,
  current: LoadedRelease,
  from: string | undefined,
  to: string | undefined,
): Promise<ReleaseChanges> {
  const seals = await releases.list();
  const byRevision = new Map(seals.map((s) => [s.revision, s]));
  for (const rev of [from, to])
    if (rev && !byRevision.has(rev))
      throw new ProblemError('unknown_release', `No sealed release has revision ${rev}.`);
  const after = to
    ? byRevision.get(to)!
    : from
      ? seals.find((s) => s.previous_revision === from)
      : seals[0];
  const before =
    after &&
    (from
      ? byRevision.get(from)
      : after.previous_revision
        ? byRevision.get(after.previous_revision)
        : undefined);
  if (from && to && byRevision.get(to)!.previous_revision !== from) {
    throw new ProblemError(
      'non_consecutive_releases',
      `Release ${to} does not follow ${from} directly; ask for consecutive pairs (see /releases previous_revision).`,
    );
  }
  if (!after || !before) {
    const note = `Release ${after?.revision ?? from ?? current.revision} has no consecutive ${from ? 'successor' : 'predecessor'} among the sealed releases, so there are no changes to compute.`;
    return { from: before?.revision ?? null, to: after?.revision ?? null, changes: [], note };
  }
  const [a, b] = await Promise.all([releases.get(before.revision), releases.get(after.revision)]);
  if (!a || !b)
    throw new ProblemError(
      'unknown_release',
      `Release ${!a ? before.revision : after.revision} is listed but cannot be loaded.`,
    );
  return {
    from: before.revision,
    to: after.revision,
    changes: diffReleases(a, b),
    note: `Changes from ${before.revision} to ${after.revision}.`,
  };
}
