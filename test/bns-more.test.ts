// The bns-more readers (tables without a breakdown) against a second, independent reading of each
// snapshot: the .xlsx files through exceljs (another library), the .xls files through SheetJS's raw
// cells by A1 address, headers parsed here by their own regexes, labels through hand-written tables.
import { snapshotsDir } from '../src/lib/config.js';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import type { Point, Region } from '../src/model/types.js';
import { isSeriesBreak } from '../src/sources/bns-breaks.js';
import { readPeriodGrid } from '../src/sources/bns-period-grid.js';
import { SOUTH_KAZAKHSTAN_LEGACY as SKO } from '../src/sources/bns-reforms.js';
import { tempDir } from './support/temp-dir.js';
import { bnsCsvSpecOf, fileOf, periodGridSpecOf, pointsOfSources } from './support/registry.js';

// the tables of snapshots/bns-more without a breakdown, by the source id their declarations give
const S = {
  DOCTORS_FILE: fileOf('bns-doctors'),
  HOUSEHOLD_EXPENDITURE_FILE: fileOf('bns-household-expenditure'),
  EMPLOYMENT_AGENCIES_FILE: fileOf('bns-employment-agencies'),
  GRP_PER_CAPITA_FILE: fileOf('bns-grp-per-capita'),
  BUS_FILE: fileOf('bns-bus-transport'),
  UNEMPLOYMENT_QUARTERLY_FILE: fileOf('bns-unemployment-quarterly'),
  EMPLOYMENT_AGENCIES_SPEC: periodGridSpecOf('bns-employment-agencies'),
};
const UNEMPLOYMENT_SPEC = bnsCsvSpecOf('bns-unemployment');

const SNAP = snapshotsDir();
const regions = JSON.parse(
  readFileSync(new URL('../sources/regions.json', import.meta.url), 'utf8'),
) as Region[];

// Labels as printed (trimmed, footnote markers removed), written out by hand.
const PLACE: Record<string, string> = {
  'Республика Казахстан': 'KZ',
  Абай: 'KZ-10',
  'Область Абай': 'KZ-10',
  Акмолинская: 'KZ-11',
  Актюбинская: 'KZ-15',
  Алматинская: 'KZ-19',
  Атырауская: 'KZ-23',
  'Западно-Казахстанская': 'KZ-27',
  Жамбылская: 'KZ-31',
  Жетісу: 'KZ-33',
  Жетысу: 'KZ-33',
  'Область Жетісу': 'KZ-33',
  Карагандинская: 'KZ-35',
  Костанайская: 'KZ-39',
  Кызылординская: 'KZ-43',
  Мангистауская: 'KZ-47',
  Павлодарская: 'KZ-55',
  'Северо-Казахстанская': 'KZ-59',
  Туркестанская: 'KZ-61',
  Ұлытау: 'KZ-62',
  Улытау: 'KZ-62',
  'Область Ұлытау': 'KZ-62',
  'Восточно-Казахстанская': 'KZ-63',
  'г. Астана': 'KZ-71',
  'г.Астана': 'KZ-71',
  'город Астана': 'KZ-71',
  'г. Алматы': 'KZ-75',
  'г.Алматы': 'KZ-75',
  'город Алматы': 'KZ-75',
  'г.Шымкент': 'KZ-79',
  'город Шымкент': 'KZ-79',
  'Южно-Казахстанская': SKO,
  'Republic of Kazakhstan': 'KZ',
  Abai: 'KZ-10',
  Akmolinskaya: 'KZ-11',
  Aktubinskaya: 'KZ-15',
  Almatinskaya: 'KZ-19',
  Atyrauskaya: 'KZ-23',
  'West Kazakhstan': 'KZ-27',
  Zhambylskaya: 'KZ-31',
  Zhetisu: 'KZ-33',
  Karagandinskaya: 'KZ-35',
  Kostanaiskaya: 'KZ-39',
  Kyzylordinskaya: 'KZ-43',
  Mangistauskaya: 'KZ-47',
  'South Kazakhstan': SKO,
  Pavlodarskaya: 'KZ-55',
  'North Kazakhstan': 'KZ-59',
  Turkestanskaya: 'KZ-61',
  Ulytau: 'KZ-62',
  'East Kazakhstan': 'KZ-63',
  'Astana city': 'KZ-71',
  'Almaty city': 'KZ-75',
  'Shimkent city': 'KZ-79',
};
const placeOf = (label: string) => {
  const name = label.trim().replace(/\s*(\*+|\d\))$/u, '');
  assert.ok(PLACE[name], `label "${label}" not in the test's table`);
  return PLACE[name]!;
};

