// What the scaled bench's parts share (bench/scaled.bench.ts): the scaled release (built first when the
// directory holds none, DALA_SCALED_RELEASES, default ./releases-scaled), its scale, the places and
// queries the rows ask for, and which rows run (DALA_SCALED_ONLY).

import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { readCurrent } from '../../src/release/pointer.js';
import { addDays } from '../../src/store/periods.js';
import { buildScaled, FULL } from './build.js';
import type { ScaledBuildRecord } from './record.js';
import { DAYS, FIRST_DAY, placeCount } from './rows.js';

export const dir = process.env.DALA_SCALED_RELEASES ?? 'releases-scaled';
export const BUILD_RECORD = join(dir, 'scaled-build.json'); // beside the releases, never inside a sealed one

if (!(await readCurrent(dir))) {
  const r = await buildScaled(dir, FULL, (line) => console.log(`build: ${line}`));
  await writeFile(
    BUILD_RECORD,
    JSON.stringify({ revision: r.revision, seconds: r.seconds, ...FULL }),
  );
}
export const build = JSON.parse(
  await readFile(BUILD_RECORD, 'utf8').catch(() => 'null'),
) as ScaledBuildRecord | null;
export const scale = build
  ? `${build.points} points (a point every ${build.dayStep ?? 1} day), ${build.events} events, ${build.entities} entities`
  : 'unknown scale';
export const full = build !== null && build.points >= FULL.points;
// The build row is printed by bench/build.bench.ts from the same record.

export const places = placeCount(build?.points ?? FULL.points, build?.dayStep ?? 1);
export const place = (i: number) => `SYN-${String((i % places) + 1).padStart(3, '0')}`;
export const at = full ? '' : ` [at ${scale}, not 30M]`;
// end_date after the data's end changes no answer but makes every URL (and answer) distinct.
export const seriesQuery = (i: number, placeParam?: string, metric = 'syn_m02') => ({
  metric,
  granularity: 'month' as const,
  start_date: FIRST_DAY,
  end_date: addDays('2025-01-01', i),
  ...(placeParam ? { place: placeParam } : {}),
});
// The breakdowns the dimensioned rows ask for (bench/scale/indicators.ts): one sex of an indicator by
// sex and by urban/rural (one place), one area of it (every place), and the snapshot at sex=F.
export const FEMALE = { sex: 'F' } as const;
export const RURAL = { area: 'R' } as const;
export const snapshotDate = (i: number) => addDays(FIRST_DAY, Math.floor((i * 7919) % DAYS));
export const DIMENSIONED = 'syn_m11';
// Releases built before the synthetic breakdowns have no dimensioned synthetic indicator: those rows are then not measured.
export const dimensioned = await (async () => {
  const revision = await readCurrent(dir);
  const db = new Database(join(dir, revision!, 'store.sqlite'), { readonly: true });
  try {
    return (
      db
        .prepare(`SELECT count(*) FROM sqlite_master WHERE name = 'series_dimensions'`)
        .pluck()
        .get() !== 0 &&
      db
        .prepare('SELECT count(*) FROM series_dimensions WHERE indicator = ?')
        .pluck()
        .get(DIMENSIONED) !== 0
    );
  } finally {
    db.close();
  }
})();
export const only = process.env.DALA_SCALED_ONLY; // 'snapshot' or 'series': that route's rows alone
export const rows = (route: 'series' | 'snapshot') => only === undefined || only === route;
