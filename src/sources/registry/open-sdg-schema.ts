// The parameters of the `open-sdg` reader (src/sources/open-sdg-*.ts), the reader of a whole Open SDG
// data repository: where it is, how its REF_AREA codes map to Dala's places, which indicators it
// leaves out and why, the rows it reads otherwise than they are written (each with the raw row it
// expects, so a changed file stops the build), and what every indicator it derives states. Its
// indicators are not listed: the reader derives them from the repository's own metadata.
import type { FromSchema } from 'json-schema-to-ts';
import { nonEmpty } from '../table-schemas.js';
import { LAYER_ID } from './indicator-schema.js';

const place = { type: 'string', pattern: '^KZ(-[A-Z0-9-]+)?$' } as const;
const file = { type: 'string', pattern: '^data/indicator_[0-9a-z-]+\\.csv$' } as const;
const line = { type: 'integer', minimum: 2 } as const;
const year = { type: 'integer', minimum: 1990, maximum: 2100 } as const;
const cells = { type: 'object', additionalProperties: { type: 'string' } } as const;
const status = { enum: ['final', 'suspicious'] } as const;

export const openSdgReader = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'places', 'skip', 'rereads', 'recodes', 'layer', 'review_status', 'indicator_url'],
  properties: {
    kind: { const: 'open-sdg' },
    // REF_AREA code -> place (ISO 3166-2, or a former unit)
    places: { type: 'object', additionalProperties: place, propertyNames: { pattern: '^KZ[A-Z]+$' } },
    skip: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['indicator', 'note'],
        properties: { indicator: { type: 'string', pattern: '^[0-9]{1,2}-[0-9a-z-]+$' }, note: nonEmpty },
      },
    },
    rereads: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['file', 'line', 'raw', 'read', 'status', 'note'],
        properties: { file, line, raw: nonEmpty, read: nonEmpty, status, note: nonEmpty },
      },
    },
    recodes: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['file', 'where', 'set', 'status', 'note'],
        properties: {
          file,
          lines: { type: 'array', minItems: 1, items: line },
          years: { type: 'array', prefixItems: [year, year], minItems: 2, maxItems: 2 },
          where: cells,
          set: cells,
          status,
          note: nonEmpty,
        },
      },
    },
    layer: { type: 'string', pattern: LAYER_ID },
    review_status: { enum: ['unreviewed', 'reviewed'] },
    // an indicator's page on the platform; {id} is its file id (3-2-1)
    indicator_url: { type: 'string', pattern: '^https://[^ ]*\\{id\\}' },
  },
} as const;

export type OpenSdgReader = FromSchema<typeof openSdgReader>;
