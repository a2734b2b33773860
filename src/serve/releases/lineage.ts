// The releases this service lists: the served release and its predecessors, followed by
// previous_revision. A predecessor is listed only when its seal checks (its fields, its revision, its
// evidence files' hashes); each seal is read and checked once, then held, since a sealed release never
// changes.
import { join } from 'node:path';
import { sha256File } from '../../lib/hash.js';
import { EVIDENCE_FILES, releaseDir, type ReleaseSeal } from '../../release/layout.js';
import { readSeal, revisionOf } from '../../release/verify.js';
import { checkSealFields } from '../../release/seal-fields.js';
import type { LoadedRelease } from './release-types.js';

export class Lineage {
  private readonly seals = new Map<string, ReleaseSeal | null>(); // read once, verified, never re-read

  /** @param opened a release of this revision already open, whose seal was verified when it loaded */
  constructor(
    private readonly releasesDir: string,
    private readonly opened: (revision: string) => Promise<LoadedRelease | null> | undefined,
  ) {}

  /** Follows previous_revision from the served release; lists those sealed with complete evidence. */
  async list(served: LoadedRelease | null): Promise<ReleaseSeal[]> {
    const out: ReleaseSeal[] = [];
    const seen = new Set<string>();
    let revision: string | null = served?.revision ?? null;
    while (revision && !seen.has(revision)) {
      seen.add(revision);
      const seal = revision === served?.revision ? served.seal : await this.sealOf(revision);
      if (!seal) break; // the lineage cannot be followed past a missing or unverifiable seal
      out.push(seal);
      revision = seal.previous_revision;
    }
    return out;
  }

  /** A predecessor's seal, read and checked once (its fields and evidence), then held. */
  private async sealOf(revision: string): Promise<ReleaseSeal | null> {
    if (this.seals.has(revision)) return this.seals.get(revision)!;
    const loaded = await this.opened(revision);
    if (loaded) {
      this.seals.set(revision, loaded.seal);
      return loaded.seal;
    }
    const dir = releaseDir(this.releasesDir, revision);
    let seal: ReleaseSeal | null = null;
    try {
      const candidate = await readSeal(dir);
      let ok = revisionOf(candidate.files) === revision && (await checkSealFields(dir, candidate)) === null;
      for (const path of EVIDENCE_FILES) {
        const sealed = candidate.files.find((f) => f.path === path);
        ok &&= sealed !== undefined && (await sha256File(join(dir, path))).sha256 === sealed.sha256;
      }
      if (ok) seal = candidate;
    } catch {
      seal = null;
    }
    this.seals.set(revision, seal);
    return seal;
  }
}
