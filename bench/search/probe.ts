// CPU time per search query on a scaled store, query by query: which query shapes are slow and what
// each read. Run: node --import tsx bench/search/probe.ts STORE.sqlite [N_ENTITIES] [--slowest 30]
// CPU time (process.cpuUsage, user + system) is steadier than wall time on a shared machine.
import { allowSyntheticStores, openStore } from '../../src/store/open.js';
import { search } from '../../src/serve/v1/search/engine.js';
import { percentile } from '../row.js';
import { queryCells } from './queries.js';

const path = process.argv[2];
if (!path) throw new Error('usage: probe.ts STORE.sqlite [N_ENTITIES] [--slowest K]');
const n = Number(process.argv[3] ?? 1_000_000);
const k = process.argv.includes('--slowest')
  ? Number(process.argv[process.argv.indexOf('--slowest') + 1])
  : 25;
allowSyntheticStores(true);
const db = openStore(path);
const { cells } = queryCells(n);
for (const c of cells) for (const { q } of c.queries) search(db, q); // warm the page cache and JIT
const rows: { cell: string; q: string; cpu: number; work: string; top: number }[] = [];
const all: number[] = [];
for (const c of cells) {
  const cpu: number[] = [];
  for (const { q } of c.queries) {
    const t = process.cpuUsage();
    const { work, hits } = search(db, q);
    const d = process.cpuUsage(t);
    const ms = (d.user + d.system) / 1000;
    cpu.push(ms);
    rows.push({
      cell: c.label,
      q,
      cpu: ms,
      work: `${work.words}w ${work.vocabulary}v ${work.candidates}c`,
      top: hits.length,
    });
  }
  all.push(...cpu);
  console.log(
    `${c.label.padEnd(22)} CPU per query p50 ${percentile(cpu, 50).toFixed(2)} ms, p99 ${percentile(cpu, 99).toFixed(2)} ms, max ${Math.max(...cpu).toFixed(2)} ms`,
  );
}
console.log(
  `all ${all.length} queries: CPU per query p50 ${percentile(all, 50).toFixed(2)} ms, p90 ${percentile(all, 90).toFixed(2)} ms, p99 ${percentile(all, 99).toFixed(2)} ms`,
);
console.log(`slowest ${k}:`);
for (const r of rows.sort((a, b) => b.cpu - a.cpu).slice(0, k))
  console.log(
    `  ${r.cpu.toFixed(2)} ms  ${r.cell.padEnd(20)} ${JSON.stringify(r.q).padEnd(34)} ${r.work} hits ${r.top}`,
  );
db.close();
