// The parameters of the bulletin-table reader (one of the reader kinds of reader-schemas.ts): the
// Bureau's regional bulletins, one period a sheet, places down, one indicator per column
// (src/sources/bns-bulletin-points.ts).
import type { FromSchema } from 'json-schema-to-ts';
import { nonEmpty } from '../table-schemas.js';
import { metric, place, dimensions, kind, suspicious } from './reader-parts.js';

export const bulletinTableReader = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'period', 'parts', 'places'],
  properties: {
    kind: kind('bulletin-table'),
    // the bulletin's period: a year ("2022") or a quarter ("2024-Q4")
    period: { type: 'string', pattern: '^[0-9]{4}(-Q[1-4])?$' },
    parts: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['sheet', 'columns'],
        properties: {
          sheet: nonEmpty,
          // column letter -> the words printed over it (joined top-down) and its indicator
          columns: {
            type: 'object',
            minProperties: 1,
            propertyNames: { pattern: '^[B-Z]$' },
            additionalProperties: {
              type: 'object',
              additionalProperties: false,
              required: ['header'],
              properties: {
                header: nonEmpty,
                metric,
                // its breakdown, where columns are parts of one indicator ("total", "city", "village")
                dimensions,
                // a stock "at the end of the reporting period": the instant the period ends
                atEnd: { const: true },
                // read and checked, not published
                skip: { const: true },
              },
            },
          },
          // the breakdown of every value of the sheet (the urban part of the country: area U)
          dimensions,
          // the label of the first row after the table (the bulletin's number over its authors' names): never read
          endsAt: nonEmpty,
          ignore: { type: 'array', items: nonEmpty },
          // the column of the labels (1: column B, column A empty)
          labelColumn: { type: 'integer', minimum: 0, maximum: 3 },
          // blocks of places down the sheet by their heading, each a breakdown ("In urban areas": area U)
          blocks: {
            type: 'array',
            minItems: 1,
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['heading', 'dimensions'],
              properties: { heading: nonEmpty, dimensions },
            },
          },
        },
      },
    },
    // row label -> place
    places: { type: 'object', minProperties: 1, additionalProperties: place },
    suspicious,
  },
} as const;

export type BulletinTableReader = FromSchema<typeof bulletinTableReader>;
