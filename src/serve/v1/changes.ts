// The difference between two sealed releases: files by checksum (from the seals) and v1 entities by
// their canonical JSON (from the stores, read side by side in id order: neither store's entities are
// held in memory, only the changes). Deterministic order: kind, then key.
import type { LoadedRelease } from '../releases/release-types.js';
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
