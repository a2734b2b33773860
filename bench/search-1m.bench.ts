// v1 search at scale: a store of BENCH_SEARCH_ENTITIES (default 1,000,000) SYNTHETIC entities
// (bench/scale/entities.ts) written by the release's own store writer, then one- and two-word
// queries in kk, ru and en, each with and without a typo, timed one at a time through the search
// engine the v1 route calls (one client, in process: the HTTP layer is not in these figures).
// BENCH_SEARCH_STORE=path reads an existing store instead of writing one. BENCH_SEARCH_RELEASES=dir
// (a releases directory whose current release is a scaled one, bench/scale/build.ts) reads that
// release's store and adds the HTTP runs (./search/http-1m.ts): over HTTP one client, 50 connections,
// the v1 entity routes and the server's resident memory.
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeStore } from '../src/publish/store/write.js';
import { allowSyntheticStores, openStore, SYNTHETIC_KIND } from '../src/store/open.js';
import { search } from '../src/serve/v1/search/engine.js';
import { atMost, emit, percentile } from './row.js';
import { syntheticEntity, syntheticEntityNameRows, syntheticEntityRows } from './scale/entities.js';
import { queryCells } from './search/queries.js';
import { httpRuns } from './search/http-1m.js';
import { readCurrent } from '../src/release/pointer.js';

const RELEASES = process.env.BENCH_SEARCH_RELEASES;
const current = RELEASES ? await readCurrent(RELEASES) : null;
if (RELEASES && !current) throw new Error(`${RELEASES} has no current release`);
const built = RELEASES
  ? (JSON.parse(await readFile(join(RELEASES, 'scaled-build.json'), 'utf8')) as {
      entities: number;
    })
  : null;
const N = built?.entities ?? Number(process.env.BENCH_SEARCH_ENTITIES ?? 1_000_000);
const GIVEN = current ? join(RELEASES!, current, 'store.sqlite') : process.env.BENCH_SEARCH_STORE;
const dir = await mkdtemp(join(tmpdir(), 'dala-bench-search-'));
try {
  const path = GIVEN ?? join(dir, 'store.sqlite');
  const t0 = performance.now();
  if (!GIVEN) {
    writeStore(path, {
      meta: { kind: SYNTHETIC_KIND, as_of: '2025-12-31', built_at: '2026-01-01T00:00:00Z' },
      layers: [],
      metrics: [],
      points: [],
      events: [],
      relations: [],
      claims: [],
      evidence: [],
      entities: syntheticEntityRows(N),
      entity_names: syntheticEntityNameRows(N),
    });
  }
  console.log(
    `store of ${N} synthetic entities ${GIVEN ? `read from ${GIVEN}` : `written in ${((performance.now() - t0) / 1000).toFixed(1)} s`}, ${((await stat(path)).size / 2 ** 20).toFixed(0)} MiB`,
  );
  allowSyntheticStores(true);
  const db = openStore(path);
  const { cells, rand } = queryCells(N);
  for (const c of cells.slice(0, 4)) for (const { q } of c.queries.slice(0, 10)) search(db, q); // warm the page cache and JIT
  const all: number[] = [];
  const allCpu: number[] = [];
  let foundAll = 0;
  for (const c of cells) {
    const times: number[] = [];
    const cpu: number[] = [];
    let found = 0;
    for (const { q, id } of c.queries) {
      const c0 = process.cpuUsage();
      const t = performance.now();
      const { hits } = search(db, q);
      times.push(performance.now() - t);
      const dc = process.cpuUsage(c0);
      cpu.push((dc.user + dc.system) / 1000);
      if (hits.slice(0, 10).some((h) => h.entity.id === id)) found++;
    }
    all.push(...times);
    allCpu.push(...cpu);
    foundAll += found;
    console.log(
      `${c.label}: wall p50 ${percentile(times, 50).toFixed(2)} ms, p99 ${percentile(times, 99).toFixed(2)} ms; CPU p50 ${percentile(cpu, 50).toFixed(2)} ms, p99 ${percentile(cpu, 99).toFixed(2)} ms; asked-for entity in the first 10 for ${found}/${c.queries.length} (synthetic names repeat, so many share a query)`,
    );
  }
  const p99 = Math.round(percentile(all, 99) * 100) / 100;
  const mean = all.reduce((a, b) => a + b, 0) / all.length;
  const load = (await readFile('/proc/loadavg', 'utf8').catch(() => '?'))
    .split(' ')
    .slice(0, 3)
    .join(' ');
  emit(
    atMost(
      'search-1m',
      `p99 <= 10 ms, one client, ${all.length} queries over ${N} entities (engine in process)`,
      p99,
      10,
      'ms',
      `p50 ${percentile(all, 50).toFixed(2)} ms; one- and two-word, kk/ru/en, with and without a typo; load average ${load}`,
    ),
  );
  emit({
    target: 'search-1m',
    bound:
      'CPU time per query, one client, engine in process (steadier than wall time on a shared machine)',
    value: Math.round(percentile(allCpu, 99) * 100) / 100,
    unit: 'ms',
    met: null,
    note: `p99; p50 ${percentile(allCpu, 50).toFixed(2)} ms, p90 ${percentile(allCpu, 90).toFixed(2)} ms; asked-for entity in the first 10 for ${foundAll}/${allCpu.length}`,
  });
  emit({
    target: 'search-1m',
    bound: 'sequential throughput, one client, engine in process',
    value: Math.round(1000 / mean),
    unit: 'queries/s',
    met: null,
  });
  db.close();
  if (RELEASES) {
    const ids = Array.from(
      { length: 200 },
      (_, k) => syntheticEntity(Math.floor(rand() * N)).entity.id,
    );
    await httpRuns(
      RELEASES,
      cells.flatMap((c) => c.queries.map((x) => x.q)),
      ids,
    );
  } else {
    emit({
      target: 'search-1m',
      bound: 'throughput at 50 connections over HTTP',
      value: null,
      unit: 'req/s',
      met: null,
      note: 'not measured: set BENCH_SEARCH_RELEASES to a releases directory holding a scaled release (bench/scale/build.ts)',
    });
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
