// The difference between two sealed releases: files by checksum (from the seals) and v1 entities by
// their canonical JSON (from the stores). Deterministic order: kind, then key.
import type { LoadedRelease } from '../release-types.js';
import { createHash } from 'node:crypto';
import { storeOf } from '../../store/reader.js';

export interface Change {
  kind: 'file' | 'entity';
  key: string;
  change: 'added' | 'removed' | 'modified';
  from: string | null; // sha256 before
  to: string | null; // sha256 after
}

function diff(kind: Change['kind'], before: Map<string, string>, after: Map<string, string>): Change[] {
  const out: Change[] = [];
  const keys = [...new Set([...before.keys(), ...after.keys()])].sort();
  for (const key of keys) {
    const a = before.get(key) ?? null;
    const b = after.get(key) ?? null;
    if (a === b) continue;
    out.push({ kind, key, change: a === null ? 'added' : b === null ? 'removed' : 'modified', from: a, to: b });
  }
  return out;
}

function entityHashes(release: LoadedRelease): Map<string, string> {
  const rows = storeOf(release).entities();
  return new Map(rows.map((r) => [r.id, createHash('sha256').update(JSON.stringify([r.type, r.name_en, r.name_ru, r.name_kk, r.data])).digest('hex')]));
}

export function diffReleases(before: LoadedRelease, after: LoadedRelease): Change[] {
  const files = (r: LoadedRelease) => new Map(r.seal.files.map((f) => [f.path, f.sha256]));
  return [...diff('file', files(before), files(after)), ...diff('entity', entityHashes(before), entityHashes(after))];
}
