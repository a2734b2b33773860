// Releases a request may still be answering from after they stopped being served (docs: a request
// answers wholly from the release it pinned): a retired release's store is closed only once no request
// pins it and a grace delay has passed, the delay covering code that read the served release without
// pinning it.
import type { LoadedRelease } from './release-types.js';

export class RetiredReleases {
  private readonly pins = new Map<LoadedRelease, number>();
  private readonly retiredAt = new Map<LoadedRelease, number>(); // release -> retired at (ms)

  constructor(private readonly graceMs: number) {}

  pin(r: LoadedRelease): void {
    this.pins.set(r, (this.pins.get(r) ?? 0) + 1);
  }

  unpin(r: LoadedRelease): void {
    const n = (this.pins.get(r) ?? 1) - 1;
    if (n > 0) this.pins.set(r, n);
    else this.pins.delete(r);
    this.sweep();
  }

  /** Requests pinning r now (0 when none). */
  pinCount(r: LoadedRelease): number {
    return this.pins.get(r) ?? 0;
  }

  retire(r: LoadedRelease): void {
    this.retiredAt.set(r, Date.now());
  }

  /** Closes every retired release no request pins whose grace delay has passed. */
  sweep(): void {
    const now = Date.now();
    for (const [r, at] of this.retiredAt) {
      if (this.pins.has(r) || now - at < this.graceMs) continue;
      this.retiredAt.delete(r);
      void r.close();
    }
  }

  /** Every release retired and not yet closed (to close them all at shutdown). */
  waiting(): LoadedRelease[] {
    return [...this.retiredAt.keys()];
  }
}
