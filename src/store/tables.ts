// The one declaration of the per-release SQLite store: every table's columns, keys and indexes.
// The DDL the build runs (ddl()) and the row types the server reads (Row<'points'> ...) both come
// from it, so a column is declared once. The search index's tables are declared beside it, as DDL
// (src/store/search-schema.ts).

type ColumnType = 'TEXT' | 'REAL' | 'INTEGER' | 'BLOB';
interface Column {
  type: ColumnType;
  nullable: boolean;
}

const text = { type: 'TEXT', nullable: false } as const;
const textOrNull = { type: 'TEXT', nullable: true } as const;
const realOrNull = { type: 'REAL', nullable: true } as const;
const integer = { type: 'INTEGER', nullable: false } as const;
const blob = { type: 'BLOB', nullable: false } as const;

interface TableDeclaration {
  columns: Record<string, Column>;
  primaryKey: readonly string[];
  /** WITHOUT ROWID: rows are stored in primary-key order, so a key-prefix range reads contiguous pages. */
  clustered?: boolean;
  references?: Readonly<Record<string, string>>;
  checks?: readonly string[];
  unique?: Readonly<Record<string, readonly string[]>>;
  indexes?: Readonly<Record<string, readonly string[]>>;
}

export const TABLES = {
  meta: { columns: { key: text, value: text }, primaryKey: ['key'] },
  layers: {
    columns: { id: text, title_en: text, title_ru: text, title_kk: text, description: text },
    primaryKey: ['id'],
  },
  metrics: {
    columns: {
      id: text,
      layer: text,
      name_en: text,
      name_ru: text,
      name_kk: text,
      unit: text,
      frequency: text,
      aggregation: text,
      source_id: text,
      notes: text,
    },
    primaryKey: ['id'],
    references: { layer: 'layers(id)' },
  },
  // The series of indicators with dimensions (src/sources/series-keys.ts): a metrics row is one
  // series, keyed by the indicator id for its all-totals series and `indicator;dim=code...` for a
  // breakdown; this row names its indicator and its code on every dimension of the indicator
  // (canonical JSON, totals `_T` included), so routes resolve (indicator, filters) to series keys.
  // A metric without a row is an indicator without dimensions. deprecated_id: the id the series had
  // when it was an indicator of its own, still answered as a deprecated alias since deprecated_on.
  series_dimensions: {
    columns: {
      series: text,
      indicator: text,
      dimensions: text,
      deprecated_id: textOrNull,
      deprecated_on: textOrNull,
    },
    primaryKey: ['series'],
    references: { series: 'metrics(id)' },
  },
  // The topic scheme (sources/topics.json: the Bureau's statistical domains, the SDG goals) and the
  // topics of each indicator (one or more): /api/v1/topics and the indicators' topic filter.
  // in the scheme's order (rowid); notation: an SDG goal's number
  topics: {
    columns: {
      id: text,
      kind: text,
      notation: textOrNull,
      name_en: text,
      name_ru: text,
      name_kk: text,
      source_url: text,
    },
    primaryKey: ['id'],
  },
  indicator_topics: {
    columns: { topic: text, indicator: text },
    primaryKey: ['topic', 'indicator'],
    clustered: true,
    references: { topic: 'topics(id)', indicator: 'metrics(id)' },
  },
  // Clustered on (metric, place, period_end, period_start, period DESC): one place's series is one
  // contiguous range, and the latest point at a date is one backward seek (snapshot). The ties order
  // (later start first, then period ascending) is the snapshot's: see src/store/reader.ts. The build
  // checks that (metric, place, period) is unique (src/publish/store/write.ts), so no second index of
  // the key is kept. The indexes are the v1 observation orders other than the key's
  // (src/store/observation-reader.ts POINT_ORDERS), each on the columns before the ties, and serve the
  // count too: without them a page of 100 in order of value, place or period over every point read
  // and sorted the whole table (63-69 ms of CPU per request at 222,557 points, a scan that grows with
  // the release), and a count or a place filter scanned it (20-45 ms).
  points: {
    columns: {
      metric: text,
      place: text,
      period: text,
      period_start: text,
      period_end: text,
      value: realOrNull,
      null_reason: textOrNull,
      status: text,
      unit: text,
      source_id: text,
      note: textOrNull,
    },
    primaryKey: ['metric', 'place', 'period_end', 'period_start', 'period DESC'],
    clustered: true,
    references: { metric: 'metrics(id)' },
    checks: ['(value IS NULL) = (null_reason IS NOT NULL)'],
    indexes: {
      points_by_place: ['place', 'metric', 'period_start'],
      points_by_start: ['period_start', 'period_end'],
      points_by_end: ['period_end DESC', 'period_start DESC'],
      points_by_value: ['value IS NULL', 'value'],
      points_by_value_desc: ['value IS NULL', 'value DESC'],
    },
  },
  // One row per (metric, place) that has points: the keys a snapshot seeks, and per-series counts.
  point_series: {
    columns: {
      metric: text,
      place: text,
      points: integer,
      with_value: integer,
      first_start: text,
      last_end: text,
    },
    primaryKey: ['metric', 'place'],
    clustered: true,
  },
  // The snapshot at any date from one row (src/store/snapshot-blocks.ts): per block of change days,
  // the snapshot before first_day (base entries) and the changes inside the block, deflated in data;
  // pieces holds the point fields the entries refer to as the JSON answer writes them, and ends their
  // distinct period ends (src/store/snapshot-blocks-json.ts; a store written before them has a tuples
  // column of the fields' JSON instead). A rowid table: rows are large.
  snapshot_blocks: {
    columns: {
      first_day: text,
      base: integer,
      changes: integer,
      ends: text,
      pieces: blob,
      data: blob,
    },
    primaryKey: ['first_day'],
  },
  // Series buckets computed at build with each metric's declared aggregation (src/store/rollup.ts),
  // for every granularity; a point coarser than its bucket is stored whole (aggregation NULL).
  // from_periods is encoded (src/store/rollup.ts#encodeFrom).
  rollups: {
    columns: {
      metric: text,
      granularity: text,
      place: text,
      period: text,
      period_start: text,
      period_end: text,
      value: realOrNull,
      null_reason: textOrNull,
      aggregation: textOrNull,
      from_periods: text,
      status: text,
      unit: text,
      note: textOrNull,
      source_id: text,
    },
    primaryKey: ['metric', 'granularity', 'place', 'period_start', 'period_end', 'period'],
    clustered: true,
  },
  // The series answer's parts for each whole (metric, granularity, place) series of the rollups,
  // written at build from the rollups (src/publish/store/series-answers.ts): points is the JSON array
  // of the buckets as the answer shows them (src/store/series-answer.ts), sources, units and periods the
  // JSON of its summary. first_start/first_end/last_end say which date ranges take it whole. part_*
  // is the place's entry of the answer's series (src/store/series-body.ts#seriesEntry) deflated on
  // its own, open (src/lib/gzip-compose.ts), with its CRC-32, length and sha256: an answer over one
  // or several places is composed from them, and the answer over every place was joined from them.
  // points goes last: a read of the columns before it never walks its overflow pages.
  series_answers: {
    columns: {
      metric: text,
      granularity: text,
      place: text,
      first_start: text,
      first_end: text,
      last_end: text,
      count: integer,
      sources: text,
      units: text,
      periods: text,
      part_crc: integer,
      part_bytes: integer,
      part_sha256: text,
      part_deflated: blob,
      points: text,
    },
    primaryKey: ['metric', 'granularity', 'place'],
    clustered: true,
  },
  // The summary of every place's whole series of a (metric, granularity), merged (the answer over
  // every place reads this row and the places' points, not each place's summary). tail_* is the end
  // of that answer's JSON from its periods on (src/store/series-body.ts), deflated once at build, with
  // its CRC-32, length and sha256: served gzipped without compressing megabytes per request
  // (src/lib/gzip-compose.ts).
  series_totals: {
    columns: {
      metric: text,
      granularity: text,
      first_start: text,
      first_end: text,
      last_end: text,
      count: integer,
      sources: text,
      units: text,
      periods: text,
      tail_deflated: blob,
      tail_crc: integer,
      tail_bytes: integer,
      tail_sha256: text,
    },
    primaryKey: ['metric', 'granularity'],
    clustered: true,
  },
  events: {
    columns: {
      id: text,
      date: text,
      kind: text,
      place: text,
      title_en: text,
      title_ru: text,
      title_kk: text,
      source_url: text,
      review_status: text,
    },
    primaryKey: ['id'],
    indexes: { events_date: ['date', 'id'] },
  },
  // v1 resources: every object with a canonical id; data is the canonical JSON of the published resource
  entities: {
    // ru/kk are null where no translation exists: absent, never an English copy
    columns: {
      id: text,
      type: text,
      name_en: text,
      name_ru: textOrNull,
      name_kk: textOrNull,
      data: text,
    },
    primaryKey: ['id'],
    indexes: { entities_type: ['type', 'id'] },
  },
  // every name an entity can be found or resolved by (names, official names, aliases, codes, slugs)
  entity_names: {
    columns: { entity_id: text, name: text, lang: text, kind: text },
    primaryKey: ['entity_id', 'name', 'lang', 'kind'],
    references: { entity_id: 'entities(id)' },
  },
  relations: {
    // valid_from: the day a dated relation (a successor after a reform) took effect; null when undated
    columns: {
      id: text,
      subject: text,
      predicate: text,
      object: text,
      source_url: text,
      review_status: text,
      valid_from: textOrNull,
    },
    primaryKey: ['id'],
  },
  claims: {
    columns: {
      id: text,
      subject: text,
      property: text,
      value: text,
      period: textOrNull,
      source_id: text,
      evidence_id: textOrNull,
    },
    primaryKey: ['id'],
  },
  evidence: {
    columns: {
      id: text,
      kind: text,
      source_id: textOrNull,
      path: textOrNull,
      sha256: textOrNull,
      description: text,
    },
    primaryKey: ['id'],
  },
} as const satisfies Record<string, TableDeclaration>;

