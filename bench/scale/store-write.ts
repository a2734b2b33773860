// The store writer alone (src/publish/store/write.ts) on synthetic rows, without the model, the artifacts or
// the seal: CPU and wall seconds, bytes and peak RSS, for measuring the write path in steps.
// Run: node --import tsx bench/scale/store-write.ts --points N --entities N --events N [--out FILE]
import { rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { writeStore, type StoreContent } from '../../src/publish/store/write.js';
import { scaledRows } from './rows.js';

const { values } = parseArgs({
  options: {
    points: { type: 'string' },
    entities: { type: 'string' },
    events: { type: 'string' },
    out: { type: 'string' },
  },
});
const opts = {
  points: Number(values.points ?? 300_000),
  entities: Number(values.entities ?? 0),
  events: Number(values.events ?? 0),
};
const out = values.out ?? join(tmpdir(), 'dala-store-write.sqlite');
rmSync(out, { force: true });
// No real rows: only the generated ones (and the metrics and layer they need).
const empty: StoreContent = {
  meta: { as_of: '2024-12-31', built_at: '2026-01-01T00:00:00Z', kind: 'release' },
  layers: [],
  metrics: [],
  points: [],
  events: [],
  entities: [],
  entity_names: [],
  relations: [],
  claims: [],
  evidence: [],
};
const load = loadavg()[0];
const started = performance.now();
const cpu0 = process.cpuUsage();
writeStore(out, scaledRows(empty, opts));
const cpu = process.cpuUsage(cpu0);
console.log(
  JSON.stringify({
    ...opts,
    wall_s: +((performance.now() - started) / 1000).toFixed(2),
    cpu_s: +((cpu.user + cpu.system) / 1e6).toFixed(2),
    bytes: statSync(out).size,
    peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
    load_average_1min: { start: load, end: loadavg()[0] },
  }),
);
