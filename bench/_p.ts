import Database from 'better-sqlite3';
import { snapshot } from '../src/serve/timemachine/snapshot.js';
import { stringifyAnswer } from '../src/serve/raw-json.js';
import type { LoadedRelease } from '../src/serve/release-types.js';
import { addDays } from '../src/store/periods.js';
const [path, nArg = '10'] = process.argv.slice(2);
const db = new Database(path!, { readonly: true });
const release = { db, revision: 'probe', seal: { as_of: '2024-12-31' }, files: new Map() } as unknown as LoadedRelease;
const n = Number(nArg);
for (let i = 0; i < n; i++) {
  const t = performance.now(); const c = process.cpuUsage();
  const s = stringifyAnswer(snapshot(release, { date: addDays('2005-01-01', (i * 7919) % 7305) }));
  const cu = process.cpuUsage(c);
  console.log(`wall ${(performance.now() - t).toFixed(1)} ms user ${(cu.user/1000).toFixed(1)} sys ${(cu.system/1000).toFixed(1)} bytes ${s.length}`);
}
