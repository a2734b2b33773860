// A bucket for which the source publishes a figure of its own (a year's annual figure in a series of
// quarters and years, as the Bureau's labour tables print them) answers with that figure as published,
// whatever the metric's aggregation: adding it to its quarters would count the year twice, averaging
// it with them would weigh it as a fifth quarter. Without a published own figure, the finer points
// make the bucket by the declared aggregation, as in any other series.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bucketize, type PointRow } from '../src/store/rollup.js';

const point = (period: string, start: string, end: string, value: number | null): PointRow => ({
  metric: 'm',
  place: 'KZ',
  period,
  period_start: start,
  period_end: end,
  value,
  null_reason: value === null ? 'not available' : null,
  status: 'final',
  unit: 'persons',
  source_id: 's',
  note: null,
});

const quarters = (values: (number | null)[]) =>
  values.map((v, i) => {
    const q = i + 1;
    const start = `2019-${String(q * 3 - 2).padStart(2, '0')}-01`;
    const end = ['2019-03-31', '2019-06-30', '2019-09-30', '2019-12-31'][i]!;
    return point(`2019-Q${q}`, start, end, v);
  });

test("a year bucket holding the year's own figure answers with it as published, by any aggregation", () => {
  const points = [
    ...quarters([100, 110, 120, 130]),
    point('2019', '2019-01-01', '2019-12-31', 115),
  ];
  for (const aggregation of ['mean', 'sum', 'last']) {
    const [year] = bucketize(points, 'year', aggregation);
    assert.equal(year!.value, 115, aggregation);
    assert.equal(year!.period, '2019');
    assert.equal(year!.aggregation, null, 'published, not aggregated');
    assert.deepEqual(year!.from_periods, ['2019']);
  }
});

test("without the year's own figure published, its quarters make the year by the aggregation", () => {
  const withNull = [
    ...quarters([100, 110, 120, 130]),
    point('2019', '2019-01-01', '2019-12-31', null),
  ];
  const [mean] = bucketize(withNull, 'year', 'mean');
  assert.equal(mean!.value, 115);
  assert.equal(mean!.aggregation, 'mean');
  assert.deepEqual(mean!.from_periods, ['2019-Q1', '2019-Q2', '2019-Q3', '2019-Q4']);
  const [sum] = bucketize(quarters([100, 110, 120, 130]), 'year', 'sum');
  assert.equal(sum!.value, 460);
});

test('a bucket of one point of its own period is made by the aggregation, as before', () => {
  const [q1] = bucketize(quarters([100]), 'quarter', 'mean');
  assert.equal(q1!.value, 100);
  assert.equal(q1!.aggregation, 'mean');
});
