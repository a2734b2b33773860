// Dala's period labels in SDMX terms, and the startPeriod/endPeriod forms of SDMX 2.1 REST.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { durationOf, periodDates, sdmxTime } from '../src/serve/sdmx/periods.js';

const p = (period: string, start: string, end: string) => ({
  period,
  period_start: start,
  period_end: end,
});

test('a period that is its series cadence keeps the SDMX form; any other is a time range with Dala label kept', () => {
  assert.deepEqual(sdmxTime('A', p('2024', '2024-01-01', '2024-12-31')), {
    time: '2024',
    label: null,
  });
  assert.deepEqual(sdmxTime('Q', p('2024-Q1', '2024-01-01', '2024-03-31')), {
    time: '2024-Q1',
    label: null,
  });
  assert.deepEqual(sdmxTime('Q', p('2024-H1', '2024-01-01', '2024-06-30')), {
    time: '2024-01-01/P6M',
    label: '2024-H1',
  });
  assert.deepEqual(sdmxTime('Q', p('2024-9M', '2024-01-01', '2024-09-30')), {
    time: '2024-01-01/P9M',
    label: '2024-9M',
  });
  assert.deepEqual(sdmxTime('Q', p('2024', '2024-01-01', '2024-12-31')), {
    time: '2024-01-01/P1Y',
    label: '2024',
  });
  assert.deepEqual(sdmxTime('A', p('2022/23', '2022-09-01', '2023-08-31')), {
    time: '2022-09-01/P1Y',
    label: '2022/23',
  });
  assert.deepEqual(sdmxTime('S', p('2024-H2', '2024-07-01', '2024-12-31')), {
    time: '2024-S2',
    label: null,
  });
  assert.deepEqual(sdmxTime('D', p('2024-01-15', '2024-01-15', '2024-01-15')), {
    time: '2024-01-15',
    label: null,
  });
  assert.deepEqual(sdmxTime('W', p('2024-W03', '2024-01-15', '2024-01-21')), {
    time: '2024-W03',
    label: null,
  });
  assert.equal(durationOf('2024-01-10', '2024-01-20'), 'P11D');
});

test('startPeriod and endPeriod take Gregorian and reporting periods and refuse impossible ones', () => {
  assert.deepEqual(periodDates('2024'), { start: '2024-01-01', end: '2024-12-31' });
  assert.deepEqual(periodDates('2024-02'), { start: '2024-02-01', end: '2024-02-29' });
  assert.deepEqual(periodDates('2024-M02'), { start: '2024-02-01', end: '2024-02-29' });
  assert.deepEqual(periodDates('2024-Q4'), { start: '2024-10-01', end: '2024-12-31' });
  assert.deepEqual(periodDates('2024-S1'), { start: '2024-01-01', end: '2024-06-30' });
  assert.deepEqual(periodDates('2024-T2'), { start: '2024-05-01', end: '2024-08-31' });
  assert.deepEqual(periodDates('2024-A1'), { start: '2024-01-01', end: '2024-12-31' });
  assert.deepEqual(periodDates('2021-W01'), { start: '2021-01-04', end: '2021-01-10' });
  assert.deepEqual(periodDates('2024-D060'), { start: '2024-02-29', end: '2024-02-29' });
  assert.deepEqual(periodDates('2024-03-31T12:00:00Z'), { start: '2024-03-31', end: '2024-03-31' });
  for (const bad of [
    '2024-13',
    '2023-02-29',
    '2024-Q5',
    '2024-S3',
    '2021-W53',
    '2023-D366',
    '24',
    'latest',
    '2024-1',
  ])
    assert.equal(periodDates(bad), null, bad);
});
