// A data answer is made in bounded steps: the store is read OBSERVATIONS_PER_TURN points at a time
// with the event loop turning between reads, so a whole dataflow is answered without one long turn;
// an answer holds at most MAX_OBSERVATIONS, beyond which it is refused with 413 (SDMX 510).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  MAX_OBSERVATIONS,
  OBSERVATIONS_PER_TURN,
  selection,
  selectObservations,
} from '../src/serve/sdmx/data-query.js';
import { SdmxError } from '../src/serve/sdmx/errors.js';
import type { Dataflow } from '../src/serve/sdmx/structures.js';
import type { PointRow } from '../src/store/rollup.js';
import type { StoreReader } from '../src/store/reader.js';

const point = (i: number): PointRow => ({
  metric: 'm',
  place: `KZ-${String(Math.floor(i / 1000)).padStart(3, '0')}`,
  period: String(1000 + (i % 1000)),
  period_start: `${1000 + (i % 1000)}-01-01`,
  period_end: `${1000 + (i % 1000)}-12-31`,
  value: i,
  null_reason: null,
  status: 'final',
  unit: 'persons',
  source_id: 's',
  note: null,
});
const flow = {
  id: 'm',
  freq: 'A',
  structure: { dimensions: [{ id: 'FREQ' }, { id: 'REF_AREA' }] },
  breakdowns: [],
  series: [{ key: 'm', codes: {} }],
} as unknown as Dataflow;

/** A store holding `n` points of the flow; records the limit of each read. */
function store(n: number, limits: number[]): StoreReader {
  return {
    observations: {
      pointRows: (_filter: unknown, limit: number, offset: number) => (
        limits.push(limit),
        Array.from({ length: Math.max(0, Math.min(n - offset, limit)) }, (_, i) =>
          point(offset + i),
        )
      ),
    },
  } as unknown as StoreReader;
}

test('a whole dataflow of many batches is answered, read OBSERVATIONS_PER_TURN points at a time with the event loop turning between reads', async () => {
  const limits: number[] = [];
  const n = 10 * OBSERVATIONS_PER_TURN + 7;
  let turns = 0;
  const ticking = setInterval(() => turns++, 0);
  const all = await selectObservations(store(n, limits), selection(flow, [null, null], {}));
  clearInterval(ticking);
  assert.equal(all.length, n);
  assert.ok(limits.every((l) => l === OBSERVATIONS_PER_TURN));
  assert.equal(limits.length, 11);
  assert.ok(turns >= 5, `timers ran ${turns} times while the answer was made`);
});

test('a query selecting more than MAX_OBSERVATIONS points is 413 response_too_large', async () => {
  await assert.rejects(
    selectObservations(store(MAX_OBSERVATIONS + 1, []), selection(flow, [null, null], {})),
    (err: unknown) =>
      err instanceof SdmxError && err.code === 'response_too_large' && err.status === 413,
  );
  assert.equal(
    (await selectObservations(store(MAX_OBSERVATIONS, []), selection(flow, [null, null], {})))
      .length,
    MAX_OBSERVATIONS,
  );
});
