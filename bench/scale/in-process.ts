// The scaled bench's rows in process (bench/scaled.bench.ts), on the same store: the route's own
// functions, read-only, no HTTP.

import { join } from 'node:path';
import Database from 'better-sqlite3';
import { readCurrent } from '../../src/release/pointer.js';
import { composedSeries, series } from '../../src/serve/timemachine/series.js';
import { snapshotAnswer } from '../../src/serve/timemachine/snapshot.js';
import { stringifyAnswer } from '../../src/serve/answers/raw-json.js';
import type { LoadedRelease } from '../../src/serve/releases/release-types.js';
import { collectStartUpGarbage } from '../../src/serve/runtime/start-up-heap.js';
import { fixServingHeapGrowth } from '../../src/serve/runtime/heap-growth.js';
import { atMost, emit, percentile } from '../row.js';
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
} from './scaled-context.js';

// In process, on the same store: the route's own functions, read-only, no HTTP. Wall and CPU time
// per answer (CPU time is the steadier figure on a shared machine). The heap grows as in a serving
// process (src/serve/runtime/heap-growth.ts).
export async function measureInProcess(): Promise<void> {
  fixServingHeapGrowth();
  const revision = await readCurrent(dir);
  const db = new Database(join(dir, revision!, 'store.sqlite'), { readonly: true });
  const release = {
    db,
    revision: revision!,
    seal: { as_of: '2024-12-31' },
    files: new Map(),
  } as unknown as LoadedRelease;
  const inProcess = (n: number, answer: (i: number) => Buffer | string) => {
    const ms: number[] = [];
    const cpu0 = process.cpuUsage();
    let bytes = 0;
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      bytes = answer(i).length;
      ms.push(performance.now() - t);
    }
    const cpu = process.cpuUsage(cpu0);
    return { ms, bytes, cpuMs: (cpu.user + cpu.system) / 1000 / n };
  };
  if (rows('series')) {
    inProcess(1, (i) => stringifyAnswer(series(release, seriesQuery(i, place(0))))); // warm the page cache once
    const one = inProcess(200, (i) =>
      stringifyAnswer(series(release, seriesQuery(i + 1, place(i)))),
    );
    emit(
      atMost(
        'series-30m',
        `in process, month, 20 years, one place: p99 <= 20 ms${at}`,
        +percentile(one.ms, 99).toFixed(1),
        20,
        'ms',
        `200 answers, p50 ${percentile(one.ms, 50).toFixed(1)} ms, CPU ${one.cpuMs.toFixed(1)} ms per answer, ${one.bytes} bytes`,
      ),
    );
    // What a gzip client gets from a store of STORE_VERSION 4.0.0 on: the head deflated, the place's stored entry joined.
    if (composedSeries(release, seriesQuery(998, place(0))) !== undefined) {
      const oneGz = inProcess(
        200,
        (i) => composedSeries(release, seriesQuery(i + 1, place(i)))!.gzip,
      );
      emit(
        atMost(
          'series-30m',
          `in process, month, 20 years, one place, gzip composed from the stored entry: p99 <= 20 ms${at}`,
          +percentile(oneGz.ms, 99).toFixed(1),
          20,
          'ms',
          `200 answers, p50 ${percentile(oneGz.ms, 50).toFixed(1)} ms, CPU ${oneGz.cpuMs.toFixed(2)} ms per answer, ${oneGz.bytes} bytes gzipped`,
        ),
      );
    }
    const composable = composedSeries(release, seriesQuery(999)) !== undefined; // stores of STORE_VERSION 3.0.0 on
    const all = inProcess(
      composable ? 20 : 0,
      (i) => composedSeries(release, seriesQuery(1000 + i))!.gzip,
    );
    if (composable)
      emit(
        atMost(
          'series-30m',
          `in process, month, 20 years, all ${places} places, gzip composed from the stored tail: p99 <= 100 ms${at}`,
          +percentile(all.ms, 99).toFixed(1),
          100,
          'ms',
          `20 answers, p50 ${percentile(all.ms, 50).toFixed(1)} ms, CPU ${all.cpuMs.toFixed(1)} ms per answer, ${all.bytes} bytes gzipped`,
        ),
      );
    const plain = inProcess(5, (i) => stringifyAnswer(series(release, seriesQuery(2000 + i))));
    emit({
      target: 'series-30m',
      bound: `in process, month, 20 years, all ${places} places, identity JSON: reported${at}`,
      value: +percentile(plain.ms, 99).toFixed(1),
      unit: 'ms',
      met: null,
      note: `5 answers, p50 ${percentile(plain.ms, 50).toFixed(1)} ms, CPU ${plain.cpuMs.toFixed(1)} ms per answer, ${plain.bytes} characters`,
    });
  }
  if (rows('snapshot')) {
    // The snapshot as the route makes it for a client accepting gzip and br (as the HTTP rows' client,
    // and browsers): compressed at Brotli 1, over every series (breakdowns included) and at sex=F.
    // Warmed as the HTTP rows are, on 20 other dates, untimed, then the start-up garbage collected as a
    // serving process does once started (src/serve/runtime/start-up-heap.ts): warmed on one answer, the
    // first timed answers paid for the code's optimisation and the first full collection (15-33 ms
    // each, the row's p99 in one run of three), which a serving process pays once, not per answer.
    inProcess(20, (i) => snapshotAnswer(release, { date: snapshotDate(9000 + i) }, true).br);
    collectStartUpGarbage();
    for (const [label, dims, seed] of [
      ['all layers, every series', {}, 0],
      ['sex=F', FEMALE, 5000],
    ] as const) {
      const snap = inProcess(
        200,
        (i) => snapshotAnswer(release, { date: snapshotDate(seed + i), ...dims }, true).br,
      );
      emit(
        atMost(
          'snapshot-30m',
          `in process, ${label}, random dates, br as over HTTP: p99 <= 20 ms${at}`,
          +percentile(snap.ms, 99).toFixed(1),
          20,
          'ms',
          `200 answers, p50 ${percentile(snap.ms, 50).toFixed(1)} ms, CPU ${snap.cpuMs.toFixed(2)} ms per answer, ${snap.bytes} bytes in br`,
        ),
      );
    }
  }
  if (dimensioned && rows('series')) {
    inProcess(1, () =>
      stringifyAnswer(series(release, { ...seriesQuery(9999, place(1), DIMENSIONED), ...FEMALE })),
    ); // untimed
    const oneF = inProcess(200, (i) =>
      stringifyAnswer(
        series(release, { ...seriesQuery(3000 + i, place(i), DIMENSIONED), ...FEMALE }),
      ),
    );
    emit(
      atMost(
        'series-30m',
        `in process, month, 20 years, one place, ${DIMENSIONED} at sex=F: p99 <= 20 ms${at}`,
        +percentile(oneF.ms, 99).toFixed(1),
        20,
        'ms',
        `200 answers, p50 ${percentile(oneF.ms, 50).toFixed(1)} ms, CPU ${oneF.cpuMs.toFixed(1)} ms per answer, ${oneF.bytes} bytes`,
      ),
    );
    const allR = inProcess(
      20,
      (i) =>
        composedSeries(release, { ...seriesQuery(3000 + i, undefined, DIMENSIONED), ...RURAL })!
          .gzip,
    );
    emit(
      atMost(
        'series-30m',
        `in process, month, 20 years, all ${places} places, ${DIMENSIONED} at area=R, gzip composed: p99 <= 100 ms${at}`,
        +percentile(allR.ms, 99).toFixed(1),
        100,
        'ms',
        `20 answers, p50 ${percentile(allR.ms, 50).toFixed(1)} ms, CPU ${allR.cpuMs.toFixed(1)} ms per answer, ${allR.bytes} bytes gzipped`,
      ),
    );
  }
  db.close();
}
