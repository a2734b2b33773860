// The national series of snapshots/nbk read into points: the USD/KZT rate by business day, monthly
// CPI (two bases), and the base rate as a step function of its decisions, in force until `until`.
import { businessDays, months, readNbkRows, stepDays } from '../sources/nbk-csv.js';
import {
  BASE_RATE_SPEC,
  CPI_PREV_MONTH_SPEC,
  CPI_PREV_YEAR_SPEC,
  USD_KZT_SPEC,
} from '../sources/nbk-specs.js';
import type { Point } from './types.js';

export async function readNbk(
  resolve: (path: string) => string,
): Promise<{ points: Point[]; baseRate: (until: string) => Point[] }> {
  const points = [
    ...businessDays(USD_KZT_SPEC, await readNbkRows(resolve(USD_KZT_SPEC.path), USD_KZT_SPEC)),
    ...months(
      CPI_PREV_MONTH_SPEC,
      await readNbkRows(resolve(CPI_PREV_MONTH_SPEC.path), CPI_PREV_MONTH_SPEC),
    ),
    ...months(
      CPI_PREV_YEAR_SPEC,
      await readNbkRows(resolve(CPI_PREV_YEAR_SPEC.path), CPI_PREV_YEAR_SPEC),
    ),
  ];
  const decisions = await readNbkRows(resolve(BASE_RATE_SPEC.path), BASE_RATE_SPEC);
  return { points, baseRate: (until) => stepDays(BASE_RATE_SPEC, decisions, until) };
}
