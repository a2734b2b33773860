// The parts the readers' parameter schemas share (reader-schemas.ts): a regular expression, an
// indicator id, a place code, a year, a breakdown, a doubtful cell and what a footnote covers.
import { DIMENSION_IDS } from '../../lib/dimensions.js';
import { nonEmpty } from '../table-schemas.js';
import { INDICATOR_ID } from './indicator-schema.js';

export const regex = { type: 'string', format: 'regex', minLength: 1 } as const;
export const metric = { type: 'string', pattern: INDICATOR_ID } as const;
// a place code of the model: a region (KZ-35), the country (KZ) or a former unit
// a region (KZ-47), or a unit under it as the ADM2 places are named: a city of regional significance ("KZ-47/KZ471000", Aktau)
export const place = { type: 'string', pattern: '^KZ(-[A-Z0-9-]+)?(/KZ[0-9]+)?$' } as const;
export const year = { type: 'integer', minimum: 1900, maximum: 2100 } as const;
export const dimensions = {
  type: 'object',
  additionalProperties: { type: 'string', pattern: '^[A-Z0-9_]+$' },
  propertyNames: { enum: DIMENSION_IDS },
} as const;
export const kind = <K extends string>(k: K) => ({ const: k }) as const;

// A cell the snapshot notes name as doubtful: published with status suspicious and the reason; the
// build fails when the cell no longer holds `expect`.
export const suspicious = {
  type: 'array',
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['metric', 'place', 'period', 'expect', 'note'],
    properties: { metric, place, period: nonEmpty, expect: { type: 'number' }, note: nonEmpty, dimensions },
  },
} as const;

// What a footnote of the table covers, by its own words (src/sources/bns-footnotes.ts FootnoteScope):
// `says` are words it must say (checked against its text); places, years, dimensions narrow it;
// `hereinafter` widens it from its column on; `unmarked`: printed without a marker, it reaches the
// whole table; `estimate`: its values are estimates; `units`: the unit its values are in, by their
// indicator's unit; `explains`: Dala's reading, after its text; `sheet`: only that sheet's table.
export const footnotes = {
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
      metrics: { type: 'array', minItems: 1, items: metric },
      dimensions: {
        type: 'object',
        additionalProperties: { type: 'array', items: { type: 'string', pattern: '^[A-Z0-9_]+$' } },
        propertyNames: { enum: DIMENSION_IDS },
      },
      estimate: { const: true },
      // the indicator's unit -> the unit of the values it reaches ("1990-1992 - of roubles")
      units: { type: 'object', minProperties: 1, additionalProperties: nonEmpty },
      explains: nonEmpty,
      // only the table of this sheet (the workbook's sheets print the same key with other words)
      sheet: nonEmpty,
    },
  },
} as const;
