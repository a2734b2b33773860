// Sealed releases, newest first along the lineage from CURRENT, then any other sealed ones.
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { EVIDENCE_FILES, type ReleaseSeal } from './layout.js';
import { readCurrent, revisionDirs } from './pointer.js';
import { readSeal } from './verify.js';

/** A release is listed only when its seal and full evidence exist (docs/interface.md §3). */
export async function readCompleteSeal(dir: string): Promise<ReleaseSeal | null> {
  try {
    const seal = await readSeal(dir);
    for (const evidence of EVIDENCE_FILES) await access(join(dir, evidence));
    return seal;
  } catch {
    return null;
  }
}

export async function listReleases(releasesDir: string): Promise<ReleaseSeal[]> {
  const seals = new Map<string, ReleaseSeal>();
  for (const revision of await revisionDirs(releasesDir)) {
    const seal = await readCompleteSeal(join(releasesDir, revision));
    if (seal && seal.revision === revision) seals.set(revision, seal);
  }
  const ordered: ReleaseSeal[] = [];
  let cursor = await readCurrent(releasesDir);
  while (cursor && seals.has(cursor) && !ordered.some((s) => s.revision === cursor)) {
    const seal = seals.get(cursor)!;
    ordered.push(seal);
    cursor = seal.previous_revision;
  }
  const rest = [...seals.values()]
    .filter((s) => !ordered.includes(s))
    .sort((a, b) =>
      a.built_at === b.built_at
        ? a.revision < b.revision
          ? 1
          : -1
        : a.built_at < b.built_at
          ? 1
          : -1,
    );
  return [...ordered, ...rest];
}
