// Every period label of the data parses to what it names, and text that is no label is refused:
// the v1 period filter, SDMX's TIME_PERIOD and the explorer's wording read labels through this.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isPartYearToDate, parsePeriodLabel } from '../src/lib/period-labels.js';

test('each kind of period label parses to its kind and numbers', () => {
  assert.deepEqual(parsePeriodLabel('2024'), { kind: 'year', year: '2024' });
  assert.deepEqual(parsePeriodLabel('2024-Q3'), { kind: 'quarter', year: '2024', n: 3 });
  assert.deepEqual(parsePeriodLabel('2024-H1'), { kind: 'half', year: '2024', n: 1 });
  assert.deepEqual(parsePeriodLabel('2024-9M'), { kind: 'nine-months', year: '2024' });
  assert.deepEqual(parsePeriodLabel('2024-02'), { kind: 'month', year: '2024', month: 2 });
  assert.deepEqual(parsePeriodLabel('2024-02-29'), {
    kind: 'day',
    year: '2024',
    month: 2,
    day: 29,
  });
  assert.deepEqual(parsePeriodLabel('2024-W03'), { kind: 'week', year: '2024', week: 3 });
  assert.deepEqual(parsePeriodLabel('2022/23'), { kind: 'school-year', year: '2022', next: '23' });
});

test('text that is not a period label is refused', () => {
  for (const text of ['', '24', '2024-Q5', '2024-H3', '2024-8M', '2024-1', '2024/2023', ' 2024'])
    assert.equal(parsePeriodLabel(text), null, text);
});

test('only the spans from 1 January shorter than a year are part-year-to-date', () => {
  assert.deepEqual(
    ['2024-Q1', '2024-H1', '2024-9M', '2024-Q2', '2024-H2', '2024', '2024-01'].map(
      isPartYearToDate,
    ),
    [true, true, true, false, false, false, false],
  );
});
