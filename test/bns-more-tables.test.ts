// The bns-more readers (tables without a breakdown) against a second, independent reading of each
// snapshot (support/bns-more-reading.ts): GRP per capita, bus transport and quarterly
// unemployment; every null of the six tables with a reason and every value with a unit; a negligible
// "0,0" and an unknown symbol.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import * as XLSX from '@e965/xlsx';
import { isSeriesBreak } from '../src/sources/bns-breaks.js';
import { readPeriodGrid } from '../src/sources/bns-period-grid.js';
import { SOUTH_KAZAKHSTAN_LEGACY as SKO } from '../src/sources/bns-reforms.js';
import { tempDir } from './support/temp-dir.js';
import {
  S,
  UNEMPLOYMENT_SPEC,
  PLACE,
  compareCells,
  sheetOf,
  grid,
  readBnsMore,
  type Cell,
} from './support/bns-more-reading.js';

describe('bns-more readers against an independent reading: GRP per capita, bus transport, quarterly unemployment', () => {
  const read = readBnsMore([
    'bns-doctors',
    'bns-household-expenditure',
    'bns-employment-agencies',
    'bns-grp-per-capita',
    'bns-bus-transport',
    'bns-unemployment-quarterly',
  ]);
  const get = read.get;

  test('GRP per capita: both sheets, cumulative periods as their own metric (never added), footnotes on the places they name', async () => {
    const period = (h: string) => {
      const q = /^(I квартал|I полугодие|9 месяцев) ?(\d{4}) ?года(\d\))?$/u.exec(h);
      if (q) return `${q[2]}-${q[1] === 'I квартал' ? 'Q1' : q[1] === 'I полугодие' ? 'H1' : '9M'}`;
      return /^(\d{4}) год$/u.exec(h)?.[1] ?? null;
    };
    let cells: Cell[] = [];
    for (const [sheet, base] of [
      ['тыс.тенге', 'grp_per_capita'],
      ['в долларах США', 'grp_per_capita_usd'],
    ] as const) {
      const at = await sheetOf(S.GRP_PER_CAPITA_FILE, sheet);
      cells = cells.concat(
        grid(
          at,
          (per) => (per.includes('-') ? `${base}_cumulative` : base),
          [4, 25],
          3,
          64,
          period,
          S.GRP_PER_CAPITA_FILE,
        ),
      );
    }
    assert.equal(cells.length, 2 * 22 * 63);
    const mine = read.points().filter((p) => p.metric.startsWith('grp_per_capita'));
    compareCells(cells, mine);
    for (const base of ['grp_per_capita', 'grp_per_capita_usd']) {
      for (let y = 2008; y <= 2022; y++) {
        const ytd = [`${y}-Q1`, `${y}-H1`, `${y}-9M`].map(
          (p) => get(`${base}_cumulative`, 'KZ', p).value!,
        );
        assert.ok(
          ytd[0]! < ytd[1]! && ytd[1]! < ytd[2]! && ytd[2]! < get(base, 'KZ', String(y)).value!,
          `${base} ${y} is cumulative`,
        );
      }
    }
    assert.match(get('grp_per_capita_cumulative', 'KZ-62', '2022-H1').note!, /footnote 4\)/);
    assert.doesNotMatch(
      get('grp_per_capita_cumulative', 'KZ-11', '2022-H1').note ?? '',
      /footnote 4\)/,
    );
    assert.equal(get('grp_per_capita_cumulative', SKO, '2018-Q1').value, 249.3);
    assert.equal(get('grp_per_capita_cumulative', SKO, '2018-H1').value, null);
  });

  test('bus transport: four tables of one sheet, "82 1892)" is 82189 with its footnote, "x" and "…" null with their reasons', async () => {
    const at = await sheetOf(S.BUS_FILE, 'Автобусный транспорт');
    const year = (h: string) => /^(\d{4})(\d\))?$/u.exec(h)?.[1] ?? null;
    const cells = [
      ...grid(at, () => 'buses_in_stock', [6, 27], 5, 34, year, S.BUS_FILE),
      ...grid(at, () => 'buses_individual_owners', [34, 55], 33, 32, year, S.BUS_FILE),
      ...grid(at, () => 'bus_passengers', [62, 83], 61, 21, year, S.BUS_FILE),
      ...grid(at, () => 'bus_passenger_km', [89, 110], 88, 21, year, S.BUS_FILE),
    ];
    compareCells(
      cells,
      read.points().filter((p) => p.source_id === 'bns-bus-transport'),
    );
    const stock21 = get('buses_in_stock', 'KZ', '2021');
    assert.equal(stock21.value, 82189);
    assert.match(stock21.note!, /footnote 2\).*дипломатических номеров/u);
    assert.equal(get('buses_in_stock', 'KZ', '2022').value, 93222);
    assert.match(get('bus_passengers', 'KZ-11', '2018').null_reason!, /confidential/);
    assert.match(get('buses_individual_owners', 'KZ-11', '2018').null_reason!, /not available/);
    assert.match(get('buses_in_stock', 'KZ', '2017').note!, /formula =SUM\(AC8:AC26\)/);
    const sko = get('buses_in_stock', SKO, '2022');
    assert.equal(sko.value, 3948);
    assert.match(sko.note!, /region of registration/);
    // 17532.138890000002 in a "#,##0.0" cell
    assert.equal(get('bus_passengers', 'KZ', '2019').value, 17532.1);
    assert.ok(
      isSeriesBreak(get('bus_passengers', 'KZ', '2020')),
      'the 2019 to 2020 fall is marked a break',
    );
    assert.ok(isSeriesBreak(get('bus_passenger_km', 'KZ-75', '2020')));
    assert.ok(!isSeriesBreak(get('bus_passengers', 'KZ', '2019')));
  });

  test("unemployment by quarter: every quarter and year cell, 4.8 for 2019 against the annual CSV's flagged 3.6, the empty 2023 year", async () => {
    const at = await sheetOf(S.UNEMPLOYMENT_QUARTERLY_FILE, 'Regions_quarter');
    let y = '';
    const period = (h: string, c: number) => {
      const above = at(4, c);
      if (typeof above === 'number') y = String(above);
      const q = {
        'I quarter': 'Q1',
        'II quarter': 'Q2',
        'III quarter': 'Q3',
        'III квартал': 'Q3',
        'IV quarter': 'Q4',
      }[h];
      if (q) return `${y}-${q}`;
      return /^year(\d\))?$/u.test(h) ? y : null;
    };
    const cells = grid(
      at,
      () => 'unemployment_rate_quarterly',
      [6, 27],
      5,
      116,
      period,
      S.UNEMPLOYMENT_QUARTERLY_FILE,
    );
    assert.equal(cells.length, 22 * 23 * 5);
    compareCells(
      cells,
      read.points().filter((p) => p.metric === 'unemployment_rate_quarterly'),
    );
    assert.equal(get('unemployment_rate_quarterly', 'KZ', '2019').value, 4.8);
    const csv2019 = UNEMPLOYMENT_SPEC.annotations!.find(
      (a) => a.place === 'KZ' && a.year === 2019,
    )!;
    assert.deepEqual([csv2019.expect, csv2019.status], [3.6, 'suspicious']);
    assert.match(csv2019.note, /quarterly table .* 4\.8/);
    assert.equal(get('unemployment_rate_quarterly', 'KZ', '2023').value, null);
    assert.match(get('unemployment_rate_quarterly', 'KZ', '2023').null_reason!, /empty/);
    assert.equal(get('unemployment_rate_quarterly', 'KZ-79', '2012').value, 6.5);
    assert.match(
      get('unemployment_rate_quarterly', 'KZ-79', '2012').note!,
      /estimates based on data from SKO/,
    );
    assert.equal(get('unemployment_rate_quarterly', SKO, '2012').value, null);
    assert.equal(get('unemployment_rate_quarterly', SKO, '2012-Q1').value, 5.7);
    // 8.217621857179266 in a "0.0" cell
    assert.equal(get('unemployment_rate_quarterly', 'KZ', '2006-Q1').value, 8.2);
    const q3 = get('unemployment_rate_quarterly', 'KZ', '2019-Q3');
    assert.deepEqual([q3.period_start, q3.period_end], ['2019-07-01', '2019-09-30']);
  });

  test('every null has a reason and every value a unit; nothing is published as 0 unless the table prints a zero', () => {
    for (const p of read.points()) {
      assert.equal(p.value === null, p.null_reason !== null, `${p.metric} ${p.place} ${p.period}`);
      assert.ok(p.unit.length > 0);
    }
  });

  test('"0,0" (negligible) reads as 0, not null; an unknown symbol fails the build naming file, row and column', async () => {
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      wb,
      XLSX.utils.aoa_to_sheet([
        ['t'],
        [null, 2021, 2022],
        ['Акмолинская', '0,0', 1.5],
        ['Атырауская', 2, '?'],
      ]),
      'S',
    );
    const file = join(tempDir('bns-more-'), 't.xlsx');
    writeFileSync(file, XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }));
    const spec = {
      ...S.EMPLOYMENT_AGENCIES_SPEC,
      parts: [{ ...S.EMPLOYMENT_AGENCIES_SPEC.parts[0]!, sheet: 'S' }],
      period: (t: string) =>
        /^\d{4}$/u.test(t) ? S.EMPLOYMENT_AGENCIES_SPEC.period(t, null) : null,
    };
    await assert.rejects(
      readPeriodGrid(file, spec, (l) => PLACE[l] ?? null),
      /t\.xlsx, sheet "S", row 4, column C .*found "\?"/u,
    );
    XLSX.utils.book_append_sheet(
      wb,
      XLSX.utils.aoa_to_sheet([['t'], [null, 2021, 2022], ['Акмолинская', '0,0', 1.5]]),
      'S2',
    );
    writeFileSync(file, XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }));
    const ok = await readPeriodGrid(
      file,
      { ...spec, parts: [{ ...spec.parts[0]!, sheet: 'S2' }] },
      (l) => PLACE[l] ?? null,
    );
    const zero = ok.points.find((p) => p.period === '2021')!;
    assert.equal(zero.value, 0);
    assert.equal(zero.null_reason, null);
    assert.match(zero.note!, /negligible/);
  });
});
