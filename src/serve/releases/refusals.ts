// The retry policy for a release CURRENT names but the holder refused (docs: a refused candidate is tried
// again when its files change or after a backoff): a refusal remembers the files' fingerprint, so a repair
// is noticed at the next check, and otherwise waits a delay that doubles from the first up to 30 s (a
// repair that keeps every timestamp is still noticed then, and a release that stays broken is not
// re-verified on every poll).
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { SEAL_FILE, STORE_FILE } from '../../release/layout.js';

const MAX_RETRY_MS = 30_000;

export interface Refusal {
  fingerprint: string;
  retryAt: number;
  delay: number;
  reason: string;
}

/** Cheap change detector for a refused release: the stat of its directory, seal, store and data folder. */
export function fingerprint(dir: string): string {
  const parts: string[] = [];
  for (const path of [dir, join(dir, SEAL_FILE), join(dir, STORE_FILE), join(dir, 'data')]) {
    try {
      const s = statSync(path);
      parts.push(`${s.ino}:${s.size}:${s.mtimeMs}:${s.ctimeMs}`);
    } catch {
      parts.push('-');
    }
  }
  return parts.join('|');
}

export class Refusals {
  private readonly byRevision = new Map<string, Refusal>();

  /** @param firstDelayMs the first retry delay for a revision whose files look unchanged */
  constructor(private readonly firstDelayMs: number) {}

  get(revision: string): Refusal | undefined {
    return this.byRevision.get(revision);
  }

  /** The delay a refusal of these very files waited (0 when the files changed or were never refused). */
  static lastDelay(refusal: Refusal | undefined, fingerprint: string): number {
    return refusal && refusal.fingerprint === fingerprint ? refusal.delay : 0;
  }

  /** Whether a refused revision's files are unchanged and its retry is not due yet. */
  waiting(refusal: Refusal | undefined, fingerprint: string): boolean {
    return refusal !== undefined && refusal.fingerprint === fingerprint && Date.now() < refusal.retryAt;
  }

  /** Records a refusal: the next try waits twice the last delay of these files, or the first delay. */
  refuse(revision: string, fingerprint: string, reason: string, lastDelay: number): void {
    const delay = lastDelay ? Math.min(lastDelay * 2, MAX_RETRY_MS) : this.firstDelayMs;
    this.byRevision.set(revision, { fingerprint, retryAt: Date.now() + delay, delay, reason });
  }

  accept(revision: string): void {
    this.byRevision.delete(revision);
  }

  /** CURRENT names `revision`: the refusals of every other revision no longer matter. */
  keepOnly(revision: string): void {
    for (const refused of this.byRevision.keys()) if (refused !== revision) this.byRevision.delete(refused);
  }

  /** Each refused revision with its reason, for health. */
  reasons(): [string, string][] {
    return [...this.byRevision].map(([revision, r]) => [revision, r.reason]);
  }
}
