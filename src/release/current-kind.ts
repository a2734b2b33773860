// Whether the release CURRENT names is a synthetic benchmark, asked before serving so that `dala serve`
// refuses one with a clear message instead of failing on its first load (src/store/open.ts refuses it too).
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { STORE_FILE, releaseDir } from './layout.js';
import { readCurrent } from './pointer.js';
import { SYNTHETIC_KIND, storeKind } from '../store/open.js';

/** Whether the release CURRENT names is a synthetic benchmark (false when there is none). */
export async function currentIsSynthetic(releasesDir: string): Promise<boolean> {
  const revision = await readCurrent(releasesDir);
  if (!revision) return false;
  let db: Database.Database;
  try {
    db = new Database(join(releaseDir(releasesDir, revision), STORE_FILE), { readonly: true, fileMustExist: true });
  } catch {
    return false; // no store: loading will refuse the release with its own reason
  }
  try {
    return storeKind(db) === SYNTHETIC_KIND;
  } catch {
    return false; // an unreadable store: its verification at load refuses the release and says why
  } finally {
    db.close();
  }
}
