// The five bns-extra readers against the pinned snapshots, checked by a second, independent reading
// of each file: the .xls cells by their A1 address through SheetJS's raw cell objects, the .xlsx
// cells through exceljs (another library), the CSV by a plain split. The region labels map through
// a hand-written table here, not through the reader's resolver.
// A bad cell refused: bns-extra-refusals.test.ts.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import type { Point } from '../src/model/types.js';
import { isSeriesBreak } from '../src/sources/bns-breaks.js';
import { readIncomeCsv } from '../src/sources/bns-income-csv.js';
import { SOUTH_KAZAKHSTAN_LEGACY as SKO } from '../src/sources/bns-reforms.js';
import { readYearGrid } from '../src/sources/bns-year-grid.js';
import { registry } from './support/registry.js';
import { S, SNAP, regions, resolve } from './support/bns-extra-tables.js';

// Labels as printed in the files (trimmed, markers removed), written out by hand.
const PLACE: Record<string, string> = {
  'Республика Казахстан': 'KZ',
  Абай: 'KZ-10',
  Акмолинская: 'KZ-11',
  Актюбинская: 'KZ-15',
  Алматинская: 'KZ-19',
  Атырауская: 'KZ-23',
  'Западно-Казахстанская': 'KZ-27',
  Жамбылская: 'KZ-31',
  Жетісу: 'KZ-33',
  Жетысу: 'KZ-33',
  Карагандинская: 'KZ-35',
  Костанайская: 'KZ-39',
  Кызылординская: 'KZ-43',
  Мангистауская: 'KZ-47',
  Павлодарская: 'KZ-55',
  'Северо-Казахстанская': 'KZ-59',
  Туркестанская: 'KZ-61',
  Ұлытау: 'KZ-62',
  Улытау: 'KZ-62',
  'Восточно-Казахстанская': 'KZ-63',
  'г. Астана': 'KZ-71',
  'город Астана': 'KZ-71',
  'г. Алматы': 'KZ-75',
  'город Алматы': 'KZ-75',
  'г. Шымкент': 'KZ-79',
  'г.Шымкент': 'KZ-79',
  'город Шымкент': 'KZ-79',
  'Южно-Казахстанская': SKO,
};
const INCOME_PLACE: Record<string, string> = {
  'РЕСПУБЛИКА КАЗАХСТАН': 'KZ',
  'АКМОЛИНСКАЯ ОБЛАСТЬ': 'KZ-11',
  'АКТЮБИНСКАЯ ОБЛАСТЬ': 'KZ-15',
  'АЛМАТИНСКАЯ ОБЛАСТЬ': 'KZ-19',
  'АТЫРАУСКАЯ ОБЛАСТЬ': 'KZ-23',
  'ЗАПАДНО-КАЗАХСТАНСКАЯ ОБЛАСТЬ': 'KZ-27',
  'ЖАМБЫЛСКАЯ ОБЛАСТЬ': 'KZ-31',
  'КАРАГАНДИНСКАЯ ОБЛАСТЬ': 'KZ-35',
  'КОСТАНАЙСКАЯ ОБЛАСТЬ': 'KZ-39',
  'КЫЗЫЛОРДИНСКАЯ ОБЛАСТЬ': 'KZ-43',
  'МАНГИСТАУСКАЯ ОБЛАСТЬ': 'KZ-47',
  'ПАВЛОДАРСКАЯ ОБЛАСТЬ': 'KZ-55',
  'СЕВЕРО-КАЗАХСТАНСКАЯ ОБЛАСТЬ': 'KZ-59',
  'ТУРКЕСТАНСКАЯ ОБЛАСТЬ': 'KZ-61',
  'ВОСТОЧНО-КАЗАХСТАНСКАЯ ОБЛАСТЬ': 'KZ-63',
  'Г.АСТАНА': 'KZ-71',
  'Г.АЛМАТЫ': 'KZ-75',
  'Г.ШЫМКЕНТ': 'KZ-79',
  'ЮЖНО-КАЗАХСТАНСКАЯ ОБЛАСТЬ': SKO,
};

interface Cell {
  metric: string;
  place: string;
  year: number;
  raw: unknown;
  where: string;
  shown?: string;
}

