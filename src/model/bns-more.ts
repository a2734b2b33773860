// The Bureau tables of snapshots/bns-more without a breakdown (health staff, income and spending,
// labour, transport, GRP per head) read into points through their declarations (bns-more-specs.ts).
import {
  BUS_FILE, BUS_SPEC, DOCTORS_DOUBTFUL, DOCTORS_FILE, DOCTORS_SPEC, EMPLOYMENT_AGENCIES_FILE, EMPLOYMENT_AGENCIES_SPEC,
  GRP_PER_CAPITA_FILE, GRP_PER_CAPITA_SPEC, HOUSEHOLD_EXPENDITURE_FILE, HOUSEHOLD_EXPENDITURE_SPEC, UNEMPLOYMENT_EN_LABELS,
  UNEMPLOYMENT_QUARTERLY_FILE, UNEMPLOYMENT_QUARTERLY_SPEC,
} from '../sources/bns-more-specs.js';
import { flagCells, readPeriodGrid } from '../sources/bns-period-grid.js';
import { ruLabelResolver } from '../sources/bns-ru-labels.js';
import { readYearGrid } from '../sources/bns-year-grid.js';
import type { Point, Region } from './types.js';

export async function readBnsMore(resolve: (path: string) => string, regions: readonly Region[]): Promise<Point[]> {
  const label = ruLabelResolver(regions);
  const doctors = (await readYearGrid(resolve(DOCTORS_FILE), DOCTORS_SPEC, label)).points;
  flagCells(DOCTORS_FILE, doctors, DOCTORS_DOUBTFUL, []);
  const english = (l: string) => UNEMPLOYMENT_EN_LABELS[l] ?? null;
  const grids = [
    [HOUSEHOLD_EXPENDITURE_FILE, HOUSEHOLD_EXPENDITURE_SPEC, label],
    [EMPLOYMENT_AGENCIES_FILE, EMPLOYMENT_AGENCIES_SPEC, label],
    [GRP_PER_CAPITA_FILE, GRP_PER_CAPITA_SPEC, label],
    [BUS_FILE, BUS_SPEC, label],
    [UNEMPLOYMENT_QUARTERLY_FILE, UNEMPLOYMENT_QUARTERLY_SPEC, english],
  ] as const;
  const points = [...doctors];
  for (const [file, spec, labels] of grids) points.push(...(await readPeriodGrid(resolve(file), spec, labels)).points);
  return points;
}