export type TableName = keyof typeof TABLES;

type ValueOf<C> = C extends { type: 'REAL' | 'INTEGER' }
  ? number
  : C extends { type: 'BLOB' }
    ? Buffer
    : string;
type ColumnValue<C> = C extends { nullable: true } ? ValueOf<C> | null : ValueOf<C>;

/** One row of a table, typed from its declaration. */
export type Row<T extends TableName> = {
  -readonly [K in keyof (typeof TABLES)[T]['columns']]: ColumnValue<
    (typeof TABLES)[T]['columns'][K]
  >;
};

export function columnsOf(table: TableName): string[] {
  return Object.keys(TABLES[table].columns);
}

const keyColumn = (c: string) => c.replace(/ DESC$/, '');

function tableDdl(name: string, t: TableDeclaration): string {
  const lines = Object.entries(t.columns).map(([c, def]) => {
    const ref = t.references?.[c] ? ` REFERENCES ${t.references[c]}` : '';
    return `  ${c} ${def.type}${def.nullable ? '' : ' NOT NULL'}${ref}`;
  });
  lines.push(`  PRIMARY KEY(${t.primaryKey.join(', ')})`);
  for (const check of t.checks ?? []) lines.push(`  CHECK (${check})`);
  const out = [
    `CREATE TABLE ${name}(\n${lines.join(',\n')}\n) STRICT${t.clustered ? ', WITHOUT ROWID' : ''};`,
  ];
  for (const [index, cols] of Object.entries(t.unique ?? {}))
    out.push(`CREATE UNIQUE INDEX ${index} ON ${name}(${cols.join(', ')});`);
  for (const [index, cols] of Object.entries(t.indexes ?? {}))
    out.push(`CREATE INDEX ${index} ON ${name}(${cols.join(', ')});`);
  return out.join('\n');
}

/** The DDL of every declared table, in declaration order (referenced tables first). */
export function ddl(): string {
  return Object.entries(TABLES)
    .map(([name, t]) => tableDdl(name, t as TableDeclaration))
    .join('\n');
}

/** The primary-key columns without their sort direction. */
export function primaryKeyOf(table: TableName): string[] {
  return (TABLES[table].primaryKey as readonly string[]).map(keyColumn);
}