const key = (metric: string, place: string, year: number | string) => `${metric}|${place}|${year}`;
const byKey = (points: Point[]) =>
  new Map(points.map((p) => [key(p.metric, p.place, p.period), p]));

/** Every cell that should be a point compares with it: numbers exactly (binary noise aside), "-"/empty as null. */
function compareCells(cells: Cell[], points: Point[]): { values: number; nulls: number } {
  const map = byKey(points);
  let values = 0;
  let nulls = 0;
  for (const c of cells) {
    const p = map.get(key(c.metric, c.place, c.year));
    assert.ok(p, `${c.where}: no published point ${c.metric} ${c.place} ${c.year}`);
    if (typeof c.raw === 'number') {
      const clean = Number(c.raw.toPrecision(12));
      // a cell holding more decimals than the table displays is published as displayed, and says so
      const shown = c.shown === undefined ? clean : Number(c.shown.replace(/,/g, ''));
      const decimals = (v: number) => (String(v).split('.')[1] ?? '').length;
      const expected = decimals(clean) > decimals(shown) ? shown : clean;
      if (expected !== clean)
        assert.match(
          p.note ?? '',
          new RegExp(`the cell holds ${c.raw}; the table displays it to`),
          c.where,
        );
      assert.ok(
        p.value !== null && Math.abs(p.value - expected) <= Math.abs(expected) * 1e-12,
        `${c.where}: published ${p.value}, cell ${c.raw} shown as ${c.shown}`,
      );
      assert.equal(p.value, expected, c.where);
      values++;
    } else {
      assert.ok(
        c.raw === null || c.raw === '' || c.raw === '-',
        `${c.where}: unexpected cell ${JSON.stringify(c.raw)}`,
      );
      assert.equal(p.value, null, `${c.where}: "${String(c.raw)}" must be null, is ${p.value}`);
      assert.ok(p.null_reason && p.null_reason.length > 0, c.where);
      nulls++;
    }
  }
  const cellKeys = new Set(cells.map((c) => key(c.metric, c.place, c.year)));
  const extraValues = points.filter(
    (p) => p.value !== null && !cellKeys.has(key(p.metric, p.place, p.period)),
  );
  assert.deepEqual(
    extraValues.map((p) => key(p.metric, p.place, p.period)),
    [],
    'a published value without a cell',
  );
  return { values, nulls };
}

/** The Turkistan row's moved years, as the footnote (or the hospitals reading) states them. */
const moved = (label: string, year: number, from: number, to: number) =>
  PLACE[label] === 'KZ-61' && year >= from && year <= to ? SKO : PLACE[label]!;

function xlsCells(
  file: string,
  metric: string,
  headerRow: number,
  firstRow: number,
  lastRow: number,
): Cell[] {
  const ws = XLSX.read(readFileSync(join(SNAP, file)), { cellNF: true }).Sheets['ООС']!;
  const cells: Cell[] = [];
  for (let r = firstRow; r <= lastRow; r++) {
    const label = String(ws[`A${r}`]!.v).trim();
    assert.ok(PLACE[label], `${file} A${r}: "${label}" not in the test's table`);
    for (let c = 1; c <= 18; c++) {
      const col = XLSX.utils.encode_col(c);
      const year = ws[`${col}${headerRow}`]!.v as number;
      const cell = ws[`${col}${r}`];
      cells.push({
        metric,
        place: PLACE[label]!,
        year,
        raw: cell === undefined ? null : cell.v,
        where: `${file} ${col}${r}`,
        ...(cell?.w === undefined ? {} : { shown: cell.w }),
      });
    }
  }
  return cells;
}

async function xlsxCells(
  file: string,
  sheet: string,
  blocks: { metric: string; first: number; last: number }[],
  headerRow: number,
  years: [number, number],
  move: [number, number],
): Promise<Cell[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(join(SNAP, file));
  const ws = wb.getWorksheet(sheet)!;
  const cells: Cell[] = [];
  for (const b of blocks) {
    for (let r = b.first; r <= b.last; r++) {
      const label = String(ws.getCell(`A${r}`).value)
        .trim()
        .replace(/\*+$/, '');
      assert.ok(PLACE[label], `${file} ${sheet} A${r}: "${label}" not in the test's table`);
      for (let c = 2; c <= years[1] - years[0] + 2; c++) {
        const year = ws.getRow(headerRow).getCell(c).value as number;
        assert.equal(year, years[0] + c - 2, `${file} header`);
        let raw = ws.getRow(r).getCell(c).value as unknown;
        if (raw !== null && typeof raw === 'object' && 'result' in (raw as object))
          raw = (raw as { result: unknown }).result;
        cells.push({
          metric: b.metric,
          place: moved(label, year, move[0], move[1]),
          year,
          raw,
          where: `${file} ${sheet} row ${r} col ${c}`,
        });
      }
    }
  }
  return cells;
}

