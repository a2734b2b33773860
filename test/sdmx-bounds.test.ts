// A data answer is bounded: the store is asked for at most MAX_OBSERVATIONS + 1 points, and a query
// that selects more is refused with 413 (SDMX 510) before anything is written.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_OBSERVATIONS, selectObservations } from '../src/serve/sdmx/data-query.js';
import { SdmxError } from '../src/serve/sdmx/errors.js';
import type { Dataflow } from '../src/serve/sdmx/structures.js';
import type { PointRow } from '../src/store/rollup.js';
import type { StoreReader } from '../src/store/reader.js';

const point = (i: number): PointRow => ({
  metric: 'm',
  place: `KZ-${i % 20}`,
  period: String(1000 + i),
  period_start: `${1000 + i}-01-01`,
  period_end: `${1000 + i}-12-31`,
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

/** A store holding `n` points of the flow; records the limit each read asked for. */
function store(n: number, limits: number[]): StoreReader {
  return {
    observations: {
      pointRows: (_filter: unknown, limit: number) => (
        limits.push(limit),
        Array.from({ length: Math.min(n, limit) }, (_, i) => point(i))
      ),
    },
  } as unknown as StoreReader;
}

test('a query selecting more than MAX_OBSERVATIONS points is 413 response_too_large, after a read bounded to one more', () => {
  const limits: number[] = [];
  assert.throws(
    () => selectObservations(store(10 * MAX_OBSERVATIONS, limits), flow, [null, null], {}),
    (err: unknown) =>
      err instanceof SdmxError && err.code === 'response_too_large' && err.status === 413,
  );
  assert.deepEqual(limits, [MAX_OBSERVATIONS + 1]);
});

test('a query selecting exactly MAX_OBSERVATIONS points answers them all', () => {
  assert.equal(
    selectObservations(store(MAX_OBSERVATIONS, []), flow, [null, null], {}).length,
    MAX_OBSERVATIONS,
  );
});
