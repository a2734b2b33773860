// Adds the snapshot blocks (src/store/snapshot-blocks.ts) to a COPY of a store written before they
// existed, from its points, with the build's own writer, so the snapshot path can be measured at
// 30M points without rebuilding the release. Never run it on a release's store: it writes.
// Run: node --import tsx bench/snapshot-blocks-derive.ts <copy-of-store.sqlite>
import Database from 'better-sqlite3';
import { SnapshotBlocksWriter } from '../src/publish/store/snapshot-blocks.js';
import type { PointRow } from '../src/store/rollup.js';
import { ddl } from '../src/store/tables.js';

const [path] = process.argv.slice(2);
if (!path) throw new Error('usage: snapshot-blocks-derive.ts <copy-of-store.sqlite>');
const db = new Database(path);
db.pragma('journal_mode = MEMORY');
db.pragma('synchronous = OFF');
const table = ddl()
  .split(/\n(?=CREATE )/)
  .find((s) => s.startsWith('CREATE TABLE snapshot_blocks('));
if (!table) throw new Error('no snapshot_blocks in the declared tables');
db.exec('DROP TABLE IF EXISTS snapshot_blocks');
db.exec(table);
const t0 = performance.now();
const cpu0 = process.cpuUsage();
const writer = new SnapshotBlocksWriter();
let group: PointRow[] = [];
let points = 0;
// In the clustered key order of points, a (metric, place) group at a time, as the build gives them.
for (const p of db
  .prepare('SELECT * FROM points ORDER BY metric, place, period_end, period_start, period DESC')
  .iterate() as Iterable<PointRow>) {
  if (group.length && (group[0]!.metric !== p.metric || group[0]!.place !== p.place)) {
    writer.add(group);
    group = [];
  }
  group.push(p);
  points++;
}
writer.add(group);
const read = process.cpuUsage(cpu0);
const cpu1 = process.cpuUsage();
db.transaction(() => writer.write(db))();
const wrote = process.cpuUsage(cpu1);
const stats = db
  .prepare(
    'SELECT count(*) AS blocks, sum(base) AS base, sum(changes) AS changes, sum(length(data)) AS data, sum(length(pieces)) AS pieces FROM snapshot_blocks',
  )
  .get();
console.log(
  JSON.stringify({
    points,
    ...(stats as object),
    read_and_add_cpu_s: (read.user + read.system) / 1e6,
    write_cpu_s: (wrote.user + wrote.system) / 1e6,
    wall_s: (performance.now() - t0) / 1000,
  }),
);
db.close();
