// Writes the per-release SQLite store (src/store/tables.ts declares it). Rows are inserted in a fixed
// order, in primary-key order where the volume matters, so the same content gives the same bytes
// (deterministic builds) without a VACUUM pass. While the points stream in, grouped by (metric,
// place), the build computes each group's rollups and its point_series row. The entities, their
// names and the search index are written meanwhile on a second thread into a part file
// (./part.ts), copied in once the rest is written: the same bytes whatever the threads' timing.
import { rmSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { bucketize, type PointRow } from '../../store/rollup.js';
import { rowOfBucket, dayRollups, isDaySeries, type BucketRow } from '../../store/rollup-days.js';
import { ROLLUP_GRANULARITIES, sortIfNeeded } from '../../store/periods.js';
import type { Row, TableName } from '../../store/tables.js';
import { inserter } from './insert.js';
import type { NameNote } from './search.js';
import { writeSeriesAnswers } from './series-answers.js';
import { SnapshotBlocksWriter } from './snapshot-blocks.js';
import { STORE_DDL, STORE_VERSION } from './schema.js';
import { checkForeignKeys, openForLoad } from './load.js';
import { mergeEntityPart } from './part.js';
import { entityPartHere, startEntityPart } from './part-thread.js';
import { pagesChecked } from '../../store/page-checksums.js';

/** Tables the build derives from the points; every other table is written as given. */
type Derived =
  'meta' | 'point_series' | 'rollups' | 'series_answers' | 'series_totals' | 'snapshot_blocks';

/** Tables a content may leave out (no rows): the series of dimensioned indicators, the topics. */
type Optional = 'series_dimensions' | 'topics' | 'indicator_topics';
type Given = Exclude<TableName, Derived | Optional>;
/** The rows of a store as lists (what the model gives). */
export type StoreContent = { meta: Record<string, string> } & { [T in Given]: Row<T>[] } & {
  [T in Optional]?: Row<T>[];
};
/** The rows of a store as streams (a scaled build generates them without holding them). */
export type StoreStream = { meta: Record<string, string> } & { [T in Given]: Iterable<Row<T>> } & {
  [T in Optional]?: Iterable<Row<T>>;
};

// entities and entity_names go to the store's entity part (./part.ts)
const GIVEN_ORDER = [
  'layers',
  'metrics',
  'series_dimensions',
  'topics',
  'indicator_topics',
  'events',
  'relations',
  'claims',
  'evidence',
] as const;

// Clustered-key order of points: (period_end, period_start, period DESC) inside a (metric, place) group.
const keyOrder = (a: PointRow, b: PointRow) =>
  a.period_end !== b.period_end
    ? a.period_end < b.period_end
      ? -1
      : 1
    : a.period_start !== b.period_start
      ? a.period_start < b.period_start
        ? -1
        : 1
      : a.period === b.period
        ? 0
        : a.period < b.period
          ? 1
          : -1;

/** Dates and sources of former names and abbreviations among entity_names, for the search index. */
export type SearchNotes = { name_notes?: readonly NameNote[] };

export function writeStore(
  path: string,
  content: StoreStream & SearchNotes,
  { partThread = true }: { partThread?: boolean } = {},
): void {
  const partPath = `${path}.entity-part`;
  const part = (partThread ? startEntityPart : entityPartHere)(partPath, content.name_notes ?? []);
  try {
    // The entities and their names first: the part's thread writes them and their search index
    // while this one writes the rest.
    for (const row of content.entities) part.add('entities', row);
    for (const row of content.entity_names) part.add('entity_names', row);
    part.end();
    const db = openForLoad(path);
    try {
      db.exec(STORE_DDL);
      db.transaction(() => {
        const meta: Record<string, string> = { ...content.meta, store_version: STORE_VERSION };
        const metaRows = inserter<Row<'meta'>>(db, 'meta');
        for (const key of Object.keys(meta).sort()) metaRows({ key, value: meta[key] ?? '' });
        metaRows.flush();
        const aggregation = new Map<string, string>();
        for (const table of GIVEN_ORDER) {
          const insert = inserter<object>(db, table);
          for (const row of content[table] ?? []) {
            if (table === 'metrics')
              aggregation.set((row as Row<'metrics'>).id, (row as Row<'metrics'>).aggregation);
            insert(row);
          }
          insert.flush();
        }
        writePoints(db, content.points, aggregation);
        writeSeriesAnswers(db);
        // a point's metric is checked as its series is read (writePoints): a scan of tens of millions
        // of points would repeat it
        checkForeignKeys(db, ['points.metric']);
      })();
      part.wait();
      mergeEntityPart(db, partPath);
      // A server reads a sealed store in place only when its pages are checked (src/store/page-checksums.ts)
      if (!pagesChecked(db)) throw new Error(`${path}: written without page checksums`);
    } finally {
      db.close();
    }
  } finally {
    part.close();
    rmSync(partPath, { force: true });
  }
}

// Rollup rows of one granularity, in key order: granularity names sort month < quarter < week < year.
const GRANULARITY_ORDER = [...ROLLUP_GRANULARITIES].sort();

function writePoints(
  db: Database.Database,
  points: Iterable<PointRow>,
  aggregation: ReadonlyMap<string, string>,
): void {
  const insertPoint = inserter<PointRow>(db, 'points');
  const insertSeries = inserter<Row<'point_series'>>(db, 'point_series');
  const insertRollup = inserter<Row<'rollups'>>(db, 'rollups');
  const snapshots = new SnapshotBlocksWriter();
  const seen = new Set<string>();
  let group: PointRow[] = [];
  // Rollups of one metric are held until the metric ends, then written in key order
  // (granularity, place, time): a metric at a time bounds the memory of a scaled build.
  let rollups = new Map<string, Row<'rollups'>[]>(GRANULARITY_ORDER.map((g) => [g, []]));
  let metric: string | null = null;

  const flushMetric = () => {
    for (const g of GRANULARITY_ORDER) {
      // places arrive sorted (one run each) in a model's store; sorted (stably) here when they do not
      for (const r of sortIfNeeded(rollups.get(g)!, (a, b) =>
        a.place < b.place ? -1 : a.place > b.place ? 1 : 0,
      ))
        insertRollup(r);
    }
    rollups = new Map(GRANULARITY_ORDER.map((g) => [g, []]));
  };
  const flushGroup = () => {
    if (group.length === 0) return;
    const { metric: m, place } = group[0]!;
    const agg = aggregation.get(m);
    if (agg === undefined)
      throw new Error(`store points: metric "${m}" (place ${place}) is not in the metrics table`);
    // A day series in increasing order is already in key order, its periods distinct.
    const days = isDaySeries(group);
    if (!days) {
      const periods = new Set<string>();
      for (const p of group) {
        if (periods.has(p.period))
          throw new Error(
            `store points: metric ${m}, place ${place}, period ${p.period} appears twice`,
          );
        periods.add(p.period);
      }
      sortIfNeeded(group, keyOrder);
    }
    let withValue = 0;
    let firstStart = group[0]!.period_start;
    for (const p of group) {
      insertPoint(p);
      if (p.value !== null) withValue++;
      if (p.period_start < firstStart) firstStart = p.period_start;
    }
    insertSeries({
      metric: m,
      place,
      points: group.length,
      with_value: withValue,
      first_start: firstStart,
      last_end: group[group.length - 1]!.period_end,
    });
    snapshots.add(group);
    for (const granularity of ROLLUP_GRANULARITIES) {
      const buckets: BucketRow[] = days
        ? dayRollups(group, granularity, agg)
        : bucketize(group, granularity, agg).map(rowOfBucket);
      const list = rollups.get(granularity)!;
      for (const b of buckets) list.push({ metric: m, granularity, place, ...b });
    }
    group = [];
  };

  for (const p of points) {
    const last = group[0];
    if (last && (last.metric !== p.metric || last.place !== p.place)) flushGroup();
    if (group.length === 0) {
      const key = `${p.metric}\u0000${p.place}`;
      if (seen.has(key))
        throw new Error(
          `store points: the points of metric ${p.metric}, place ${p.place} must come together (sorted by metric, place)`,
        );
      seen.add(key);
      if (metric !== p.metric) {
        if (metric !== null) flushMetric();
        metric = p.metric;
      }
    }
    group.push(p);
  }
  flushGroup();
  flushMetric();
  insertPoint.flush();
  insertSeries.flush();
  insertRollup.flush();
  snapshots.write(db);
}