describe('bns-extra readers against an independent reading of each snapshot', () => {
  let le: Point[];
  let hospitals: Point[];
  let emissions: Point[];
  let expenditure: Point[];
  let income: Point[];
  before(async () => {
    le = (await readYearGrid(join(SNAP, S.LIFE_EXPECTANCY_FILE), S.LIFE_EXPECTANCY_SPEC, resolve))
      .points;
    hospitals = (await readYearGrid(join(SNAP, S.HOSPITALS_FILE), S.HOSPITALS_SPEC, resolve))
      .points;
    emissions = (await readYearGrid(join(SNAP, S.EMISSIONS_FILE), S.EMISSIONS_SPEC, resolve))
      .points;
    expenditure = (
      await readYearGrid(join(SNAP, S.ENV_EXPENDITURE_FILE), S.ENV_EXPENDITURE_SPEC, resolve)
    ).points;
    income = (await readIncomeCsv(join(SNAP, S.INCOME_FILE), resolve)).points;
  });

  test('emissions: every cell of the BIFF sheet is its point, "-" is null, and the unit is the table\'s', () => {
    const counts = compareCells(
      xlsCells(S.EMISSIONS_FILE, 'air_emissions_stationary', 3, 4, 25),
      emissions,
    );
    assert.deepEqual(counts, { values: 314, nulls: 82 });
    assert.ok(
      emissions.every((p) => p.unit === 'thousand tonnes' && p.source_id === 'bns-emissions'),
    );
    // both the former region and its successors, never merged
    assert.equal(byKey(emissions).get(key('air_emissions_stationary', SKO, 2017))!.value, 68.2);
    assert.equal(byKey(emissions).get(key('air_emissions_stationary', 'KZ-61', 2018))!.value, 30);
  });

  test('environmental expenditure: every cell of the BIFF sheet is its point in thousand KZT', () => {
    const counts = compareCells(
      xlsCells(S.ENV_EXPENDITURE_FILE, 'environmental_protection_expenditure', 3, 4, 25),
      expenditure,
    );
    assert.deepEqual(counts, { values: 314, nulls: 82 });
    assert.ok(expenditure.every((p) => p.unit === 'thousand KZT'));
  });

  test('life expectancy: every cell of the three sheets, with the footnoted Turkistan years under the former region', async () => {
    // one indicator by sex and area: each block is the series of its codes (src/sources/series-keys.ts)
    const sexBlocks = (sex: string) => [
      { metric: `life_expectancy;sex=${sex}`, first: 8, last: 28 },
      { metric: `life_expectancy;sex=${sex};area=U`, first: 30, last: 50 },
      { metric: `life_expectancy;sex=${sex};area=R`, first: 52, last: 69 },
    ];
    const cells = [
      ...(await xlsxCells(
        S.LIFE_EXPECTANCY_FILE,
        'Все население',
        [{ metric: 'life_expectancy', first: 2, last: 22 }],
        1,
        [1999, 2022],
        [1999, 2016],
      )),
      ...(await xlsxCells(
        S.LIFE_EXPECTANCY_FILE,
        'Мужчины',
        sexBlocks('M'),
        6,
        [1999, 2022],
        [1999, 2016],
      )),
      ...(await xlsxCells(
        S.LIFE_EXPECTANCY_FILE,
        'Женщины',
        sexBlocks('F'),
        6,
        [1999, 2022],
        [1999, 2016],
      )),
    ];
    const counts = compareCells(cells, le);
    assert.equal(counts.values, 417 * 5 + 363 * 2);
    const p = byKey(le);
    assert.equal(p.get(key('life_expectancy', SKO, 2016))!.value, 72.58);
    assert.equal(
      p.get(key('life_expectancy', 'KZ-61', 2016))!.value,
      null,
      'Turkistan 1999-2016 is not Turkistan',
    );
    assert.equal(p.get(key('life_expectancy', 'KZ-61', 2017))!.value, 72.45);
    assert.equal(p.get(key('life_expectancy', 'KZ-79', 2017))!.value, 74.34);
    assert.ok(le.every((x) => x.unit === 'years'));
  });

  test("hospitals: every cell, the 2013 national SUM noted as the workbook's own formula, Almaty region 2022 a break", async () => {
    const cells = await xlsxCells(
      S.HOSPITALS_FILE,
      'Число больничных организаций',
      [{ metric: 'hospital_organisations', first: 2, last: 22 }],
      1,
      [2003, 2022],
      [2003, 2017],
    );
    const counts = compareCells(cells, hospitals);
    assert.equal(counts.values, 348);
    const p = byKey(hospitals);
    assert.equal(p.get(key('hospital_organisations', 'KZ', 2013))!.value, 995);
    assert.match(p.get(key('hospital_organisations', 'KZ', 2013))!.note!, /formula =L4\+L5/);
    const almaty = p.get(key('hospital_organisations', 'KZ-19', 2022))!;
    assert.equal(almaty.value, 44);
    assert.ok(isSeriesBreak(almaty), 'the halving is a border change');
    assert.ok(!isSeriesBreak(p.get(key('hospital_organisations', 'KZ-19', 2021))!));
    assert.equal(p.get(key('hospital_organisations', SKO, 2017))!.value, 117);
  });

  test('income: every CSV row by a plain split, whole tenge, pre-2022 regions only', () => {
    const lines = readFileSync(join(SNAP, S.INCOME_FILE), 'utf8').trim().split(/\r?\n/).slice(1);
    const p = byKey(income);
    for (const line of lines) {
      const [label, date, value] = line.split(',');
      const place = INCOME_PLACE[label!];
      assert.ok(place, label);
      const point = p.get(key('income_per_capita_nominal', place, date!.slice(0, 4)));
      assert.ok(point, line);
      assert.equal(point.value, Number(value), line);
      assert.equal(point.unit, 'KZT per month');
    }
    assert.equal(income.length, lines.length);
    assert.ok(!income.some((x) => ['KZ-10', 'KZ-33', 'KZ-62'].includes(x.place)));
  });

  test('no published value is 0 and every null has a reason', () => {
    for (const p of [...le, ...hospitals, ...emissions, ...expenditure, ...income]) {
      assert.notEqual(p.value, 0);
      assert.equal(p.value === null, p.null_reason !== null, `${p.metric} ${p.place} ${p.period}`);
    }
  });

  test('the 2022 parents and the 2018 successors carry a series break on their first value in new borders', () => {
    for (const points of [le, hospitals, emissions, expenditure]) {
      const metric = points[0]!.metric.split(';')[0]!; // the all-totals series of the indicator
      const breaks = points
        .filter((p) => p.metric === metric && isSeriesBreak(p))
        .map((p) => `${p.place} ${p.period}`)
        .sort();
      assert.deepEqual(
        breaks,
        metric === 'life_expectancy'
          ? ['KZ-19 2022', 'KZ-35 2022', 'KZ-61 2017', 'KZ-63 2022', 'KZ-79 2017']
          : ['KZ-19 2022', 'KZ-35 2022', 'KZ-61 2018', 'KZ-63 2022', 'KZ-79 2018'],
        metric,
      );
    }
    assert.deepEqual(
      income
        .filter(isSeriesBreak)
        .map((p) => `${p.place} ${p.period}`)
        .sort(),
      ['KZ-61 2018', 'KZ-79 2018'],
    );
  });

  test('each indicator row lists exactly the years its points mark as series breaks', () => {
    const rows = registry.indicators;
    const all = [...le, ...hospitals, ...emissions, ...expenditure, ...income];
    for (const metric of new Set(all.map((p) => p.metric))) {
      const marked = [
        ...new Set(all.filter((p) => p.metric === metric && isSeriesBreak(p)).map((p) => p.period)),
      ].sort();
      assert.deepEqual(
        rows.find((r) => r.id === metric.split(';')[0])?.series_breaks,
        marked,
        metric,
      ); // a breakdown's series breaks are its indicator's
    }
  });
});
