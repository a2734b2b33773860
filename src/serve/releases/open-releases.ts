// Releases other than the served one, kept open by revision for get() (snapshot diffs, the release
// list): the served release's predecessor is what a diff opens next. At most LIMIT are kept; the
// oldest beyond that is retired (closed once no request pins it).
import type { LoadedRelease } from './release-types.js';

const LIMIT = 4;

export class OpenReleases {
  private readonly byRevision = new Map<string, Promise<LoadedRelease | null>>();

  constructor(private readonly retire: (r: LoadedRelease) => void) {}

  get(revision: string): Promise<LoadedRelease | null> | undefined {
    return this.byRevision.get(revision);
  }

  has(revision: string): boolean {
    return this.byRevision.has(revision);
  }

  keep(revision: string, entry: Promise<LoadedRelease | null>): void {
    this.byRevision.set(revision, entry);
    while (this.byRevision.size > LIMIT) {
      const [oldest, dropped] = this.byRevision.entries().next().value as [string, Promise<LoadedRelease | null>];
      this.byRevision.delete(oldest);
      void dropped.then((r) => r && this.retire(r));
    }
  }

  drop(revision: string): void {
    this.byRevision.delete(revision);
  }

  /** Every release kept open (those that loaded), to close them at shutdown. */
  async loaded(): Promise<LoadedRelease[]> {
    const out: LoadedRelease[] = [];
    for (const entry of this.byRevision.values()) {
      const r = await entry;
      if (r) out.push(r);
    }
    return out;
  }
}
