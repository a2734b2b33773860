// Whether the release CURRENT names is a synthetic benchmark, asked before serving so that `dala serve`
// refuses one with a clear message instead of failing on its first load (src/store/open.ts refuses it too).
import { join } from 'node:path';
import { STORE_FILE, releaseDir } from './layout.js';
import { readCurrent } from './pointer.js';
import { SYNTHETIC_KIND, readStoreMeta } from '../store/open.js';

/** Whether the release CURRENT names is a synthetic benchmark (false when there is none). */
export async function currentIsSynthetic(releasesDir: string): Promise<boolean> {
  const revision = await readCurrent(releasesDir);
  if (!revision) return false;
  // no store or an unreadable one: loading refuses the release with its own reason
  return (
    readStoreMeta(join(releaseDir(releasesDir, revision), STORE_FILE))?.kind === SYNTHETIC_KIND
  );
}
