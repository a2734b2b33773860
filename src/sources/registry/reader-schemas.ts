// How a declared table's cells are read: one JSON Schema per reader kind (the `reader` member of a
// table declaration, sources/datasets/*.json). A declaration gives the reader its parameters (sheets,
// blocks, period headers, footnotes, symbols); the rules stay in the reader modules
// (src/sources/bns-*.ts, nbk-csv.ts). Field names follow the reader's own spec types, which
// compile.ts fills from them. A regular expression is written as a string (format "regex").
import type { FromSchema } from 'json-schema-to-ts';
import { nonEmpty } from '../table-schemas.js';
import { dynamicTableReader, type DynamicTableReader } from './dynamic-table-schema.js';
import { openSdgReader, type OpenSdgReader } from './open-sdg-schema.js';
import { bulletinTableReader, type BulletinTableReader } from './bulletin-table-schema.js';
import { regex, metric, place, year, dimensions, kind, suspicious, footnotes } from './reader-parts.js';

export const bnsCsvReader = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'metric'],
  properties: {
    kind: kind('bns-csv'),
    metric,
    decimals: { type: 'integer', minimum: 0, maximum: 6 },
    annotations: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['place', 'year', 'note'],
        properties: {
          place,
          year,
          expect: { type: 'number' },
          status: { enum: ['final', 'preliminary', 'suspicious'] },
          note: nonEmpty,
        },
      },
    },
  },
} as const;

/** Readers of one table each, whose layout is their own (the GRP workbook, two exports, a bulletin). */
export const ownLayoutReader = {
  type: 'object',
  additionalProperties: false,
  required: ['kind'],
  properties: {
    kind: { enum: ['bns-grp-workbook', 'income-csv', 'working-age-csv', 'district-bulletin'] },
  },
} as const;

/** Values Dala counts at build (events, the media sample) rather than reads from a snapshot. */
export const dailyCountsReader = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'of'],
  properties: { kind: kind('daily-counts'), of: { enum: ['events', 'media'] } },
} as const;

export const nbkCsvReader = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'metric', 'dates'],
  properties: {
    kind: kind('nbk-csv'),
    metric,
    // what a row's date is: a business day's fixing, the first day of a month, a decision date
    dates: { enum: ['business-day', 'month', 'decision'] },
  },
} as const;

// Moves a marked row's values for some years to another place, as the table's footnote says.
const moveRuleOf = <F extends object>(footnote: F) =>
  ({
    type: 'object',
  additionalProperties: false,
  required: ['marker', 'place', 'from', 'to', 'footnote', 'absentPlace', 'note'],
  properties: {
    marker: nonEmpty,
    place,
    from: year,
    to: year,
      // the footnote that states the rule
      footnote,
      absentPlace: place,
      note: nonEmpty,
    },
  }) as const;
// a year grid's marker may have no footnote (the workbook has none); a period grid's move always has one
const markerRule = moveRuleOf({ anyOf: [regex, { type: 'null' }] } as const);
const moveRule = moveRuleOf(regex);

export const yearGridReader = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'sheets', 'markers'],
  properties: {
    kind: kind('year-grid'),
    sheets: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'unitText', 'blocks'],
        properties: {
          name: nonEmpty,
          unitText: { type: ['string', 'null'], minLength: 1 },
          blocks: {
            type: 'array',
            minItems: 1,
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['title', 'metric'],
              properties: { title: { type: ['string', 'null'], minLength: 1 }, metric, dimensions },
            },
          },
        },
      },
    },
    markers: { type: 'array', items: markerRule },
    footnotes,
    suspicious,
  },
} as const;

// A period header: the first rule whose pattern matches the header's text gives its period. Named
// groups: `year` (else `above`: the year in the header row above), `label` (looked up in `labels`),
// `next` (a school year's second year), `marker` (a footnote key glued to the header).
const periodRule = {
  type: 'object',
  additionalProperties: false,
  required: ['match', 'as'],
  properties: {
    match: regex,
    // year; quarter (labels give Q1-Q4 or "year"); cumulative from 1 January (labels give Q1, H1,
    // 9M); instant (the day `at`, MM-DD, of the year); school-year (1 September to 31 August)
    as: { enum: ['year', 'quarter', 'cumulative', 'instant', 'school-year'] },
    labels: { type: 'object', additionalProperties: { enum: ['Q1', 'Q2', 'Q3', 'Q4', 'H1', '9M', 'year'] } },
    at: { type: 'string', pattern: '^[0-9]{2}-[0-9]{2}$' },
    yearFrom: { enum: ['match', 'above'] },
    // the footnote key: the `marker` group (default), or the whole header text ("2018*")
    marker: { enum: ['group', 'text'] },
  },
} as const;

export const periodGridReader = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'labels', 'parts', 'period', 'labelMarker', 'footnote', 'nullTexts'],
  properties: {
    kind: kind('period-grid'),
    // how a row label becomes a place: the regions table's Russian labels, or a written-out map
    labels: {
      anyOf: [{ const: 'region-table' }, { type: 'object', additionalProperties: place }],
    },
    parts: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['sheet', 'title', 'unitText', 'metric'],
        properties: {
          sheet: nonEmpty,
          title: { type: ['string', 'null'], minLength: 1 },
          unitText: { type: ['string', 'null'], minLength: 1 },
          metric,
          cumulativeMetric: metric,
          blocks: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['heading', 'dimensions'],
              properties: { heading: { type: ['string', 'null'], minLength: 1 }, dimensions },
            },
          },
          note: nonEmpty,
        },
      },
    },
    period: { type: 'array', minItems: 1, items: periodRule },
    labelMarker: regex,
    footnote: regex,
    legend: { type: 'array', items: regex },
    nullTexts: { type: 'object', additionalProperties: nonEmpty },
    textNumbers: { type: 'boolean' },
    footnotes,
    suspicious,
    periodNotes: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['metric', 'period', 'note'],
        properties: { metric, period: nonEmpty, note: nonEmpty, dimensions, place },
      },
    },
    moves: { type: 'array', items: moveRule },
  },
} as const;

/** Reader kind -> the schema of its parameters. */
export const READER_SCHEMAS = {
  'bns-csv': bnsCsvReader,
  'bns-grp-workbook': ownLayoutReader,
  'income-csv': ownLayoutReader,
  'working-age-csv': ownLayoutReader,
  'district-bulletin': ownLayoutReader,
  'year-grid': yearGridReader,
  'period-grid': periodGridReader,
  'dynamic-table': dynamicTableReader,
  'bulletin-table': bulletinTableReader,
  'nbk-csv': nbkCsvReader,
  'daily-counts': dailyCountsReader,
  'open-sdg': openSdgReader,
} as const;

export type ReaderKind = keyof typeof READER_SCHEMAS;
export type BnsCsvReader = FromSchema<typeof bnsCsvReader>;
export type OwnLayoutReader = FromSchema<typeof ownLayoutReader>;
export type DailyCountsReader = FromSchema<typeof dailyCountsReader>;
export type NbkCsvReader = FromSchema<typeof nbkCsvReader>;
export type YearGridReader = FromSchema<typeof yearGridReader>;
export type PeriodGridReader = FromSchema<typeof periodGridReader>;
export type { DynamicTableReader, BulletinTableReader };
export type PeriodRule = FromSchema<typeof periodRule>;
export type Footnotes = FromSchema<typeof footnotes>;
export type Reader =
  | BnsCsvReader
  | OwnLayoutReader
  | DailyCountsReader
  | NbkCsvReader
  | YearGridReader
  | PeriodGridReader
  | OpenSdgReader
  | DynamicTableReader
  | BulletinTableReader;
