// A second, independent reading of the bns-more snapshots (tables without a breakdown) for the
// readers' tests: the .xlsx files through exceljs (another library), the .xls files through SheetJS's
// raw cells by A1 address, headers parsed here by their own regexes, labels through hand-written
// tables; and the points the build's readers give, read before a file's tests.
import { snapshotsDir } from '../../src/lib/config.js';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before } from 'node:test';
import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import type { Point, Region } from '../../src/model/types.js';
import { SOUTH_KAZAKHSTAN_LEGACY as SKO } from '../../src/sources/bns-reforms.js';
import { bnsCsvSpecOf, fileOf, periodGridSpecOf, pointsOfSources } from './registry.js';

// the tables of snapshots/bns-more without a breakdown, by the source id their declarations give
export const S = {
  DOCTORS_FILE: fileOf('bns-doctors'),
  HOUSEHOLD_EXPENDITURE_FILE: fileOf('bns-household-expenditure'),
  EMPLOYMENT_AGENCIES_FILE: fileOf('bns-employment-agencies'),
  GRP_PER_CAPITA_FILE: fileOf('bns-grp-per-capita'),
  BUS_FILE: fileOf('bns-bus-transport'),
  UNEMPLOYMENT_QUARTERLY_FILE: fileOf('bns-unemployment-quarterly'),
  EMPLOYMENT_AGENCIES_SPEC: periodGridSpecOf('bns-employment-agencies'),
};
export const UNEMPLOYMENT_SPEC = bnsCsvSpecOf('bns-unemployment');

export const SNAP = snapshotsDir();
export const regions = JSON.parse(
  readFileSync(new URL('../../sources/regions.json', import.meta.url), 'utf8'),
) as Region[];

// Labels as printed (trimmed, footnote markers removed), written out by hand.
export const PLACE: Record<string, string> = {
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
export const placeOf = (label: string) => {
  const name = label.trim().replace(/\s*(\*+|\d\))$/u, '');
  assert.ok(PLACE[name], `label "${label}" not in the test's table`);
  return PLACE[name]!;
};

export interface Cell {
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
export function displayed(raw: number, format: string | undefined): number {
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
export const key = (metric: string, place: string, period: string) =>
  `${metric}|${place}|${period}`;
export const byKey = (points: Point[]) =>
  new Map(
    points
      .filter((p) => p.dimensions === undefined)
      .map((p) => [key(p.metric, p.place, p.period), p]),
  );

export const NULL_TEXTS = ['-', 'x', '…', ''];
/** Every cell compares with its point: numbers as the table displays them, symbols as null with a reason. */
export function compareCells(cells: Cell[], points: Point[]): { values: number; nulls: number } {
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
export function plain(v: ExcelJS.CellValue): unknown {
  if (v === null || v === undefined) return null;
  if (typeof v === 'object' && 'richText' in v) return v.richText.map((r) => r.text).join('');
  if (typeof v === 'object' && 'result' in v) return v.result ?? null;
  if (typeof v === 'object' && 'formula' in v) return null;
  return v;
}

export async function sheetOf(file: string, sheet: string) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(join(SNAP, file));
  const ws = wb.getWorksheet(sheet);
  assert.ok(ws, `${file}: sheet ${sheet}`);
  return Object.assign((r: number, c: number) => plain(ws.getRow(r).getCell(c).value), {
    format: (r: number, c: number): string | undefined => ws.getRow(r).getCell(c).numFmt,
  });
}

export function xlsSheet(file: string) {
  const wb = XLSX.read(readFileSync(join(SNAP, file)), { cellNF: true });
  const ws = wb.Sheets[wb.SheetNames[0]!]!;
  const at = (r: number, c: number) => ws[`${XLSX.utils.encode_col(c - 1)}${r}`];
  return Object.assign((r: number, c: number) => at(r, c)?.v ?? null, {
    format: (r: number, c: number): string | undefined => at(r, c)?.z as string | undefined,
  });
}

/** Rows first..last × columns 2..lastCol, the period of a column from the header row through `period`. */
export function grid(
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

/** The points of the bns-more tables `sources` names, read by the build's readers before the file's tests. */
export function readBnsMore(sources: string[]): {
  points: () => Point[];
  get: (m: string, place: string, period: string) => Point;
} {
  let points: Point[] = [];
  let map = new Map<string, Point>();
  before(async () => {
    points = await pointsOfSources(sources, { resolve: (p) => join(SNAP, p), regions });
    map = byKey(points);
  });
  return {
    points: () => points,
    get: (m, place, period) => {
      const p = map.get(key(m, place, period));
      assert.ok(p, `${m} ${place} ${period}`);
      return p;
    },
  };
}
