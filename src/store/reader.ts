// The store reader of a release: what every route needs of its store (meta, layers, metrics, the
// places with points) read once, and one reader per family of statements, each prepared once per
// release: snapshots (snapshot-reader.ts), series (series-reader.ts), series keys (series-keys.ts),
// events (event-reader.ts), v1
// observations and records (observation-reader.ts), entities and their names (entity-reader.ts).
// The search index is read by search*.ts. Row types come from the store's one declaration
// (src/store/tables.ts).
import type { Database } from 'better-sqlite3';
import { entityReaderOf, type EntityReader } from './entity-reader.js';
import { EventReader } from './event-reader.js';
import { ObservationReader } from './observation-reader.js';
import type { MetricRow } from './reader-sql.js';
import { SeriesKeyReader } from './series-keys.js';
import { SeriesReader } from './series-reader.js';
import { SnapshotReader } from './snapshot-reader.js';
import { TopicReader } from './topic-reader.js';
import type { Row } from './tables.js';

export type { MetricRow } from './reader-sql.js';
export type LayerRow = Row<'layers'>;
export type { TopicRow } from './topic-reader.js';

export class StoreReader {
  readonly meta: Readonly<Record<string, string>>;
  readonly layers: readonly LayerRow[];
  readonly metrics: readonly MetricRow[];
  readonly metricById: ReadonlyMap<string, MetricRow>;
  /** The topic scheme and each indicator's topics (a store before 5.1.0 has none). */
  readonly topics: TopicReader;
  /** Places that have at least one point, sorted. */
  readonly places: readonly string[];
  readonly sqliteVersion: string;
  readonly snapshots: SnapshotReader;
  readonly series: SeriesReader;
  readonly seriesKeys: SeriesKeyReader;
  readonly events: EventReader;
  readonly observations: ObservationReader;
  readonly entities: EntityReader;

  constructor(db: Database) {
    // A snapshot seeks every series: a page cache that holds the interior pages of the points key
    // (tens of MB at 30M points) leaves about one leaf read per series. Bounded per release.
    db.pragma('cache_size = -65536');
    const p = (sql: string) => db.prepare(sql);
    this.meta = Object.fromEntries(
      (p('SELECT key, value FROM meta ORDER BY key').all() as Row<'meta'>[]).map((r) => [
        r.key,
        r.value,
      ]),
    );
    this.layers = p('SELECT * FROM layers ORDER BY id').all() as LayerRow[];
    this.metrics = p('SELECT * FROM metrics ORDER BY id').all() as MetricRow[];
    this.metricById = new Map(this.metrics.map((m) => [m.id, m]));
    this.topics = new TopicReader(db, this.meta);
    this.places = (
      p('SELECT DISTINCT place FROM point_series ORDER BY place').all() as { place: string }[]
    ).map((r) => r.place);
    this.sqliteVersion = (p('SELECT sqlite_version() AS v').get() as { v: string }).v;
    this.snapshots = new SnapshotReader(db, this.metrics);
    this.series = new SeriesReader(db);
    this.seriesKeys = new SeriesKeyReader(db);
    this.events = new EventReader(db);
    this.observations = new ObservationReader(db);
    this.entities = entityReaderOf({ db });
  }
}

const readers = new WeakMap<Database, StoreReader>();

/** The reader of a release's store: built (statements prepared) on first use, then kept with the store. */
export function storeOf(release: { db: Database }): StoreReader {
  let reader = readers.get(release.db);
  if (!reader) readers.set(release.db, (reader = new StoreReader(release.db)));
  return reader;
}
