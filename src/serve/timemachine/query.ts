// Query-string schemas of the time-slice routes (SPEC 4.3). Fastify validates them (Ajv with
// ajv-formats: `format: date` accepts only real calendar dates, so 2024-02-30 fails) and the one
// error handler maps failures to catalog codes; `additionalProperties: false` makes an unknown
// parameter a 400 unknown_parameter (the app turns off Ajv's removeAdditional for that).
import type { LoadedRelease } from '../release-types.js';

const date = (description: string) => ({ type: 'string', format: 'date', description });

export const NO_QUERY = { type: 'object', additionalProperties: false, properties: {} } as const;

export const SNAPSHOT_QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    date: date('Calendar date (YYYY-MM-DD); omitted means the release as-of date'),
    layers: { type: 'string', description: 'Comma-separated layer ids (see /api/timemachine/layers); omitted means all' },
  },
} as const;

export const GRANULARITIES = ['day', 'week', 'month'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

export const SERIES_QUERY = {
  type: 'object',
  additionalProperties: false,
  required: ['metric'],
  properties: {
    metric: { type: 'string', minLength: 1, description: 'Metric id (see /api/timemachine/layers)' },
    start_date: date('Only points whose period ends on or after this date'),
    end_date: date('Only points whose period ends on or before this date'),
    granularity: { type: 'string', enum: [...GRANULARITIES], description: 'Bucket size (week = ISO 8601 week); omitted means the points as published' },
  },
} as const;

/** The release's as-of date: the store's meta.as_of, else the seal's. */
export function asOfDate(release: LoadedRelease): string {
  const row = release.db.prepare(`SELECT value FROM meta WHERE key = 'as_of'`).get() as { value: string } | undefined;
  return row?.value ?? release.seal.as_of;
}
