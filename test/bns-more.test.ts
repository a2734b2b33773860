// The bns-more readers (tables without a breakdown) against a second, independent reading of each
// snapshot (support/bns-more-reading.ts): the doctors' BIFF sheet, household expenditure and the
// employment agencies. GRP per capita, bus transport, quarterly unemployment and the null rules of all
// six: bns-more-tables.test.ts.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isSeriesBreak } from '../src/sources/bns-breaks.js';
import { SOUTH_KAZAKHSTAN_LEGACY as SKO } from '../src/sources/bns-reforms.js';
import {
  S,
  regions,
  compareCells,
  sheetOf,
  xlsSheet,
  grid,
  readBnsMore,
} from './support/bns-more-reading.js';

describe('bns-more readers against an independent reading: doctors, household expenditure, employment agencies', () => {
  const read = readBnsMore(['bns-doctors', 'bns-household-expenditure', 'bns-employment-agencies']);
  const get = read.get;

  test('doctors: every cell of the BIFF sheet, Turkistan 2003-2017 as the former region, Almaty city 2016 suspicious', () => {
    const at = xlsSheet(S.DOCTORS_FILE);
    const cells = grid(
      at,
      () => 'doctors',
      [6, 26],
      5,
      21,
      (h) => (/^\d{4}$/u.test(h) ? h : null),
      S.DOCTORS_FILE,
    ).map((c) => (c.place === 'KZ-61' && Number(c.period) <= 2017 ? { ...c, place: SKO } : c));
    const doctors = read
      .points()
      .filter((p) => p.metric === 'doctors' && !(p.place === 'KZ-61' && Number(p.period) <= 2017));
    assert.deepEqual(compareCells(cells, doctors), { values: 348, nulls: 72 });
    assert.equal(get('doctors', SKO, 2003 + '').value, 6210);
    assert.equal(get('doctors', 'KZ-61', '2017').value, null);
    assert.equal(get('doctors', 'KZ-61', '2018').value, 5195);
    const almaty = get('doctors', 'KZ-75', '2016');
    assert.equal(almaty.status, 'suspicious');
    assert.match(almaty.note!, /12720 \(2015\) and 13267 \(2017\)/);
    assert.equal(read.points().filter((p) => p.status === 'suspicious').length, 1);
    assert.match(get('doctors', 'KZ', '2013').note!, /formula =\(L8\+L9/);
    assert.ok(
      isSeriesBreak(get('doctors', 'KZ-19', '2022')),
      'Almaty region 2022 loses Jetisu: a break, not a fall',
    );
    assert.match(get('doctors', 'KZ-79', '2010').null_reason!, /"-"/);
  });

  test('household expenditure: every cell as the table displays it, the estimate footnotes only on the places they name', () => {
    const at = xlsSheet(S.HOUSEHOLD_EXPENDITURE_FILE);
    const cells = grid(
      at,
      () => 'household_money_expenditure_per_capita',
      [4, 25],
      3,
      23,
      (h) => /^(\d{4})\*?$/u.exec(h)?.[1] ?? null,
      S.HOUSEHOLD_EXPENDITURE_FILE,
    );
    assert.deepEqual(
      compareCells(
        cells,
        read.points().filter((p) => p.metric === 'household_money_expenditure_per_capita'),
      ),
      { values: 382, nulls: 102 },
    );
    // 4917.916666666667 in a "#,##0" cell: published as the table shows it
    assert.equal(get('household_money_expenditure_per_capita', 'KZ', '2001').value, 4918);
    const estimated = read
      .points()
      .filter(
        (p) =>
          p.metric === 'household_money_expenditure_per_capita' &&
          /оценочные данные/u.test(p.note ?? ''),
      )
      .map((p) => `${p.place} ${p.period}`)
      .sort();
    assert.deepEqual(estimated, [
      'KZ-10 2022',
      'KZ-19 2022',
      'KZ-33 2022',
      'KZ-35 2022',
      'KZ-61 2018',
      'KZ-62 2022',
      'KZ-63 2022',
      'KZ-79 2018',
    ]);
    assert.equal(get('household_money_expenditure_per_capita', SKO, '2017').value, 32452);
  });

  test('employment agencies: numbers stored as text with spaces, regions summing to the national row, no invented Shymkent years', async () => {
    const at = await sheetOf(S.EMPLOYMENT_AGENCIES_FILE, 'raw');
    const cells = grid(
      at,
      () => 'employment_agency_applicants',
      [3, 21],
      2,
      22,
      (h) => (/^\d{4}$/u.test(h) ? h : null),
      S.EMPLOYMENT_AGENCIES_FILE,
    );
    const mine = read.points().filter((p) => p.metric === 'employment_agency_applicants');
    assert.deepEqual(compareCells(cells, mine), { values: 361, nulls: 38 });
    assert.equal(get('employment_agency_applicants', 'KZ-11', '2001').value, 17945);
    assert.equal(get('employment_agency_applicants', 'KZ-61', '2021').value, 104876);
    for (let y = 2001; y <= 2021; y++) {
      const regionsSum = mine
        .filter((p) => p.period === String(y) && p.place !== 'KZ')
        .reduce((s, p) => s + (p.value ?? 0), 0);
      assert.equal(regionsSum, get('employment_agency_applicants', 'KZ', String(y)).value, `${y}`);
    }
    // the repository's data.csv invents Shymkent 2001-2017 (24230 for 2001): the table has "-"
    assert.equal(get('employment_agency_applicants', 'KZ-79', '2001').value, null);
    assert.equal(get('employment_agency_applicants', SKO, '2018').value, null);
  });
});
