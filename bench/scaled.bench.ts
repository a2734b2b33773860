// The engine's targets on the scaled synthetic release (bench/scale/): series (month, 20 years) for one
// place and for all places, snapshot at a date over all layers, the resident memory of `dala serve`,
// and the scaled build time. Requests go over HTTP to a `dala serve --benchmark` child process, one
// client, each URL different (so no answer cache can serve a repeat). Builds the release first when
// the directory holds none (DALA_SCALED_RELEASES, default ./releases-scaled).
// Run: npm run bench -- scaled
import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCurrent } from '../src/release/pointer.js';
import { addDays } from '../src/store/periods.js';
import { atMost, emit, percentile } from './row.js';
import { buildScaled, FULL } from './scale/build.js';
import type { ScaledBuildRecord } from './scale/record.js';
import { DAYS, FIRST_DAY, placeCount } from './scale/rows.js';

const dir = process.env.DALA_SCALED_RELEASES ?? 'releases-scaled';
const BUILD_RECORD = join(dir, 'scaled-build.json'); // beside the releases, never inside a sealed one

if (!(await readCurrent(dir))) {
  const r = await buildScaled(dir, FULL, (line) => console.log(`build: ${line}`));
  await writeFile(BUILD_RECORD, JSON.stringify({ revision: r.revision, seconds: r.seconds, ...FULL }));
}
const build = JSON.parse(await readFile(BUILD_RECORD, 'utf8').catch(() => 'null')) as ScaledBuildRecord | null;
const scale = build ? `${build.points} points (a point every ${build.dayStep ?? 1} day), ${build.events} events, ${build.entities} entities` : 'unknown scale';
const full = build !== null && build.points >= FULL.points;
// The build row is printed by bench/build.bench.ts from the same record.

const port = 20000 + Math.floor(Math.random() * 20000);
const bin = fileURLToPath(new URL('../bin/dala.js', import.meta.url));
// Load shedding off: one client never queues a request, so a 503 here would only say that the answer
// before took longer than the shedding bound on a loaded machine; the latency is what is measured.
const child = spawn(process.execPath, [bin, 'serve', '--benchmark', '--releases', dir, '--port', String(port)], {
  stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, DALA_MAX_EVENT_LOOP_DELAY_MS: '3600000' },
});
const base = `http://127.0.0.1:${port}`;
try {
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`dala serve exited with ${child.exitCode}`);
    const ok = await fetch(base + '/api/timemachine/health').then((r) => r.status === 200, () => false);
    if (ok) break;
    if (performance.now() - started > 300_000) throw new Error('dala serve did not answer within 300 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  console.log(`serve answered after ${((performance.now() - started) / 1000).toFixed(1)} s (store verification included)`);

  const places = placeCount(build?.points ?? FULL.points, build?.dayStep ?? 1);
  const place = (i: number) => `SYN-${String((i % places) + 1).padStart(3, '0')}`;
  // fetch asks for gzip, deflate (and br), as a browser does: the times include compressing the answer.
  const time = async (urls: string[], headers: Record<string, string> = {}) => {
    const ms: number[] = [];
    for (const url of urls) {
      const t = performance.now();
      const r = await fetch(base + url, { headers });
      await r.arrayBuffer();
      if (r.status !== 200) throw new Error(`${url}: ${r.status}`);
      ms.push(performance.now() - t);
    }
    return ms;
  };
  // end_date after the data's end changes no answer but makes every URL distinct.
  const series = (i: number, placeParam: string) =>
    `/api/timemachine/series?metric=syn_m02&granularity=month&start_date=${FIRST_DAY}&end_date=${addDays('2025-01-01', i)}${placeParam}`;
  await time([series(0, `&place=${place(0)}`)]); // warm the page cache once
  const one = await time(Array.from({ length: 200 }, (_, i) => series(i + 1, `&place=${place(i)}`)));
  const at = full ? '' : ` [at ${scale}, not 30M]`;
  emit(atMost('series-30m', `month, 20 years, one place: p99 <= 20 ms${at}`, +percentile(one, 99).toFixed(1), 20, 'ms', `200 requests, p50 ${percentile(one, 50).toFixed(1)} ms`));
  const all = await time(Array.from({ length: 20 }, (_, i) => series(1000 + i, '')));
  emit(atMost('series-30m', `month, 20 years, all ${places} places: p99 <= 100 ms${at}`, +percentile(all, 99).toFixed(1), 100, 'ms', `20 requests, p50 ${percentile(all, 50).toFixed(1)} ms`));
  const plain = await time(Array.from({ length: 20 }, (_, i) => series(2000 + i, '')), { 'accept-encoding': 'identity' });
  emit({ target: 'series-30m', bound: `month, 20 years, all ${places} places, uncompressed (Accept-Encoding: identity): reported${at}`, value: +percentile(plain, 99).toFixed(1), unit: 'ms', met: null, note: `20 requests, p50 ${percentile(plain, 50).toFixed(1)} ms` });
  const snap = await time(Array.from({ length: 200 }, (_, i) => `/api/timemachine/snapshot?date=${addDays(FIRST_DAY, Math.floor((i * 7919) % DAYS))}`));
  emit(atMost('snapshot-30m', `all layers, random dates, ${places} places: p99 <= 20 ms${at}`, +percentile(snap, 99).toFixed(1), 20, 'ms', `200 requests, p50 ${percentile(snap, 50).toFixed(1)} ms`));

  const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
  emit(atMost('serve-rss', `dala serve on the scaled release, after the runs above: peak RSS <= 1 GiB${at}`, Math.round(kb('VmHWM') / 1024), 1024, 'MiB', `RSS now ${Math.round(kb('VmRSS') / 1024)} MiB`));
} finally {
  child.kill('SIGTERM');
}
