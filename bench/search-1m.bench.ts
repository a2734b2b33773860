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
import { writeStore } from '../src/publish/store.js';
import { allowSyntheticStores, openStore, SYNTHETIC_KIND } from '../src/store/open.js';
import { search } from '../src/serve/v1/search/engine.js';
import { atMost, emit, percentile } from './row.js';
import { prng, syntheticEntity, syntheticEntityNameRows, syntheticEntityRows } from './scale/entities.js';
import { httpRuns } from './search/http-1m.js';
import { readCurrent } from '../src/release/pointer.js';

const RELEASES = process.env.BENCH_SEARCH_RELEASES;
const current = RELEASES ? await readCurrent(RELEASES) : null;
if (RELEASES && !current) throw new Error(`${RELEASES} has no current release`);
const built = RELEASES ? (JSON.parse(await readFile(join(RELEASES, 'scaled-build.json'), 'utf8')) as { entities: number }) : null;
const N = built?.entities ?? Number(process.env.BENCH_SEARCH_ENTITIES ?? 1_000_000);
const GIVEN = current ? join(RELEASES!, current, 'store.sqlite') : process.env.BENCH_SEARCH_STORE;
const PER_CELL = 60; // queries per (locale, words, typo) cell: 12 cells

function typo(word: string, rand: () => number): string {
  const chars = [...word];
  if (chars.length < 4) return word;
  const i = 1 + Math.floor(rand() * (chars.length - 2)); // never the first letter
  [chars[i], chars[i - 1]] = [chars[i - 1]!, chars[i]!];
  return chars.join('') === word ? word + word.at(-1) : chars.join('');
}

const dir = await mkdtemp(join(tmpdir(), 'dala-bench-search-'));
try {
  const path = GIVEN ?? join(dir, 'store.sqlite');
  const t0 = performance.now();
  if (!GIVEN) {
    writeStore(path, {
      meta: { kind: SYNTHETIC_KIND, as_of: '2025-12-31', built_at: '2026-01-01T00:00:00Z' },
      layers: [], metrics: [], points: [], events: [], relations: [], claims: [], evidence: [],
      entities: syntheticEntityRows(N), entity_names: syntheticEntityNameRows(N),
    });
  }
  console.log(`store of ${N} synthetic entities ${GIVEN ? `read from ${GIVEN}` : `written in ${((performance.now() - t0) / 1000).toFixed(1)} s`}, ${((await stat(path)).size / 2 ** 20).toFixed(0)} MiB`);
  allowSyntheticStores(true);
  const db = openStore(path);
  const rand = prng(42);
  const cells: { label: string; queries: { q: string; id: string }[] }[] = [];
  for (const locale of ['kk', 'ru', 'en'] as const) {
    for (const words of [1, 2]) {
      for (const withTypo of [false, true]) {
        const queries: { q: string; id: string }[] = [];
        for (let k = 0; k < PER_CELL; k++) {
          const e = syntheticEntity(Math.floor(rand() * N)).entity;
          const name = (locale === "kk" ? e.name_kk : locale === "ru" ? e.name_ru : e.name_en) ?? e.name_en;
          const parts = name.split(' ').slice(0, words);
          // the distinctive word (the longest) carries the typo
          const longest = parts.reduce((a, b, i) => (b.length > parts[a]!.length ? i : a), 0);
          if (withTypo) parts[longest] = typo(parts[longest]!, rand);
          queries.push({ q: parts.join(' '), id: e.id });
        }
        cells.push({ label: `${locale}, ${words} word${words > 1 ? 's' : ''}${withTypo ? ', typo' : ''}`, queries });
      }
    }
  }
  for (const c of cells.slice(0, 4)) for (const { q } of c.queries.slice(0, 10)) search(db, q); // warm the page cache and JIT
  const all: number[] = [];
  for (const c of cells) {
    const times: number[] = [];
    let found = 0;
    for (const { q, id } of c.queries) {
      const t = performance.now();
      const { hits } = search(db, q);
      times.push(performance.now() - t);
      if (hits.slice(0, 10).some((h) => h.entity.id === id)) found++;
    }
    all.push(...times);
    console.log(`${c.label}: p50 ${percentile(times, 50).toFixed(2)} ms, p99 ${percentile(times, 99).toFixed(2)} ms; asked-for entity in the first 10 for ${found}/${c.queries.length} (synthetic names repeat, so many share a query)`);
  }
  const p99 = Math.round(percentile(all, 99) * 100) / 100;
  const mean = all.reduce((a, b) => a + b, 0) / all.length;
  emit(atMost('search-1m', `p99 <= 10 ms, one client, ${all.length} queries over ${N} entities (engine in process)`, p99, 10, 'ms', `p50 ${percentile(all, 50).toFixed(2)} ms; one- and two-word, kk/ru/en, with and without a typo`));
  emit({ target: 'search-1m', bound: 'sequential throughput, one client, engine in process', value: Math.round(1000 / mean), unit: 'queries/s', met: null });
  db.close();
  if (RELEASES) {
    const ids = Array.from({ length: 200 }, (_, k) => syntheticEntity(Math.floor(rand() * N)).entity.id);
    await httpRuns(RELEASES, cells.flatMap((c) => c.queries.map((x) => x.q)), ids);
  } else {
    emit({ target: 'search-1m', bound: 'throughput at 50 connections over HTTP', value: null, unit: 'req/s', met: null, note: 'not measured: set BENCH_SEARCH_RELEASES to a releases directory holding a scaled release (bench/scale/build.ts)' });
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
