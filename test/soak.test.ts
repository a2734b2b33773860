// Soak: `dala serve` (a child process on 127.0.0.1, serving the real release built from the pinned
// snapshots) gets a fixed request mix over /data/ (every coding), the time-slice routes and the v1
// facade (cursors followed, POST bodies, deliberate 404/400s, If-None-Match revalidations) at a
// steady offered rate over a fixed set of keep-alive connections, for DALA_SOAK_SECONDS after a
// warm-up (180 s in CI; `npm run soak` runs 15 minutes). It checks:
// - no error responses beyond the rate limit's: every answer has a status its request may get (the
//   deliberate 4xx included), v1 requests spread over many client addresses (X-Forwarded-For from the
//   configured trusted proxy, 127.0.0.1) never get 429, and one greedy address gets 200 or 429 only;
//   the same request always gets the same status and the same ETag (a sealed release never changes;
//   v1 health, a live status of the serving processes, only the same status);
//   the server logs no error line;
// - resident memory (VmRSS, sampled every second) stays within a stated bound and does not grow: the
//   server runs the default configuration (a worker per core), and what is sampled is its largest
//   serving process, since each worker holds the release, the store and an answer cache of its own;
// - the p99 latency of every later minute stays within 2x the first minute's.
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { readCurrent } from '../src/release/pointer.js';
import { pool, send } from './support/http-client.js';
import { residentBytes, serveProcesses } from './support/process-tree.js';
import { realRelease } from './support/release.js';
import { filesUnder } from './support/released-files.js';
import { startServe } from './support/serve-child.js';
import { soakMix, type Family } from './support/soak-mix.js';
import { median, mib, percentile, windows } from './support/soak-stats.js';
import { witnessStalls, type Stall } from './support/stall-witness.js';

const SECONDS = Number(process.env.DALA_SOAK_SECONDS || 180);
const WARMUP_SECONDS = Number(process.env.DALA_SOAK_WARMUP_SECONDS || 20);
const RATE = Number(process.env.DALA_SOAK_RATE || 200); // requests per second offered
const CONNECTIONS = 12;
const MINUTE = 60_000;
// Latency is judged minute by minute: a minute at 200/s holds 12,000 answers, so its p99 rests on
// its 120 slowest, where a 30 s window's rested on 60 and swung with two or three pauses more or less.
const WINDOW_MS = MINUTE;

// Memory bounds, in bytes. The baseline is the median VmRSS of the first measured minute: the release
// is loaded (its data/ tree and store held in memory), the warm-up has sent every request of the mix
// at least twice, so the answer cache holds every answer the mix can produce and V8 has compiled the
// hot paths. After that a fixed mix needs no new memory, but V8 lets old-space garbage pile up
// between full collections: in a 600 s run at 200/s (real release, from source) VmRSS rose from a
// first-minute median of 205 MiB to 228 MiB over 500 s, in steps as the heap grew, then a full
// collection brought it to 184 MiB, below where it started; a leak never comes back down.
// - HEADROOM: the peak may pass the baseline by at most 64 MiB, the answer cache's whole byte budget
//   (src/serve/answers/cache.ts) once more, over twice the 24 MiB garbage swing measured above;
// - GROWTH: the median of the last minute may pass the first minute's by at most 32 MiB, above that
//   swing, so that where the run ends in V8's collection cycle cannot fail it; a leak of 2 KiB per
//   request passes it in the CI run (150 s at 200/s), one of 0.25 KiB per request in `npm run soak`
//   (15 minutes), and a cache growing without bound passes it in either;
// - CAP: every sealed data file and its compressed variants, which a serving process reads once and
//   holds (src/serve/releases/release-holder.ts readAhead), plus 448 MiB for the rest, each part a
//   known bound: about 200 MiB of code and the release's model in the heap at start (measured: 393 MiB
//   at start with 187 MiB of data files), SQLite's 64 MiB page cache (src/store/reader.ts), the 64 MiB
//   answer cache and HEADROOM for V8's garbage between collections. So a baseline that itself balloons
//   (a release held twice, a cache with no budget filled during warm-up) fails even if it then stays
//   flat, while the cap grows with the release's own files and nothing else.
const HEADROOM = 64 * 2 ** 20;
const GROWTH = 32 * 2 ** 20;
const CAP_BEYOND_DATA = 448 * 2 ** 20;
// Latency: each later window's p99 must stay within 2x the first minute's p99, but never below a
// floor of 25 ms: on a loopback with a p99 of a few milliseconds, a single descheduling of the
// server or of this client by another process on the (shared, 2-core) machine costs more than the
// whole p99, so 2x of 3 ms would measure the neighbours; a slow-down of the server itself (a cache
// that grows and is scanned, a leak that makes collections longer) moves the p99 past 25 ms.
const P99_FLOOR_MS = 25;

