// Table Schemas (Data Package 2.0) of the CSV files under /data/: each column's type once, by its
// name (the same column means the same thing in every file), and each file's keys. A CSV whose header
// has a column declared nowhere fails the build, naming the file and the column.
import { DIMENSION_IDS } from '../../lib/dimensions.js';
// A point's status (src/sources/records.ts); `status` is a freshness status in datasets/index.csv.
import { POINT_STATUSES } from '../../sources/records.js';

type FieldType = 'string' | 'number' | 'integer' | 'date' | 'boolean';
interface Column {
  type: FieldType;
  description: string;
  required?: true;
  enum?: readonly string[];
}

const COLUMNS: Record<string, Column> = {
  metric: { type: 'string', required: true, description: 'Indicator id (see /api/v1/indicators)' },
  indicator: {
    type: 'string',
    required: true,
    description: 'Indicator id (see /api/v1/indicators)',
  },
  sex: {
    type: 'string',
    required: true,
    enum: ['_T', 'M', 'F'],
    description: 'SDMX SEX code: _T total, M male, F female',
  },
  area: {
    type: 'string',
    required: true,
    enum: ['_T', 'U', 'R'],
    description: 'SDMX URBANISATION code: _T total, U urban, R rural',
  },
  age: {
    type: 'string',
    required: true,
    description: 'SDMX AGE code: _T total, Y0T15, Y16T62, Y_GE63 ... (see /api/v1/indicators)',
  },
  place: {
    type: 'string',
    required: true,
    description: 'ISO 3166-2 code of the region, KZ for the country, or the code of a former unit',
  },
  iso: { type: 'string', required: true, description: 'ISO 3166-2 code of the region' },
  region_iso: {
    type: 'string',
    description: 'ISO 3166-2 code of the region the institution serves; empty for a national body',
  },
  value: {
    type: 'number',
    description:
      'The published value; empty where nothing was published (null_reason says why), never zero',
  },
  null_reason: { type: 'string', description: 'Why value is empty' },
  unit: { type: 'string', required: true, description: 'Unit of the value' },
  period: {
    type: 'string',
    required: true,
    description: 'Period label: 2024, 2024-Q1, 2024-H1, 2024-9M (cumulative from 1 January)',
  },
  period_start: {
    type: 'date',
    required: true,
    description: 'First day of the period (inclusive)',
  },
  period_end: { type: 'date', required: true, description: 'Last day of the period (inclusive)' },
  status: {
    type: 'string',
    required: true,
    description: "Status of the value or of the dataset's freshness",
  },
  source_id: { type: 'string', required: true, description: 'Source id (see /api/v1/sources)' },
  source_revision: {
    type: 'string',
    required: true,
    description: 'Content hash of the source files the value comes from',
  },
  note: {
    type: 'string',
    description: 'What Dala changed or what the source says about this value',
  },
  id: { type: 'string', required: true, description: 'Canonical id' },
  title: { type: 'string', required: true, description: 'Title' },
  quality_status: {
    type: 'string',
    required: true,
    enum: ['official', 'derived', 'reference', 'demonstration'],
    description: 'Kind of data',
  },
  as_of: { type: 'date', description: "Latest period end of the dataset's content" },
  sla_days: {
    type: 'integer',
    required: true,
    description: 'Days after as_of within which a newer edition is expected',
  },
  historical: {
    type: 'boolean',
    required: true,
    description: 'Whether the dataset is kept as history and not refreshed',
  },
  json_url: { type: 'string', required: true, description: 'Path of the JSON distribution' },
  csv_url: { type: 'string', description: 'Path of the CSV distribution' },
  kind: { type: 'string', required: true, description: 'Kind of unit or institution' },
  name_kk: { type: 'string', description: 'Name in Kazakh' },
  name_ru: { type: 'string', description: 'Name in Russian' },
  name_en: { type: 'string', required: true, description: 'Name in English' },
  website: { type: 'string', description: 'Official website' },
  responsible_person: { type: 'string', description: 'Head named by a cited official page' },
  responsible_person_null_reason: { type: 'string', description: 'Why no head is named' },
  source_url: { type: 'string', description: 'Page the row was written from' },
  review_status: {
    type: 'string',
    required: true,
    description: 'reviewed, matched_by_code, unreviewed or demonstration',
  },
  freshness_status: { type: 'string', required: true, description: 'Freshness of the row' },
  slug: { type: 'string', required: true, description: 'URL slug of the region' },
  kato: {
    type: 'string',
    required: true,
    description: 'KATO code of the region (kept as text: it is a code)',
  },
  area_km2: { type: 'number', required: true, description: 'Geodesic area of the region, km2' },
  district_count: { type: 'integer', required: true, description: 'Number of districts' },
  content_hash: {
    type: 'string',
    required: true,
    description: "sha256 of the observation's canonical JSON",
  },
};