interface Cell {
  metric: string;
  place: string;
  period: string;
  raw: unknown;
  /** The cell's number format, as the second library reads it. */
  format?: string;
  where: string;
}

/**
 * What the table displays of a number (the release's one rule): the decimals of a format such as
 * "#,##0.0" or "_-* #,##0_р_._-"; in General (or without a format) the number itself, binary noise
 * beyond 12 significant digits aside. Written here without the reader's code.
 */
function displayed(raw: number, format: string | undefined): number {
  const section = (format ?? 'General').split(';')[0]!;
  const digits = /(?:^|[\s#,*_-])[#,0]*0(?:\.(0+))?(?![\d.])/u.exec(
    section.replace(/"[^"]*"/gu, ''),
  );
  const clean = Number(raw.toPrecision(12));
  if (section === 'General' || digits === null) return clean;
  const decimals = digits[1]?.length ?? 0;
  // half away from zero on the decimal digits, as the spreadsheet shows it (10957.55 -> 10957.6)
  const [whole, fraction = ''] = String(clean).split('.');
  if (fraction.length <= decimals) return clean;
  const kept = Number(`${whole}.${fraction.slice(0, decimals)}`);
  return fraction[decimals]! >= '5' ? Number((kept + 10 ** -decimals).toFixed(decimals)) : kept;
}
const key = (metric: string, place: string, period: string) => `${metric}|${place}|${period}`;
const byKey = (points: Point[]) =>
  new Map(
    points
      .filter((p) => p.dimensions === undefined)
      .map((p) => [key(p.metric, p.place, p.period), p]),
  );

const NULL_TEXTS = ['-', 'x', '…', ''];
/** Every cell compares with its point: numbers as the table displays them, symbols as null with a reason. */
function compareCells(cells: Cell[], points: Point[]): { values: number; nulls: number } {
  const map = byKey(points);
  let values = 0;
  let nulls = 0;
  for (const c of cells) {
    const p = map.get(key(c.metric, c.place, c.period));
    assert.ok(p, `${c.where}: no published point ${c.metric} ${c.place} ${c.period}`);
    let raw = c.raw;
    if (typeof raw === 'string' && /^[\d ]+$/u.test(raw.trim()))
      raw = Number(raw.replace(/ /gu, ''));
    if (typeof raw === 'string' && /^\d[\d ]*\d\)$/u.test(raw.trim()))
      raw = Number(raw.trim().slice(0, -2).replace(/ /gu, ''));
    if (typeof raw === 'number') {
      assert.equal(
        p.value,
        displayed(raw, c.format),
        `${c.where}: published ${p.value}, cell ${raw}`,
      );
      values++;
    } else {
      assert.ok(
        raw === null || raw === undefined || NULL_TEXTS.includes(String(raw).trim()),
        `${c.where}: unexpected cell ${JSON.stringify(raw)}`,
      );
      assert.equal(p.value, null, `${c.where}: ${JSON.stringify(raw)} must be null, is ${p.value}`);
      assert.ok(p.null_reason && p.null_reason.length > 0, c.where);
      nulls++;
    }
  }
  const cellKeys = new Set(cells.map((c) => key(c.metric, c.place, c.period)));
  const extra = points.filter(
    (p) => p.value !== null && !cellKeys.has(key(p.metric, p.place, p.period)),
  );
  assert.deepEqual(
    extra.map((p) => key(p.metric, p.place, p.period)),
    [],
    'a published value without a cell',
  );
  return { values, nulls };
}

/** exceljs cell value -> number | string | null (formula -> its cached result, rich text -> its text). */
function plain(v: ExcelJS.CellValue): unknown {
  if (v === null || v === undefined) return null;
  if (typeof v === 'object' && 'richText' in v) return v.richText.map((r) => r.text).join('');
  if (typeof v === 'object' && 'result' in v) return v.result ?? null;
  if (typeof v === 'object' && 'formula' in v) return null;
  return v;
}

