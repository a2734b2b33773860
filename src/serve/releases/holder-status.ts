// The holder's health: ready, or why not, each reason naming a path. A refused candidate or a failed
// store read degrades health while the last good release keeps serving; nothing served is unavailable.
import { join } from 'node:path';
import { STORE_FILE } from '../../release/layout.js';
import type { LoadedRelease } from './release-types.js';

export interface HolderStatus {
  state: 'ready' | 'verifying' | 'degraded' | 'unavailable';
  revision: string | null;
  /** Why the state is not ready: each names a path and a reason. */
  reasons: string[];
}

export interface HolderState {
  releasesDir: string;
  served: LoadedRelease | null;
  /** Why CURRENT could not be read, when it could not. */
  pointerProblem: string | null;
  /** Each refused revision with its reason. */
  refused: [string, string][];
  /** The served revision whose store read failed, being reloaded. */
  faulted: string | null;
}

export function holderStatus(h: HolderState): HolderStatus {
  const reasons = [
    ...(h.pointerProblem ? [h.pointerProblem] : []),
    ...h.refused.map(([revision, reason]) => `release ${join(h.releasesDir, revision)} refused: ${reason}`),
    ...(h.faulted ? [`release ${h.faulted}: a store read failed; reloading it from the sealed directory`] : []),
    ...(h.served && !h.served.storeVerified ? [`release ${h.served.dir}: ${STORE_FILE} is being verified against the seal; store-backed routes answer 503 until it is`] : []),
  ];
  const state = !h.served ? 'unavailable' : !h.served.storeVerified ? 'verifying' : reasons.length ? 'degraded' : 'ready';
  return { state, revision: h.served?.revision ?? null, reasons };
}