interface Keys {
  primaryKey: string[];
  /** Columns required elsewhere that may be empty in this file. */
  optional?: string[];
  foreignKeys?: { fields: string[]; reference: { resource: string; fields: string[] } }[];
}

/** Keys per CSV (path under data/) besides the series CSVs; a CSV with no keys is refused by the build. */
const SERIES_KEYS: Keys = { primaryKey: ['metric', 'place', 'period'] };
export const TABLE_KEYS: Record<string, Keys> = {
  'datasets/index.csv': { primaryKey: ['id'] },
  'institutions-catalog.csv': {
    primaryKey: ['id'],
    foreignKeys: [
      { fields: ['region_iso'], reference: { resource: 'region-overview', fields: ['iso'] } },
    ],
  },
  // a region's row for an indicator the Bureau did not publish for it has no period, unit or source;
  // in these two tables of several indicators a dimension cell is empty where the row's indicator has
  // no such dimension
  'official-regional-indicators.csv': {
    primaryKey: ['iso', 'indicator'],
    optional: [
      'unit',
      'period',
      'period_start',
      'period_end',
      'status',
      'source_id',
      'source_revision',
      ...DIMENSION_IDS,
    ],
    foreignKeys: [{ fields: ['iso'], reference: { resource: 'region-overview', fields: ['iso'] } }],
  },
  'public-observations.csv': { primaryKey: ['id'], optional: [...DIMENSION_IDS] },
  'region-overview.csv': { primaryKey: ['iso'] },
};

/**
 * A dataset's series CSV (datasets/<id>.csv, one row per series, place and period) has the series
 * keys, with its dimension columns where it has them (a series label names its codes already, so
 * they add no uniqueness, but a reader joins on them).
 */
function keysOf(path: string, header: string[]): Keys | undefined {
  if (TABLE_KEYS[path]) return TABLE_KEYS[path];
  const series =
    /^datasets\/[a-z0-9-]+\.csv$/.test(path) &&
    SERIES_KEYS.primaryKey.every((k) => header.includes(k));
  return series
    ? {
        primaryKey: [
          'metric',
          ...DIMENSION_IDS.filter((d) => header.includes(d)),
          'place',
          'period',
        ],
      }
    : undefined;
}

export function tableSchema(path: string, header: string[]) {
  const keys = keysOf(path, header);
  if (!keys)
    throw new Error(
      `data/${path}: no Table Schema keys declared for this CSV (src/publish/standards/table-schemas.ts)`,
    );
  const fields = header.map((name) => {
    const c = COLUMNS[name];
    if (!c)
      throw new Error(
        `data/${path}: column ${name} has no declared type (src/publish/standards/table-schemas.ts)`,
      );
    const enumValues = name === 'status' && header.includes('period') ? POINT_STATUSES : c.enum;
    const required =
      (c.required && !keys.optional?.includes(name)) || keys.primaryKey.includes(name);
    const constraints = {
      ...(required ? { required: true } : {}),
      ...(enumValues ? { enum: [...enumValues] } : {}),
    };
    return {
      name,
      type: c.type,
      description: c.description,
      ...(Object.keys(constraints).length ? { constraints } : {}),
    };
  });
  return {
    fields,
    missingValues: [''],
    primaryKey: keys.primaryKey,
    ...(keys.foreignKeys ? { foreignKeys: keys.foreignKeys } : {}),
  };
}
