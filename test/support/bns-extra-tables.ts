// The bns-extra tables by the source id their declarations give (file and reader spec), the pinned
// snapshots' folder, and the region labels as the readers resolve them: for the readers' tests.
import { snapshotsDir } from '../../src/lib/config.js';
import { readFileSync } from 'node:fs';
import type { Region } from '../../src/model/types.js';
import { ruLabelResolver } from '../../src/sources/bns-ru-labels.js';
import { fileOf, yearGridSpecOf } from './registry.js';

// the tables of snapshots/bns-extra, by the source id their declarations give
export const S = {
  LIFE_EXPECTANCY_FILE: fileOf('bns-life-expectancy'),
  LIFE_EXPECTANCY_SPEC: yearGridSpecOf('bns-life-expectancy'),
  HOSPITALS_FILE: fileOf('bns-hospitals'),
  HOSPITALS_SPEC: yearGridSpecOf('bns-hospitals'),
  EMISSIONS_FILE: fileOf('bns-emissions'),
  EMISSIONS_SPEC: yearGridSpecOf('bns-emissions'),
  ENV_EXPENDITURE_FILE: fileOf('bns-env-expenditure'),
  ENV_EXPENDITURE_SPEC: yearGridSpecOf('bns-env-expenditure'),
  INCOME_FILE: fileOf('bns-income'),
};

export const SNAP = snapshotsDir();
export const regions = JSON.parse(
  readFileSync(new URL('../../sources/regions.json', import.meta.url), 'utf8'),
) as Region[];
export const resolve = ruLabelResolver(regions);
