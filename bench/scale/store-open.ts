// How long a sealed release's store takes to answer its first query as `dala serve` opens it
// (src/serve/releases/store-verify.ts), in place (pages checked as read, the whole file hashed behind it)
// or copied and hashed whole first: the first query's time and the whole-file hash's, in process.
// Run: node --import tsx bench/scale/store-open.ts RELEASES_DIR in-place|copy
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { readCurrent } from '../../src/release/pointer.js';
import type { ReleaseSeal } from '../../src/release/layout.js';
import { verifyStore } from '../../src/serve/releases/store-verify.js';
import { allowSyntheticStores } from '../../src/store/open.js';

const [releases, mode = 'in-place'] = process.argv.slice(2);
if (!releases || !['in-place', 'copy'].includes(mode))
  throw new Error('usage: store-open.ts RELEASES_DIR in-place|copy');
allowSyntheticStores(true); // a scaled release is a synthetic benchmark
const revision = await readCurrent(releases);
if (!revision) throw new Error(`${releases}: no CURRENT`);
const dir = join(releases, revision);
const seal = JSON.parse(readFileSync(join(dir, 'release.json'), 'utf8')) as ReleaseSeal;
const entry = seal.files.find((f) => f.path === 'store.sqlite')!;
const load = loadavg()[0];
const started = performance.now();
const verification = verifyStore(dir, entry, { memoryMax: 0, inPlace: mode === 'in-place' });
const store = await verification.opened;
store.db.prepare('SELECT count(*) FROM layers').get();
const answered = performance.now() - started;
await verification.done;
const hashed = performance.now() - started;
await verification.cancel();
console.log(
  JSON.stringify({
    mode,
    revision,
    store_bytes: entry.bytes,
    first_query_ms: Math.round(answered),
    whole_file_hashed_ms: Math.round(hashed),
    hash_s_per_gib: +(hashed / 1000 / (entry.bytes / 2 ** 30)).toFixed(2),
    load_average_1min: { start: load, end: loadavg()[0] },
  }),
);
