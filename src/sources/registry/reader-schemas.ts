// How a declared table's cells are read: one JSON Schema per reader kind (the `reader` member of a
// table declaration, sources/datasets/*.json). A declaration gives the reader its parameters (sheets,
// blocks, period headers, footnotes, symbols); the rules stay in the reader modules
// (src/sources/bns-*.ts, nbk-csv.ts). Field names follow the reader's own spec types, which
// compile.ts fills from them. A regular expression is written as a string (format "regex").
import type { FromSchema } from 'json-schema-to-ts';
import { DIMENSION_IDS } from '../../lib/dimensions.js';
import { nonEmpty } from '../table-schemas.js';
import { INDICATOR_ID } from './indicator-schema.js';
import { openSdgReader, type OpenSdgReader } from './open-sdg-schema.js';

const regex = { type: 'string', format: 'regex', minLength: 1 } as const;
const metric = { type: 'string', pattern: INDICATOR_ID } as const;
// a place code of the model: a region (KZ-35), the country (KZ) or a former unit
// a region (KZ-47), or a unit under it as the ADM2 places are named: a city of regional significance ("KZ-47/KZ471000", Aktau)
const place = { type: 'string', pattern: '^KZ(-[A-Z0-9-]+)?(/KZ[0-9]+)?$' } as const;
const year = { type: 'integer', minimum: 1900, maximum: 2100 } as const;
const dimensions = {
  type: 'object',
  additionalProperties: { type: 'string', pattern: '^[A-Z0-9_]+$' },
  propertyNames: { enum: DIMENSION_IDS },
} as const;
const kind = <K extends string>(k: K) => ({ const: k }) as const;

// A cell the snapshot notes name as doubtful: published with status suspicious and the reason; the
// build fails when the cell no longer holds `expect`.
const suspicious = {
  type: 'array',
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['metric', 'place', 'period', 'expect', 'note'],
    properties: { metric, place, period: nonEmpty, expect: { type: 'number' }, note: nonEmpty },
  },
} as const;

// What a footnote of the table covers, by its own words (src/sources/bns-footnotes.ts FootnoteScope):
// `says` are words it must say (checked against its text); places, years, dimensions narrow it;
// `hereinafter` widens it from its column on; `unmarked`: printed without a marker, it reaches the
// whole table; `estimate`: its values are estimates; `explains`: Dala's reading, after its text.
const footnotes = {
  type: 'array',
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['key', 'says'],
    properties: {
      key: nonEmpty,
      says: regex,
      places: { type: 'array', items: place },
      named: { type: 'array', items: nonEmpty },
      years: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'array',
          prefixItems: [year, { anyOf: [year, { type: 'null' }] }],
          minItems: 2,
          maxItems: 2,
        },
      },
      hereinafter: { const: true },
      unmarked: { const: true },
      dimensions: {
        type: 'object',
        additionalProperties: { type: 'array', items: { type: 'string', pattern: '^[A-Z0-9_]+$' } },
        propertyNames: { enum: DIMENSION_IDS },
      },
      estimate: { const: true },
      explains: nonEmpty,
    },
  },
} as const;

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

// The Bureau's dynamic tables (src/sources/bns-dynamic-points.ts): sheets with periods across, rows in
// blocks; a block is one indicator whose rows are places (`places`), or rows that are indicators.
export const dynamicTableReader = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'parts'],
  properties: {
    kind: kind('dynamic-table'),
    parts: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['sheet', 'periods', 'blocks'],
        properties: {
          sheet: nonEmpty,
          // flows: a year, a quarter, a total from 1 January; end-of-period: instants (31 December)
          periods: { enum: ['flows', 'end-of-period'] },
          blocks: {
            type: 'array',
            minItems: 1,
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['heading'],
              properties: {
                heading: { type: ['string', 'null'], minLength: 1 },
                within: nonEmpty,
                // the rows under the n-th repeated header (0 the first), when the table prints no heading for them
                segment: { type: 'integer', minimum: 1 },
                // one of: the block's indicator (rows are places), or rows that are indicators
                metric,
                rows: { type: 'object', additionalProperties: metric },
                dimensions,
                // values at the end of the period in a sheet of flows: each column's end as an instant
                atEnd: { const: true },
                // a year column's value is its IV quarter ("IV quarter to IV quarter of the previous year")
                fourthQuarter: { const: true },
                // read and checked, not published: the model has no key for its periods
                skip: { const: true },
              },
            },
          },
          place,
          ignore: { type: 'array', items: nonEmpty },
          unprintedKeys: { type: 'array', items: nonEmpty },
          // rows read and checked but not published (no indicator declared for them yet)
          skip: { type: 'array', items: nonEmpty },
          // the column of the labels and headings (1: column B, beside the Russian label in A)
          labelColumn: { type: 'integer', minimum: 0, maximum: 3 },
          // the period header repeats down the sheet (years as row blocks; a heading, then the months again)
          repeatedHeaders: { const: true },
          // month names across: the months of the one year the title names
          monthsOf: year,
          // block headings in the first period column, the label column empty
          headingsInValues: { const: true },
          // keys glued to row labels that are not this sheet's footnotes (labels copied from another sheet)
          labelKeysNotHere: { type: 'array', items: nonEmpty },
          // keys glued to a row label before its unit ("...years)1), %")
          keysBeforeUnit: { const: true },
          // the column of the title when it is not the label column (its glued key reaches every value)
          titleColumn: { type: 'integer', minimum: 0, maximum: 3 },
          // the columns under each year by their printed name: each an indicator (metric, or rows replacing the block's) or a breakdown
          subColumns: {
            type: 'object',
            additionalProperties: {
              type: 'object',
              additionalProperties: false,
              properties: {
                metric,
                rows: { type: 'object', additionalProperties: metric },
                dimensions,
                // read and checked, not published: another table's values (the column, or some of its rows)
                skip: { const: true },
                skipRows: { type: 'array', items: nonEmpty },
              },
            },
          },
        },
      },
    },
    // row label (its glued footnote key cut) -> place
    places: { type: 'object', additionalProperties: place },
    footnotes,
    moves: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['footnote', 'from', 'years', 'to', 'note'],
        properties: {
          footnote: nonEmpty,
          from: place,
          years: { type: 'array', prefixItems: [year, year], minItems: 2, maxItems: 2 },
          to: place,
          note: nonEmpty,
        },
      },
    },
    suspicious,
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
export type DynamicTableReader = FromSchema<typeof dynamicTableReader>;
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
  | DynamicTableReader;