// Machine-wide stalls. On a shared machine every process on it can be held up at once, for tens of
// milliseconds or for seconds (seen at load 20 on 2 cores: this client and the server both stopped
// for 3 s; in a CI run, stalls under 100 ms alone doubled one window's p99). Two witnesses
// (test/support/stall-witness.ts), this client and an idle sentinel process, see such a stall as
// their timers running late by over STALL_MS. Requests in flight across a witnessed stall are left
// out of the latency windows (their time measures the machine, not the server), and a 503
// `overloaded` from the server's load shedding (event loop late past its bound,
// src/serve/load/load-shed.ts) is excused only within STALL_SLACK_MS of one: that is the shedding doing
// its job for a starved machine. A stall of the server alone (a long collection, synchronous work)
// stops neither witness and is not excused: its 503s and its latency fail the test.
const STALL_MS = 30;
const STALL_SLACK_MS = 2000;
// A window is judged on the answers no stall touched; when stalls touched more than half of a
// window's answers, what is left is not a sample of it, and the run says the machine was too busy
// to judge rather than pass or fail the server on it.
const MIN_JUDGED = 0.5;
// A later minute over the bound (or too busy to judge) is measured again: the run goes on for one more
// minute, up to EXTRA_MINUTES times, and the minute is forgiven if the one after it is within the
// bound. A server that got slower (a leak lengthening collections, a cache scanned as it grows) stays
// slow in the next minute too; a neighbour's burst of work does not last. The last minute always
// counts, so a slow-down that persists fails.
const EXTRA_MINUTES = 2;

