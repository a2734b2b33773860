// In-process probe of the time-slice read paths on a store file: wall and CPU time per answer of
// the snapshot (all layers, spread dates) and of the month series over 20 years (one place, all
// places, a range that cuts every series), serialised as the route does. CPU time per answer is
// the figure to compare on a loaded machine. Not a bench row (no HTTP): npm run bench -- scaled is.
// Run: node --import tsx bench/read-paths-probe.ts <store.sqlite> [metric] [--snapshot-only] [--answers N]
import Database from 'better-sqlite3';
import { series } from '../src/serve/timemachine/series.js';
import { snapshotAnswer } from '../src/serve/timemachine/snapshot.js';
import { answerBytes } from '../src/serve/answers/raw-json.js';
import type { LoadedRelease } from '../src/serve/releases/release-types.js';
import { addDays } from '../src/store/periods.js';
import { storeOf } from '../src/store/reader.js';
import { percentile } from './row.js';

const snapshotOnly = process.argv.includes('--snapshot-only');
// Answers timed per snapshot row (--answers N): 200 give a p99 that is not just the slowest one.
const answersAt = process.argv.indexOf('--answers');
const answers = answersAt > 0 ? Number(process.argv[answersAt + 1]) : 200;
const [path, metric = 'syn_m02'] = process.argv
  .slice(2)
  .filter(
    (a, i, all) => a !== '--snapshot-only' && a !== '--answers' && all[i - 1] !== '--answers',
  );
if (!path) throw new Error('usage: read-paths-probe.ts <store.sqlite> [metric]');
const db = new Database(path, { readonly: true });
const release = {
  db,
  revision: 'probe',
  seal: { as_of: '2024-12-31' },
  files: new Map(),
} as unknown as LoadedRelease;
// The store reader is built once per release (statements prepared, series keys read), before any answer is timed.
storeOf(release);
const places = db
  .prepare('SELECT DISTINCT place FROM point_series WHERE metric = ? ORDER BY place')
  .pluck()
  .all(metric) as string[];

// One answer more than timed (index n, another date or place) goes first, untimed but printed: it
// pays the JIT compiling this path once per process, which the percentiles of a server's steady
// state do not hold.
function time(name: string, n: number, answer: (i: number) => unknown) {
  const size = (value: unknown) => (Buffer.isBuffer(value) ? value : answerBytes(value)).length;
  const t0 = performance.now();
  size(answer(n));
  const first = performance.now() - t0;
  const ms: number[] = [];
  // CPU time per answer (this process's threads: the garbage collector's included), which a loaded
  // machine inflates far less than wall time.
  const cpuMs: number[] = [];
  let bytes = 0;
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const c = process.cpuUsage();
    bytes = size(answer(i));
    const used = process.cpuUsage(c);
    ms.push(performance.now() - t);
    cpuMs.push((used.user + used.system) / 1000);
  }
  const cpu = process.cpuUsage(cpu0);
  console.log(
    `${name}: ${n} answers, wall p50 ${percentile(ms, 50).toFixed(1)} ms, p99 ${percentile(ms, 99).toFixed(1)} ms; CPU ${((cpu.user + cpu.system) / 1000 / n).toFixed(1)} ms per answer (p50 ${percentile(cpuMs, 50).toFixed(1)}, p99 ${percentile(cpuMs, 99).toFixed(1)}); ${bytes} bytes; first (untimed) ${first.toFixed(1)} ms`,
  );
}

// Stores written before the snapshot blocks existed answer by one seek per series (src/store/reader.ts).
const blocks = db
  .prepare(`SELECT count(*) FROM sqlite_master WHERE name = 'snapshot_blocks'`)
  .pluck()
  .get()
  ? 'stored blocks'
  : 'seek per series';
time(
  `snapshot, all layers (${blocks})`,
  answers,
  (i) => snapshotAnswer(release, { date: addDays('2005-01-01', (i * 7919) % 7305) }, false).body,
);
// What the route sends a client accepting br (as browsers do): the answer compressed once at Brotli 1.
time(
  `snapshot, all layers, br as over HTTP (${blocks})`,
  answers,
  (i) =>
    snapshotAnswer(release, { date: addDays('2005-01-01', (i * 7919 + 3001) % 7305) }, true).br,
);
// Through a dimension filter: the series at sex=F only (on a scaled store, one breakdown of bench/scale/indicators.ts).
time(
  `snapshot, sex=F, br as over HTTP (${blocks})`,
  answers,
  (i) =>
    snapshotAnswer(
      release,
      { date: addDays('2005-01-01', (i * 7919 + 5003) % 7305), sex: 'F' },
      true,
    ).br,
);
if (snapshotOnly) process.exit(0);
time('series month, one place', 100, (i) =>
  series(release, {
    metric,
    granularity: 'month',
    start_date: '2005-01-01',
    end_date: addDays('2025-01-01', i),
    place: places[i % places.length],
  }),
);
// A breakdown of the dimensioned synthetic indicator by sex and urban/rural, when the store has one.
if (
  db.prepare(`SELECT count(*) FROM sqlite_master WHERE name = 'series_dimensions'`).pluck().get() &&
  db.prepare(`SELECT count(*) FROM series_dimensions WHERE series = 'syn_m11;sex=F'`).pluck().get()
) {
  time('series month, one place, syn_m11 at sex=F', 100, (i) =>
    series(release, {
      metric: 'syn_m11',
      sex: 'F',
      granularity: 'month',
      start_date: '2005-01-01',
      end_date: addDays('2025-01-01', i),
      place: places[i % places.length],
    }),
  );
}
time(`series month, all ${places.length} places`, 10, (i) =>
  series(release, {
    metric,
    granularity: 'month',
    start_date: '2005-01-01',
    end_date: addDays('2025-01-01', i),
  }),
);
time(`series month, all places, a range cutting every series`, 3, (i) =>
  series(release, { metric, granularity: 'month', start_date: addDays('2005-02-01', i) }),
);
