// The build's one-pass rollups of day series give exactly the buckets of the definition (bucketize,
// then encodeFrom) over random series: every granularity and aggregation, with nulls, gaps, mixed
// units, statuses, notes and sources. And a series that is not a day series in order is refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { addDays, ROLLUP_GRANULARITIES } from '../src/store/periods.js';
import { AGGREGATIONS, bucketize, type PointRow } from '../src/store/rollup.js';
import { rowOfBucket, dayRollups, isDaySeries } from '../src/store/rollup-days.js';

const dayPoint = fc.record({
  gap: fc.integer({ min: 1, max: 20 }),
  value: fc.option(fc.double({ min: -1e9, max: 1e9, noNaN: true }), { freq: 6 }),
  unit: fc.constantFrom('u1', 'u1', 'u1', 'u2'),
  status: fc.constantFrom('final', 'final', 'preliminary'),
  note: fc.option(fc.constantFrom('series break', 'suspicious'), { freq: 4 }),
  source: fc.constantFrom('s1', 's1', 's2'),
});

function series(
  raw: {
    gap: number;
    value: number | null;
    unit: string;
    status: string;
    note: string | null;
    source: string;
  }[],
  start: number,
): PointRow[] {
  let day = start;
  return raw.map((r) => {
    day += r.gap;
    const d = addDays('2003-12-01', day);
    return {
      metric: 'm',
      place: 'p',
      period: d,
      period_start: d,
      period_end: d,
      value: r.value,
      null_reason: r.value === null ? 'withheld' : null,
      status: r.status,
      unit: r.unit,
      source_id: r.source,
      note: r.note,
    };
  });
}

test('day-series rollups equal bucketize and encodeFrom for every granularity and aggregation', () => {
  fc.assert(
    fc.property(
      fc.array(dayPoint, { minLength: 1, maxLength: 300 }),
      fc.integer({ min: 0, max: 800 }),
      (raw, start) => {
        const points = series(raw, start);
        assert.ok(isDaySeries(points));
        for (const g of ROLLUP_GRANULARITIES) {
          for (const aggregation of AGGREGATIONS) {
            const expected = bucketize(points, g, aggregation).map(rowOfBucket);
            assert.deepStrictEqual(dayRollups(points, g, aggregation), expected);
          }
        }
      },
    ),
    { numRuns: 300 },
  );
});

test('a series with a longer period, a repeated or an out-of-order day is not a day series', () => {
  const points = series(
    [
      { gap: 1, value: 1, unit: 'u', status: 's', note: null, source: 's' },
      { gap: 3, value: 2, unit: 'u', status: 's', note: null, source: 's' },
    ],
    0,
  );
  assert.ok(isDaySeries(points));
  assert.equal(isDaySeries([points[1]!, points[0]!]), false);
  assert.equal(isDaySeries([points[0]!, points[0]!]), false);
  assert.equal(
    isDaySeries([{ ...points[0]!, period: '2004-01', period_end: '2004-01-31' }]),
    false,
  );
  assert.equal(isDaySeries([{ ...points[0]!, period: '2004-W01' }]), false);
});