const TRUSTED_PROXY = '127.0.0.1';
const GREEDY = '192.0.2.7'; // TEST-NET-1 (RFC 5737): one client that asks faster than its budget
const GREEDY_EVERY = 25; // every 25th v1 request: about 3/s at the CI rate, over the 1/s refill
// 4096 addresses of the benchmarking block 198.18.0.0/15 (RFC 2544): at 200/s, of which about a third
// are v1, each address asks about once a minute, well inside its budget of 30 then 1/s.
const SPREAD = 4096;
const spreadAddress = (n: number) => `198.18.${(n % SPREAD) >> 8}.${n % 256}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Done {
  t: number;
  ms: number;
  status: number;
  family: Family;
}
const overlaps = (d: Done, stalls: readonly Stall[], slack = 0) =>
  stalls.some((s) => d.t - d.ms <= s.to + slack && d.t >= s.from - slack);

interface Judged {
  from: number;
  to: number;
  share: number;
  p99: number;
}

/** The first minute and each later minute's p99 over the answers no witnessed stall touched. */
function judgeLatency(
  done: readonly Done[],
  stalls: readonly Stall[],
  end: number,
): { first: Judged; later: Judged[]; limit: number } {
  const answered = done.filter((d) => d.status !== 503);
  const judged = (from: number, to: number): Judged => {
    const all = answered.filter((d) => d.t >= from && d.t < to);
    const left = all.filter((d) => !overlaps(d, stalls));
    return {
      from,
      to,
      share: all.length ? left.length / all.length : 0,
      p99: percentile(
        left.map((d) => d.ms),
        99,
      ),
    };
  };
  const first = judged(0, MINUTE);
  const later = windows(answered, MINUTE, end, WINDOW_MS).map((w) => judged(w.from, w.to));
  return { first, later, limit: Math.max(2 * first.p99, P99_FLOOR_MS) };
}
const within = (w: Judged, limit: number) => w.share >= MIN_JUDGED && w.p99 <= limit;

test(
  `soak: a fixed mix over /data/, timemachine and v1 for ${SECONDS} s keeps resident memory bounded and flat, p99 within 2x the first minute, and no error beyond the rate limit's`,
  { timeout: (WARMUP_SECONDS + SECONDS) * 1000 + 15 * MINUTE },
  async () => {
    assert.ok(SECONDS >= 120, 'DALA_SOAK_SECONDS must be at least 120: a first and a last minute');
    const releasesDir = process.env.DALA_SOAK_RELEASES || (await realRelease()).releasesDir;
    const revision = await readCurrent(releasesDir);
    assert.ok(revision, `no CURRENT release in ${releasesDir}`);
    const heldData = filesUnder(join(releasesDir, revision, 'data')).reduce(
      (sum, path) => sum + statSync(path).size,
      0,
    );
    const CAP = CAP_BEYOND_DATA + heldData;
    const server = await startServe(releasesDir, { DALA_TRUSTED_PROXIES: TRUSTED_PROXY });
    const pid = server.child.pid!;
    const agent = pool(CONNECTIONS);
    const rss: { t: number; bytes: number }[] = [];
    const done: Done[] = [];
    const failures: string[] = [];
    const counts = new Map<string, number>(); // "family status" -> answers
    let t0 = performance.now(); // start of the measured run (reset when the warm-up ends)
    let measuring = false;
    const witness = await witnessStalls(STALL_MS);
    let stalls: Stall[] = []; // witnessed stalls in the run's time, filled in when it ends
    const shed: { done: Done; what: string }[] = []; // 503 overloaded answers, judged against the stalls
    let stop = false;
    let end = SECONDS * 1000; // the measured run's length, longer if a slow minute is measured again
    const runStalls = () =>
      witness.stalls().map((s) => ({
        from: s.from - (performance.timeOrigin + t0),
        to: s.to - (performance.timeOrigin + t0),
      }));
    const sampler = setInterval(() => {
      // the primary and every worker, asked each time: a worker restarted has another pid
      const bytes = Math.max(0, ...serveProcesses(pid).map(residentBytes));
      if (bytes > 0) rss.push({ t: performance.now() - t0, bytes });
    }, 1000);
    try {
      let discovery = 0;
      const mix = await soakMix(server.url, releasesDir, revision, agent, () => ({
        'x-forwarded-for': `198.19.${(discovery >> 8) % 256}.${discovery++ % 256}`,
      }));
      const first = new Map<number, { status: number; etag?: string; bytes: number }>(); // entry -> its first plain answer
      const sends = new Map<number, number>();
      let sent = 0;
      let v1 = 0;
      let nextSlot = performance.now();
      const worker = async () => {
        while (!stop) {
          const now = performance.now();
          const slot = Math.max(nextSlot, now); // a slot missed while the server was busy is dropped, not made up in a burst
          nextSlot = slot + 1000 / RATE;
          if (slot > now) await sleep(slot - now);
          const index = sent++ % mix.length;
          const entry = mix[index]!;
          const headers = { ...entry.headers };
          let expect = entry.expect;
          let greedy = false;
          if (entry.family === 'v1') {
            greedy = v1 % GREEDY_EVERY === 0;
            headers['x-forwarded-for'] = greedy ? GREEDY : spreadAddress(v1);
            v1++;
          }
          const nth = sends.get(index) ?? 0;
          sends.set(index, nth + 1);
          const known = first.get(index);
          // Every fourth send of a request whose answer had an ETag revalidates it: 304 expected.
          const conditional = nth % 4 === 3 && known?.etag !== undefined;
          if (conditional) {
            headers['if-none-match'] = known.etag!;
            expect = [304];
          }
          if (greedy) expect = [...expect, 429];
          try {
            const r = await send(
              server.url,
              { method: entry.method, path: entry.path, headers, body: entry.body },
              agent,
            );
            const key = `${entry.family} ${r.status}`;
            counts.set(key, (counts.get(key) ?? 0) + 1);
            const what = `at ${((performance.now() - t0) / 1000).toFixed(1)} s ${entry.method} ${entry.path}${conditional ? ' (If-None-Match)' : ''}${greedy ? ' (greedy client)' : ''}`;
            const answered: Done = {
              t: performance.now() - t0,
              ms: r.ms,
              status: r.status,
              family: entry.family,
            };
            if (r.status === 503 && r.body.includes('/problems/overloaded'))
              shed.push({ done: answered, what });
            else if (!expect.includes(r.status))
              failures.push(`${what}: ${r.status} ${r.body.toString('utf8').slice(0, 200)}`);
            else if (!conditional && r.status !== 429 && !entry.live) {
              const etag = typeof r.headers.etag === 'string' ? r.headers.etag : undefined;
              if (!known) first.set(index, { status: r.status, etag, bytes: r.body.length });
              else if (
                known.status !== r.status ||
                known.etag !== etag ||
                known.bytes !== r.body.length
              ) {
                failures.push(
                  `${what}: answered ${r.status} ${etag} (${r.body.length} bytes), first ${known.status} ${known.etag} (${known.bytes} bytes)`,
                );
              }
            }
            if (measuring) done.push(answered);
          } catch (err) {
            failures.push(
              `at ${((performance.now() - t0) / 1000).toFixed(1)} s ${entry.method} ${entry.path}: ${(err as Error).message}`,
            );
          }
        }
      };
      const workers = Array.from({ length: CONNECTIONS }, worker);
      // Warm-up: at least WARMUP_SECONDS and two passes over the mix (every answer cached, every ETag known).
      while (performance.now() - t0 < WARMUP_SECONDS * 1000 || sent < 2 * mix.length)
        await sleep(100);
      const warmup = { seconds: (performance.now() - t0) / 1000, requests: sent, mix: mix.length };
      const shift = performance.now() - t0; // times so far become relative to the measured run's start
      for (const s of rss) s.t -= shift;
      for (const s of shed) s.done.t -= shift;
      t0 += shift;
      measuring = true;
      await sleep(SECONDS * 1000);
      for (let extra = 0; extra < EXTRA_MINUTES; extra++) {
        const { later, limit } = judgeLatency(done, runStalls(), end);
        if (within(later.at(-1)!, limit)) break;
        console.log(
          `# soak: ${later.at(-1)!.from / 1000}-${end / 1000} s over the bound or too busy to judge; measuring one more minute`,
        );
        end += MINUTE;
        await sleep(end - (performance.now() - t0));
      }
      stop = true;
      await Promise.all(workers);
      clearInterval(sampler);
      stalls = runStalls();
      console.log(
        `# soak: mix of ${mix.length} requests; warm-up ${warmup.seconds.toFixed(0)} s, ${warmup.requests} requests`,
      );
    } finally {
      stop = true;
      clearInterval(sampler);
      await witness.stop();
      agent.destroy();
      await server.stop();
    }

    // Figures first, so a failing run still reports them.
    const measured = rss.filter((s) => s.t >= 0 && s.t < end);
    const firstMinute = median(measured.filter((s) => s.t < MINUTE).map((s) => s.bytes));
    const lastMinute = median(measured.filter((s) => s.t >= end - MINUTE).map((s) => s.bytes));
    const peak = Math.max(...measured.map((s) => s.bytes));
    const atStart = rss[0]?.bytes ?? NaN;
    const unshed = shed.filter((s) => !overlaps(s.done, stalls, STALL_SLACK_MS));
    for (const s of unshed)
      failures.push(`${s.what}: 503 overloaded with no stall of this machine witnessed`);
    const timed = done.filter((d) => d.status !== 503 && !overlaps(d, stalls));
    const { first: firstLatency, later, limit } = judgeLatency(done, stalls, end);
    const p99First = firstLatency.p99;
    const perFamily = (['data', 'timemachine', 'v1'] as Family[]).map(
      (f) =>
        `${f} p99 ${percentile(
          timed.filter((d) => d.family === f).map((d) => d.ms),
          99,
        ).toFixed(1)} ms`,
    );
    console.log(
      `# soak: ${done.length} requests measured over ${end / 1000} s (${(done.length / (end / 1000)).toFixed(0)}/s offered ${RATE}/s, ${CONNECTIONS} connections); statuses ${JSON.stringify(Object.fromEntries([...counts].sort()))}`,
    );
    console.log(
      `# soak: RSS at start ${mib(atStart)} MiB, first-minute median ${mib(firstMinute)} MiB, last-minute median ${mib(lastMinute)} MiB, peak ${mib(peak)} MiB, at end ${mib(measured.at(-1)?.bytes ?? NaN)} MiB`,
    );
    const trace = windows(measured, 0, end, WINDOW_MS / 3).map((w) =>
      mib(median(w.items.map((s) => s.bytes))),
    );
    console.log(`# soak: RSS median per ${WINDOW_MS / 3000} s (MiB): ${trace.join(' ')}`);
    const share = (w: { share: number }) => `${(100 * w.share).toFixed(0)}% judged`;
    console.log(
      `# soak: p99 first minute ${p99First.toFixed(1)} ms, ${share(firstLatency)} (limit ${limit.toFixed(1)} ms); later windows ${later.map((w) => `${w.from / 1000}-${w.to / 1000}s ${w.p99.toFixed(1)} ms, ${share(w)}`).join('; ')}; ${perFamily.join(', ')}`,
    );
    // DALA_SOAK_TRACE=<file>: every RSS sample and every request's time and latency, for a closer look.
    if (process.env.DALA_SOAK_TRACE)
      await writeFile(process.env.DALA_SOAK_TRACE, JSON.stringify({ rss, done }));
    // A shed request (503 overloaded) is logged at error level too; those answers are judged above.
    const errorLines = server.log.filter(
      (line) =>
        Number(line.level) >= 50 &&
        (line.err as { code?: string } | undefined)?.code !== 'overloaded',
    );
    const stalled = stalls.filter((s) => s.to >= 0);
    console.log(
      `# soak: ${stalled.length} stalls of this machine witnessed (${stalled.reduce((n, s) => n + s.to - s.from, 0).toFixed(0)} ms in all, longest ${Math.max(0, ...stalled.map((s) => s.to - s.from)).toFixed(0)} ms); ${done.length - timed.length} requests across them left out of the latency windows; ${shed.length - unshed.length} 503 overloaded excused by them, ${unshed.length} not`,
    );
    if (failures.length)
      console.log(
        `# soak: ${failures.length} failures, first ${failures[0]!.slice(0, 14)}, last ${failures.at(-1)!.slice(0, 14)}`,
      );
    // The server's own account of anything that went wrong, for the failures above.
    for (const line of server.log.filter((l) => Number(l.level) >= 40).slice(0, 10))
      console.log(`# soak: server log ${JSON.stringify(line).slice(0, 400)}`);
    assert.deepEqual(failures.slice(0, 10), [], `${failures.length} failed requests`);
    assert.deepEqual(errorLines.slice(0, 5), [], 'the server logged errors');
    assert.equal(server.stderr(), '', 'the server wrote to stderr');
    assert.ok(
      done.length > 0.5 * RATE * (end / 1000),
      `only ${done.length} requests in ${end / 1000} s at an offered ${RATE}/s`,
    );
    assert.ok(
      peak <= firstMinute + HEADROOM,
      `RSS peak ${mib(peak)} MiB passed the first minute's ${mib(firstMinute)} MiB by more than ${mib(HEADROOM)} MiB`,
    );
    assert.ok(
      peak <= CAP,
      `RSS peak ${mib(peak)} MiB over the ${mib(CAP)} MiB cap (${mib(heldData)} MiB of data files held)`,
    );
    assert.ok(
      lastMinute - firstMinute <= GROWTH,
      `RSS grew from ${mib(firstMinute)} MiB (first minute) to ${mib(lastMinute)} MiB (last minute)`,
    );
    assert.ok(
      firstLatency.share >= MIN_JUDGED,
      `the machine was too busy to judge latency: stalls touched ${(100 * (1 - firstLatency.share)).toFixed(0)}% of the answers in the first minute`,
    );
    later.forEach((w, i) => {
      if (within(w, limit) || (i + 1 < later.length && within(later[i + 1]!, limit))) return;
      assert.ok(
        w.share >= MIN_JUDGED,
        `the machine was too busy to judge latency: stalls touched ${(100 * (1 - w.share)).toFixed(0)}% of the answers in ${w.from / 1000}-${w.to / 1000} s`,
      );
      assert.fail(
        `p99 ${w.p99.toFixed(1)} ms in ${w.from / 1000}-${w.to / 1000} s, over ${limit.toFixed(1)} ms (2x the first minute's ${p99First.toFixed(1)} ms, floor ${P99_FLOOR_MS} ms), and ${i + 1 < later.length ? 'so is the minute after it' : 'it is the last minute'}`,
      );
    });
  },
);
