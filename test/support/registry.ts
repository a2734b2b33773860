// The registry as the build loads it (sources/datasets/), and each declared table's reader spec, so
// the reader tests read a table exactly as its declaration says, by the id of its source.
import { snapshotsDir, SOURCES_DIR } from '../../src/lib/config.js';
import { loadPassports, verifySnapshots } from '../../src/sources/snapshots.js';
import { readTables } from '../../src/model/read-tables.js';
import type { Point, Region } from '../../src/model/types.js';
import type { DistrictRef } from '../../src/sources/bns-district-bulletin.js';
import {
  bnsCsvSpec,
  onlySnapshot,
  periodGridSpec,
  yearGridSpec,
} from '../../src/sources/registry/compile.js';
import { loadRegistry, type LoadedTable } from '../../src/sources/registry/load.js';

/** The verified resolver of the real snapshot directory, as the build makes it. */
export const snapshot = await verifySnapshots(snapshotsDir(), await loadPassports(SOURCES_DIR));
export const registry = await loadRegistry(SOURCES_DIR, snapshot);

export function tableOf(sourceId: string): LoadedTable {
  const table = registry.tables.find((t) => t.source.id === sourceId);
  if (!table) throw new Error(`no table of source ${sourceId} in the registry`);
  return table;
}

/** The snapshot path (relative to the snapshot directory) a table is read from. */
export const fileOf = (sourceId: string): string => onlySnapshot(tableOf(sourceId));

function readerOf<K extends LoadedTable['reader']['kind']>(sourceId: string, kind: K) {
  const table = tableOf(sourceId);
  if (table.reader.kind !== kind)
    throw new Error(`${sourceId} is read by ${table.reader.kind}, not ${kind}`);
  return { table, reader: table.reader as Extract<LoadedTable['reader'], { kind: K }> };
}

export function bnsCsvSpecOf(sourceId: string) {
  const { table, reader } = readerOf(sourceId, 'bns-csv');
  return bnsCsvSpec(table, reader);
}

export function yearGridSpecOf(sourceId: string) {
  const { table, reader } = readerOf(sourceId, 'year-grid');
  return yearGridSpec(table, reader);
}

export function periodGridSpecOf(sourceId: string) {
  const { table, reader } = readerOf(sourceId, 'period-grid');
  return periodGridSpec(table, reader);
}

/** The points of the tables of these sources, read as the build reads them. */
export async function pointsOfSources(
  sourceIds: readonly string[],
  context: {
    resolve: (path: string) => string;
    regions: readonly Region[];
    districts?: readonly DistrictRef[];
  },
): Promise<Point[]> {
  const tables = sourceIds.map(tableOf);
  const read = await readTables(
    { ...registry, tables },
    { districts: [], districtCoverage: [], ...context },
  );
  return read.points;
}
