// The engine's targets on the scaled synthetic release (bench/scale/): series (month, 20 years) for one
// place and for all places, snapshot at a date over all layers, each also through a dimension filter
// (a third of the points are breakdowns by sex, urban/rural and age), the resident memory of `dala serve`,
// and the scaled build time. Requests go over HTTP to a `dala serve --benchmark` child process, one
// client, each URL different (so no answer cache can serve a repeat). Builds the release first when
// the directory holds none (DALA_SCALED_RELEASES, default ./releases-scaled).
// Run: npm run bench -- scaled (DALA_SCALED_ONLY=snapshot: the snapshot rows alone, in process and over HTTP)
import { spawn } from 'node:child_process';
import { get } from 'node:http';
import { PerformanceObserver } from 'node:perf_hooks';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

import { collectStartUpGarbage } from '../src/serve/runtime/start-up-heap.js';
import { atMost, emit, percentile } from './row.js';
import {
  at,
  DIMENSIONED,
  dimensioned,
  dir,
  FEMALE,
  place,
  places,
  RURAL,
  rows,
  seriesQuery,
  snapshotDate,
} from './scale/scaled-context.js';
import { measureInProcess } from './scale/in-process.js';

await measureInProcess();

const port = 20000 + Math.floor(Math.random() * 20000);
const bin = fileURLToPath(new URL('../bin/dala.js', import.meta.url));
// Load shedding off: one client never queues a request, so a 503 here would only say that the answer
// before took longer than the shedding bound on a loaded machine; the latency is what is measured.
// Nor a request or write timeout: the 12 MB identity answer over every place can take longer than 10 s
// on a loaded machine, and the server would cut it mid-body.
// One serving process: these figures are one process's (several workers: bench/workers.bench.ts).
const child = spawn(
  process.execPath,
  [bin, 'serve', '--benchmark', '--releases', dir, '--port', String(port)],
  {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      DALA_MAX_EVENT_LOOP_DELAY_MS: '3600000',
      DALA_REQUEST_TIMEOUT_MS: '600000',
      DALA_WRITE_TIMEOUT_MS: '600000',
      DALA_WORKERS: '1',
    },
  },
);
const base = `http://127.0.0.1:${port}`;
// The serve process's CPU time (user + system, /proc/<pid>/stat in clock ticks of 10 ms).
const serverCpuMs = async () => {
  const fields = (await readFile(`/proc/${child.pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
try {
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`dala serve exited with ${child.exitCode}`);
    const ok = await fetch(base + '/api/timemachine/health').then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    if (performance.now() - started > 300_000)
      throw new Error('dala serve did not answer within 300 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  console.log(
    `serve answered after ${((performance.now() - started) / 1000).toFixed(1)} s (store verification included)`,
  );
  // The store opens in place and answers while its whole-file hash runs on a worker thread: the rows
  // are timed once the server idles (under a tenth of a core over a second, at most 300 s), so that
  // neither their tails nor the server CPU per request count that start-up hash.
  const settling = performance.now();
  for (let last = await serverCpuMs(); performance.now() - settling < 300_000;) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = await serverCpuMs();
    if (now - last < 100) break;
    last = now;
  }
  console.log(`serve idle ${((performance.now() - settling) / 1000).toFixed(1)} s later`);

  // fetch asks for gzip and deflate (and br), as a browser does: the times include compressing the
  // answer (from a store of STORE_VERSION 3.0.0 on, for all places: composing its gzip from the
  // stored tail; 4.0.0 on, for one place too) and inflating it in this process.
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
  const seriesUrl = (i: number, placeParam: string) =>
    `/api/timemachine/series?${new URLSearchParams(seriesQuery(i))}${placeParam}`;
  // The answer as sent: time to its last byte in gzip (Accept-Encoding: gzip, br, as browsers send),
  // read as bytes on a kept-alive connection (node:http's global agent). fetch (undici) also inflates
  // the answer and costs this process more per request than the server's answer: reported beside it.
  // This process's own garbage-collection pauses during a row are counted in its times (the client
  // waits through them): reported with the row, so a tail the client made is told from the server's.
  const clientGc: number[] = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) clientGc.push(e.duration);
  }).observe({ entryTypes: ['gc'] });
  // The in-process rows above leave this process a large old generation: a full collection before
  // each timed row keeps its mark-compact pauses (10-12 ms each) out of the server's times.
  const raw = async (urls: string[]) => {
    collectStartUpGarbage();
    await new Promise((resolve) => setTimeout(resolve, 50)); // its own entry reaches the observer first
    clientGc.length = 0;
    const ms: number[] = [];
    let bytes = 0;
    for (const url of urls) {
      const t = performance.now();
      bytes = await new Promise<number>((resolve, reject) => {
        get(base + url, { headers: { 'accept-encoding': 'gzip, br' } }, (res) => {
          let n = 0;
          res.on('data', (chunk: Buffer) => {
            n += chunk.length;
          });
          res.on('end', () =>
            res.statusCode === 200 ? resolve(n) : reject(new Error(`${url}: ${res.statusCode}`)),
          );
        }).on('error', reject);
      });
      ms.push(performance.now() - t);
    }
    const gc = `client GC ${clientGc.length} pauses, ${clientGc.reduce((a, b) => a + b, 0).toFixed(0)} ms in all, longest ${Math.max(0, ...clientGc).toFixed(1)} ms`;
    return { ms, bytes, gc };
  };
  // The server's first answers of a route compile its schemas and code (once per process): warmed on
  // other URLs than the ones timed, the page cache with them.
  if (rows('series')) {
    await raw(Array.from({ length: 20 }, (_, i) => seriesUrl(5000 + i, `&place=${place(i * 7)}`)));
    const cpu0 = await serverCpuMs();
    const one = await raw(
      Array.from({ length: 200 }, (_, i) => seriesUrl(i + 1, `&place=${place(i)}`)),
    );
    const serverCpu = ((await serverCpuMs()) - cpu0) / 200;
    emit(
      atMost(
        'series-30m',
        `month, 20 years, one place, as sent (gzip bytes to the last): p99 <= 20 ms${at}`,
        +percentile(one.ms, 99).toFixed(1),
        20,
        'ms',
        `200 requests, p50 ${percentile(one.ms, 50).toFixed(1)} ms, server CPU ${serverCpu.toFixed(2)} ms per request, ${one.bytes} bytes`,
      ),
    );
    const oneFetched = await time(
      Array.from({ length: 200 }, (_, i) => seriesUrl(4000 + i, `&place=${place(i)}`)),
    );
    emit({
      target: 'series-30m',
      bound: `month, 20 years, one place, fetched and inflated by the client (fetch): reported${at}`,
      value: +percentile(oneFetched, 99).toFixed(1),
      unit: 'ms',
      met: null,
      note: `200 requests, p50 ${percentile(oneFetched, 50).toFixed(1)} ms`,
    });
    const sent = await raw(Array.from({ length: 20 }, (_, i) => seriesUrl(3000 + i, '')));
    emit(
      atMost(
        'series-30m',
        `month, 20 years, all ${places} places, as sent (gzip bytes to the last): p99 <= 100 ms${at}`,
        +percentile(sent.ms, 99).toFixed(1),
        100,
        'ms',
        `20 requests, p50 ${percentile(sent.ms, 50).toFixed(1)} ms, ${sent.bytes} bytes`,
      ),
    );
    const all = await time(Array.from({ length: 20 }, (_, i) => seriesUrl(1000 + i, '')));
    emit({
      target: 'series-30m',
      bound: `month, 20 years, all ${places} places, fetched and inflated by the client (fetch): reported${at}`,
      value: +percentile(all, 99).toFixed(1),
      unit: 'ms',
      met: null,
      note: `20 requests, p50 ${percentile(all, 50).toFixed(1)} ms`,
    });
    const plain = await time(
      Array.from({ length: 20 }, (_, i) => seriesUrl(2000 + i, '')),
      { 'accept-encoding': 'identity' },
    );
    emit({
      target: 'series-30m',
      bound: `month, 20 years, all ${places} places, uncompressed (Accept-Encoding: identity): reported${at}`,
      value: +percentile(plain, 99).toFixed(1),
      unit: 'ms',
      met: null,
      note: `20 requests, p50 ${percentile(plain, 50).toFixed(1)} ms`,
    });
    if (dimensioned) {
      const filtered = (i: number, placeParam: string, dims: Record<string, string>) =>
        `/api/timemachine/series?${new URLSearchParams({ ...seriesQuery(i, undefined, DIMENSIONED), ...dims })}${placeParam}`;
      await raw(
        Array.from({ length: 20 }, (_, i) => filtered(5000 + i, `&place=${place(i * 7)}`, FEMALE)),
      );
      const oneF = await raw(
        Array.from({ length: 200 }, (_, i) => filtered(6000 + i, `&place=${place(i)}`, FEMALE)),
      );
      emit(
        atMost(
          'series-30m',
          `month, 20 years, one place, ${DIMENSIONED} at sex=F, as sent (gzip bytes to the last): p99 <= 20 ms${at}`,
          +percentile(oneF.ms, 99).toFixed(1),
          20,
          'ms',
          `200 requests, p50 ${percentile(oneF.ms, 50).toFixed(1)} ms, ${oneF.bytes} bytes`,
        ),
      );
      const allR = await raw(Array.from({ length: 20 }, (_, i) => filtered(7000 + i, '', RURAL)));
      emit(
        atMost(
          'series-30m',
          `month, 20 years, all ${places} places, ${DIMENSIONED} at area=R, as sent (gzip bytes to the last): p99 <= 100 ms${at}`,
          +percentile(allR.ms, 99).toFixed(1),
          100,
          'ms',
          `20 requests, p50 ${percentile(allR.ms, 50).toFixed(1)} ms, ${allR.bytes} bytes`,
        ),
      );
    }
  }
  if (rows('snapshot')) {
    // Snapshot, as the series rows: warmed on other dates, timed as sent (gzip bytes to the last), and
    // fetched (the client inflates the ~1 MB answer) reported beside it.
    const snapshotUrl = (i: number) => `/api/timemachine/snapshot?date=${snapshotDate(i)}`;
    await raw(Array.from({ length: 20 }, (_, i) => snapshotUrl(1000 + i)));
    const snapCpu0 = await serverCpuMs();
    const snap = await raw(Array.from({ length: 200 }, (_, i) => snapshotUrl(i)));
    const snapCpu = ((await serverCpuMs()) - snapCpu0) / 200;
    emit(
      atMost(
        'snapshot-30m',
        `all layers, random dates, ${places} places, as sent (compressed bytes to the last): p99 <= 20 ms${at}`,
        +percentile(snap.ms, 99).toFixed(1),
        20,
        'ms',
        `200 requests, p50 ${percentile(snap.ms, 50).toFixed(1)} ms, server CPU ${snapCpu.toFixed(2)} ms per request, ${snap.bytes} bytes; ${snap.gc}`,
      ),
    );
    const snapFetched = await time(Array.from({ length: 200 }, (_, i) => snapshotUrl(2000 + i)));
    emit({
      target: 'snapshot-30m',
      bound: `all layers, random dates, ${places} places, fetched and inflated by the client (fetch): reported${at}`,
      value: +percentile(snapFetched, 99).toFixed(1),
      unit: 'ms',
      met: null,
      note: `200 requests, p50 ${percentile(snapFetched, 50).toFixed(1)} ms`,
    });
    const snapF = await raw(
      Array.from({ length: 200 }, (_, i) => `${snapshotUrl(3000 + i)}&sex=F`),
    );
    emit(
      atMost(
        'snapshot-30m',
        `sex=F, random dates, ${places} places, as sent (compressed bytes to the last): p99 <= 20 ms${at}`,
        +percentile(snapF.ms, 99).toFixed(1),
        20,
        'ms',
        `200 requests, p50 ${percentile(snapF.ms, 50).toFixed(1)} ms, ${snapF.bytes} bytes; ${snapF.gc}`,
      ),
    );
  }

  const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
  emit(
    atMost(
      'serve-rss',
      `dala serve on the scaled release, after the runs above: peak RSS <= 1 GiB${at}`,
      Math.round(kb('VmHWM') / 1024),
      1024,
      'MiB',
      `RSS now ${Math.round(kb('VmRSS') / 1024)} MiB`,
    ),
  );
} finally {
  child.kill('SIGTERM');
}
