// Every table of the registry read into points by the reader its declaration names
// (src/sources/registry): the one place where a reader kind meets the readers' code. A table's
// points must be exactly its declared indicators', so a reader that yields another metric, or
// none of one it declares, stops the build naming the declaration.
import { readBnsCsv } from '../sources/bns-csv.js';
import { readDynamicPoints } from '../sources/bns-dynamic-points.js';
import { readBulletinPoints } from '../sources/bns-bulletin-points.js';
import { readDistrictBulletin, type DistrictRef } from '../sources/bns-district-bulletin.js';
import type { DistrictCoverage } from '../sources/records.js';
import { readGrpWorkbook } from '../sources/bns-grp.js';
import { readIncomeCsv } from '../sources/bns-income-csv.js';
import { flagCells, readPeriodGrid } from '../sources/bns-period-grid.js';
import { SOUTH_KAZAKHSTAN_LEGACY } from '../sources/bns-reforms.js';
import { ruLabelResolver } from '../sources/bns-ru-labels.js';
import { readWorkingAgeCsv } from '../sources/bns-working-age-csv.js';
import { readYearGrid } from '../sources/bns-year-grid.js';
import { readOpenSdgTable } from '../sources/registry/open-sdg-read.js';
import { normaliseLabel } from '../sources/homoglyphs.js';
import { businessDays, months, readNbkRows, stepDays } from '../sources/nbk-csv.js';
import {
  bnsCsvSpec,
  dynamicTableSpec,
  bulletinTableSpec,
  nbkSpec,
  onlySnapshot,
  periodGridSpec,
  yearGridSpec,
} from '../sources/registry/compile.js';
import type { LoadedTable, Registry } from '../sources/registry/load.js';
import type { Point, Region } from './types.js';

export interface TablesRead {
  points: Point[];
  /** `metric period` of every column the GRP workbook's footnotes mark preliminary. */
  preliminaryColumns: string[];
  /** The series that run until the release's as-of date (the base rate in force), made once it is known. */
  untilAsOf: (asOf: string) => Point[];
}

interface Context {
  resolve: (path: string) => string;
  regions: readonly Region[];
  districts: readonly DistrictRef[];
  districtCoverage: readonly DistrictCoverage[];
}

export async function readTables(registry: Registry, context: Context): Promise<TablesRead> {
  const out: TablesRead = { points: [], preliminaryColumns: [], untilAsOf: () => [] };
  const later: ((asOf: string) => Point[])[] = [];
  for (const table of registry.tables) {
    const read = await readTable(table, context);
    checkMetrics(table, read.points);
    out.points.push(...read.points);
    out.preliminaryColumns.push(...(read.preliminaryColumns ?? []));
    if (read.untilAsOf) later.push(read.untilAsOf);
  }
  out.untilAsOf = (asOf) => later.flatMap((f) => f(asOf));
  return out;
}

type Read = Partial<Omit<TablesRead, 'points'>> & { points: Point[] };

async function readTable(
  table: LoadedTable,
  { resolve, regions, districts, districtCoverage }: Context,
): Promise<Read> {
  const reader = table.reader;
  const path = () => resolve(onlySnapshot(table));
  const label = ruLabelResolver(regions);
  switch (reader.kind) {
    case 'bns-csv':
      return { points: await readBnsCsv(path(), bnsCsvSpec(table, reader)) };
    case 'year-grid': {
      const spec = yearGridSpec(table, reader);
      const points = (await readYearGrid(path(), spec, label)).points;
      flagCells(onlySnapshot(table), points, spec.suspicious, []);
      return { points };
    }
    case 'period-grid': {
      const labels =
        reader.labels === 'region-table'
          ? label
          : (l: string) => (reader.labels as Record<string, string>)[l] ?? null;
      return {
        points: (await readPeriodGrid(path(), periodGridSpec(table, reader), labels)).points,
      };
    }
    case 'dynamic-table':
      return { points: await readDynamicPoints(path(), dynamicTableSpec(table, reader)) };
    case 'bulletin-table':
      return { points: await readBulletinPoints(path(), bulletinTableSpec(table, reader)) };
    case 'nbk-csv': {
      const spec = nbkSpec(table, reader);
      const rows = await readNbkRows(path(), spec);
      if (reader.dates === 'decision')
        return { points: [], untilAsOf: (asOf) => stepDays(spec, rows, asOf) };
      return { points: reader.dates === 'month' ? months(spec, rows) : businessDays(spec, rows) };
    }
    case 'bns-grp-workbook': {
      const grp = await readGrpWorkbook(path(), grpLabelResolver(regions), {
        source_id: table.source.id,
      });
      return { points: grp.points, preliminaryColumns: grp.preliminaryColumns };
    }
    case 'income-csv':
      return { points: (await readIncomeCsv(path(), label, table.source.id)).points };
    case 'working-age-csv':
      return { points: await readWorkingAgeCsv(path(), label) };
    case 'district-bulletin':
      return { points: await readDistrictBulletin(path(), regions, districts, districtCoverage) };
    case 'daily-counts':
      // counted when the store's content is made (src/publish/point-counts.ts)
      return { points: [] };
    case 'open-sdg':
      return {
        points: (await readOpenSdgTable(resolve, table.snapshots, reader, table.source.id)).points,
      };
  }
}

/** A table yields its own indicators' points and no other, each citing the table's source. */
function checkMetrics(table: LoadedTable, points: readonly Point[]): void {
  const own = new Set(table.indicators.map((i) => i.id));
  const seen = new Set<string>();
  for (const p of points) {
    // a reader may key a breakdown's points by its series already (life_expectancy;sex=F)
    const metric = p.metric.split(';')[0]!;
    if (!own.has(metric) || p.source_id !== table.source.id)
      throw new Error(
        `sources/${table.file}: the ${table.reader.kind} reader of ${table.source.id} yields ${p.metric} citing ${p.source_id}, which its declaration does not hold`,
      );
    seen.add(metric);
  }
  if (
    table.reader.kind === 'daily-counts' ||
    (table.reader.kind === 'nbk-csv' && table.reader.dates === 'decision')
  )
    return;
  for (const id of own)
    if (!seen.has(id))
      throw new Error(
        `sources/${table.file}: the ${table.reader.kind} reader of ${table.source.id} yields no point of ${id}`,
      );
}

/** GRP labels resolve through the regions table's Bureau label and names, never by guessing. */
function grpLabelResolver(regions: readonly Region[]): (label: string) => string | null {
  const map = new Map<string, string>();
  const key = (s: string) => normaliseLabel(s).toLowerCase();
  map.set(key('Republic of Kazakhstan'), 'KZ');
  // the former South Kazakhstan region (renamed Turkistan in 2018): kept as its own legacy place
  map.set(key('Ontustik Kazakhstan'), SOUTH_KAZAKHSTAN_LEGACY);
  for (const r of regions) map.set(key(r.bns_grp_label), r.iso);
  return (label) => map.get(key(label)) ?? null;
}