async function sheetOf(file: string, sheet: string) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(join(SNAP, file));
  const ws = wb.getWorksheet(sheet);
  assert.ok(ws, `${file}: sheet ${sheet}`);
  return Object.assign((r: number, c: number) => plain(ws.getRow(r).getCell(c).value), {
    format: (r: number, c: number): string | undefined => ws.getRow(r).getCell(c).numFmt,
  });
}

function xlsSheet(file: string) {
  const wb = XLSX.read(readFileSync(join(SNAP, file)), { cellNF: true });
  const ws = wb.Sheets[wb.SheetNames[0]!]!;
  const at = (r: number, c: number) => ws[`${XLSX.utils.encode_col(c - 1)}${r}`];
  return Object.assign((r: number, c: number) => at(r, c)?.v ?? null, {
    format: (r: number, c: number): string | undefined => at(r, c)?.z as string | undefined,
  });
}

/** Rows first..last × columns 2..lastCol, the period of a column from the header row through `period`. */
function grid(
  at: ((r: number, c: number) => unknown) & {
    format?: (r: number, c: number) => string | undefined;
  },
  metric: (period: string) => string,
  rows: [number, number],
  header: number,
  lastCol: number,
  period: (h: string, c: number) => string | null,
  file: string,
): Cell[] {
  const cells: Cell[] = [];
  for (let r = rows[0]; r <= rows[1]; r++) {
    const place = placeOf(String(at(r, 1)));
    for (let c = 2; c <= lastCol; c++) {
      const per = period(
        String(at(header, c) ?? '')
          .replace(/\s+/gu, ' ')
          .trim(),
        c,
      );
      if (per === null) continue;
      cells.push({
        metric: metric(per),
        place,
        period: per,
        raw: at(r, c),
        format: at.format?.(r, c),
        where: `${file} r${r} c${c}`,
      });
    }
  }
  return cells;
}

describe('bns-more readers against an independent reading of each snapshot', () => {
  let points: Point[];
  let map: Map<string, Point>;
  const get = (m: string, place: string, period: string) => {
    const p = map.get(key(m, place, period));
    assert.ok(p, `${m} ${place} ${period}`);
    return p;
  };
  before(async () => {
    points = await pointsOfSources(
      [
        'bns-doctors',
        'bns-household-expenditure',
        'bns-employment-agencies',
        'bns-grp-per-capita',
        'bns-bus-transport',
        'bns-unemployment-quarterly',
      ],
      { resolve: (p) => join(SNAP, p), regions },
    );
    map = byKey(points);
  });

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
    const doctors = points.filter(
      (p) => p.metric === 'doctors' && !(p.place === 'KZ-61' && Number(p.period) <= 2017),
    );
    assert.deepEqual(compareCells(cells, doctors), { values: 348, nulls: 72 });
    assert.equal(get('doctors', SKO, 2003 + '').value, 6210);
    assert.equal(get('doctors', 'KZ-61', '2017').value, null);
    assert.equal(get('doctors', 'KZ-61', '2018').value, 5195);
    const almaty = get('doctors', 'KZ-75', '2016');
    assert.equal(almaty.status, 'suspicious');
    assert.match(almaty.note!, /12720 \(2015\) and 13267 \(2017\)/);
    assert.equal(points.filter((p) => p.status === 'suspicious').length, 1);
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
        points.filter((p) => p.metric === 'household_money_expenditure_per_capita'),
      ),
      { values: 382, nulls: 102 },
    );
    // 4917.916666666667 in a "#,##0" cell: published as the table shows it
    assert.equal(get('household_money_expenditure_per_capita', 'KZ', '2001').value, 4918);
    const estimated = points
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
    const mine = points.filter((p) => p.metric === 'employment_agency_applicants');
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
    const mine = points.filter((p) => p.metric.startsWith('grp_per_capita'));
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
      points.filter((p) => p.source_id === 'bns-bus-transport'),
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
      points.filter((p) => p.metric === 'unemployment_rate_quarterly'),
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
    for (const p of points) {
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
