// The Bureau's regional bulletin tables (bns-2026/*, snapshots README) as points of declared
// indicators: the `bulletin-table` reader of sources/datasets/ (compiled by
// src/sources/registry/compile.ts). Each part is a sheet read by its shape (bns-bulletin-table.ts):
// its one period is the bulletin's (a year, a quarter; a column of stocks "at the end of the reporting
// period" the instant it ends), each declared column one indicator, each row a place, and a sheet of the
// urban or rural part of the country a breakdown of the same indicators (area U or R).
import type { Point } from './records.js';
import { DIMENSION_IDS, type DimensionCodes } from '../lib/dimensions.js';
import { markTableBorders } from './bns-breaks.js';
import { readBulletinTable, type BulletinTableSpec } from './bns-bulletin-table.js';
import { annualPeriod, instantPeriod, quarterPeriod, type PeriodBounds } from './bns-periods.js';
import { flagCells, type DoubtfulCell } from './bns-period-grid.js';

export interface BulletinPointsColumn {
  header: string;
  /** The column's indicator; absent when skipped. */
  metric?: string;
  /** Its breakdown, where columns are parts of one indicator ("total", "city", "village": area _T, U, R). */
  dimensions?: DimensionCodes;
  /** A stock "at the end of the reporting period": its value is the instant the period ends. */
  atEnd?: true;
  /** Read and checked, not published (said in the declaration's notes why). */
  skip?: true;
}

export interface BulletinPointsPart {
  sheet: string;
  columns: Record<string, BulletinPointsColumn>;
  /** The breakdown every value of the sheet is of (the urban part of the country: area U). */
  dimensions?: DimensionCodes;
  endsAt?: string;
  ignore?: string[];
  labelColumn?: number;
  /** Blocks of places down the sheet by their heading, each a breakdown ("In urban areas": area U). */
  blocks?: { heading: string; dimensions: DimensionCodes }[];
}

export interface BulletinPointsSpec {
  source_id: string;
  /** The bulletin's period: "2022" (the year) or "2024-Q4" (the quarter). */
  period: string;
  parts: BulletinPointsPart[];
  /** Row label -> place. */
  places: Record<string, string>;
  units: Record<string, string>;
  suspicious: DoubtfulCell[];
}

/** The bounds of a declared period: a year or a quarter. */
export function bulletinPeriod(period: string): PeriodBounds {
  const q = /^(\d{4})-Q([1-4])$/u.exec(period);
  if (q) return quarterPeriod(Number(q[1]), Number(q[2]) as 1 | 2 | 3 | 4);
  if (/^\d{4}$/u.test(period)) return annualPeriod(Number(period));
  throw new Error(`a bulletin's period is a year or a quarter, not "${period}"`);
}

/** A value's breakdown: its sheet's, its block's and its column's, in the model's order of dimensions. */
export function dimensionsOf(part: BulletinPointsPart, column: BulletinPointsColumn, block: number): { dimensions?: DimensionCodes } {
  const codes = { ...part.dimensions, ...part.blocks?.[block]?.dimensions, ...column.dimensions };
  if (Object.keys(codes).length === 0) return {};
  return { dimensions: Object.fromEntries(DIMENSION_IDS.filter((d) => codes[d] !== undefined).map((d) => [d, codes[d]!])) };
}

/** The shape reader's spec of a declared part. */
export function bulletinSpecOf(part: BulletinPointsPart, places: Record<string, string>): BulletinTableSpec {
  return {
    sheet: part.sheet,
    columns: Object.fromEntries(Object.entries(part.columns).map(([k, c]) => [k, { header: c.header }])),
    places: Object.keys(places),
    ...(part.endsAt === undefined ? {} : { endsAt: part.endsAt }),
    ...(part.ignore === undefined ? {} : { ignore: part.ignore }),
    ...(part.labelColumn === undefined ? {} : { labelColumn: part.labelColumn }),
    ...(part.blocks === undefined ? {} : { blocks: part.blocks.map((b) => b.heading) }),
  };
}

export async function readBulletinPoints(path: string, spec: BulletinPointsSpec): Promise<Point[]> {
  const bounds = bulletinPeriod(spec.period);
  const points: Point[] = [];
  for (const part of spec.parts) {
    for (const [letter, c] of Object.entries(part.columns))
      if ((c.metric === undefined) === (c.skip === undefined))
        throw new Error(`${path}, sheet "${part.sheet}": column ${letter} needs either a metric or skip`);
    for (const c of await readBulletinTable(path, bulletinSpecOf(part, spec.places))) {
      const column = part.columns[c.column]!;
      if (column.metric === undefined) continue;
      points.push({
        metric: column.metric,
        place: spec.places[c.label]!,
        ...(column.atEnd ? instantPeriod(bounds.period_end) : bounds),
        value: c.value,
        null_reason: c.nullReason,
        status: 'final',
        unit: spec.units[column.metric]!,
        source_id: spec.source_id,
        note: c.notes.length > 0 ? c.notes.join('; ') : null,
        ...dimensionsOf(part, column, c.block),
      });
    }
  }
  flagCells(path, points, spec.suspicious, []);
  markTableBorders(points);
  return points;
}
