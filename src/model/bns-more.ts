// The Bureau tables of snapshots/bns-more without a breakdown (health staff, income and spending,
// labour, transport, GRP per head) read into points through their declarations (bns-more-specs.ts).
import {
  BUS_FILE,
  BUS_SPEC,
  DOCTORS_DOUBTFUL,
  DOCTORS_FILE,
  DOCTORS_SPEC,
  EMPLOYMENT_AGENCIES_FILE,
  EMPLOYMENT_AGENCIES_SPEC,
  GRP_PER_CAPITA_FILE,
  GRP_PER_CAPITA_SPEC,
  HOUSEHOLD_EXPENDITURE_FILE,
  HOUSEHOLD_EXPENDITURE_SPEC,
  UNEMPLOYMENT_EN_LABELS,
  UNEMPLOYMENT_QUARTERLY_FILE,
  UNEMPLOYMENT_QUARTERLY_SPEC,
} from '../sources/bns-more-specs.js';
import {
  DISTRICT_BULLETIN_FILE,
  readDistrictBulletin,
  type DistrictRef,
} from '../sources/bns-district-bulletin.js';
import {
  POPULATION_SEX_AREA_FILE,
  POPULATION_SEX_AREA_SPEC,
  SCHOOLS_FILE,
  SCHOOLS_SPEC,
} from '../sources/bns-more-dim-specs.js';
import { flagCells, readPeriodGrid } from '../sources/bns-period-grid.js';
import { readWorkingAgeCsv, WORKING_AGE_FILE } from '../sources/bns-working-age-csv.js';
import { ruLabelResolver } from '../sources/bns-ru-labels.js';
import { readYearGrid } from '../sources/bns-year-grid.js';
import type { Point, Region } from './types.js';

export async function readBnsMore(
  resolve: (path: string) => string,
  regions: readonly Region[],
): Promise<Point[]> {
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
  for (const [file, spec, labels] of grids)
    points.push(...(await readPeriodGrid(resolve(file), spec, labels)).points);
  return points;
}

/**
 * The bns-more tables with a breakdown (sex, urban/rural, age): every point carries its codes
 * (dimensions.ts). The district bulletin attaches to the district entities, so it needs them.
 */
export async function readBnsMoreDims(
  resolve: (path: string) => string,
  regions: readonly Region[],
  districts: readonly DistrictRef[],
): Promise<Point[]> {
  const label = ruLabelResolver(regions);
  return [
    ...(await readPeriodGrid(resolve(POPULATION_SEX_AREA_FILE), POPULATION_SEX_AREA_SPEC, label))
      .points,
    ...(await readPeriodGrid(resolve(SCHOOLS_FILE), SCHOOLS_SPEC, label)).points,
    ...(await readWorkingAgeCsv(resolve(WORKING_AGE_FILE), label)),
    ...(await readDistrictBulletin(resolve(DISTRICT_BULLETIN_FILE), regions, districts)),
  ];
}
