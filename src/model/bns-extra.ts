// The five Bureau tables of snapshots/bns-extra (health, environment, income) read into points.
// Region labels resolve through the region table (bns-ru-labels.ts); each reader marks the border
// changes of 2018 and 2022 on the points it returns.
import {
  EMISSIONS_FILE,
  EMISSIONS_SPEC,
  ENV_EXPENDITURE_FILE,
  ENV_EXPENDITURE_SPEC,
  HOSPITALS_FILE,
  HOSPITALS_SPEC,
  INCOME_FILE,
  LIFE_EXPECTANCY_FILE,
  LIFE_EXPECTANCY_SPEC,
} from '../sources/bns-extra-specs.js';
import { readIncomeCsv } from '../sources/bns-income-csv.js';
import { ruLabelResolver } from '../sources/bns-ru-labels.js';
import { readYearGrid } from '../sources/bns-year-grid.js';
import type { Point, Region } from './types.js';

export async function readBnsExtra(
  resolve: (path: string) => string,
  regions: readonly Region[],
): Promise<Point[]> {
  const label = ruLabelResolver(regions);
  const grids = [
    [LIFE_EXPECTANCY_FILE, LIFE_EXPECTANCY_SPEC],
    [HOSPITALS_FILE, HOSPITALS_SPEC],
    [EMISSIONS_FILE, EMISSIONS_SPEC],
    [ENV_EXPENDITURE_FILE, ENV_EXPENDITURE_SPEC],
  ] as const;
  const points: Point[] = [];
  for (const [file, spec] of grids)
    points.push(...(await readYearGrid(resolve(file), spec, label)).points);
  points.push(...(await readIncomeCsv(resolve(INCOME_FILE), label)).points);
  return points;
}
