// Query-string schemas of the time-slice routes (docs/interface.md §4.3). Fastify validates them (Ajv with
// ajv-formats: `format: date` accepts only real calendar dates, so 2024-02-30 fails) and the one
// error handler maps failures to catalog codes; `additionalProperties: false` makes an unknown
// parameter a 400 unknown_parameter (the app turns off Ajv's removeAdditional for that).
import type { FromSchema } from 'json-schema-to-ts';
import { ProblemError } from '../problems/errors.js';
import type { LoadedRelease } from '../releases/release-types.js';
import { GRANULARITIES } from '../../store/periods.js';
import { storeOf } from '../../store/reader.js';
import { DIMENSION_STRING_PARAMS } from '../dimensions/filters.js';
import type { Names } from '../../lib/languages.js';

export { GRANULARITIES, type Granularity } from '../../store/periods.js';

const date = <const D extends string>(description: D) =>
  ({ type: 'string', format: 'date', description }) as const;

export const NO_QUERY = { type: 'object', additionalProperties: false, properties: {} } as const;

// The full list is the contract's form (no parameter); `topic` narrows it to some topics' indicators.
export const LAYERS_QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    topic: {
      type: 'string',
      minLength: 1,
      maxLength: 2000,
      description:
        'Comma-separated topic ids (of /api/v1/topics, topic:<id> or the bare id): only the series of their indicators, and the layers holding one; omitted means every layer',
    },
  },
} as const;

export const INCLUDES = ['names'] as const;

// Events come a page at a time (src/serve/timemachine/events.ts).
export const EVENTS_QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    // The paging rule of every route with a limit (v1 too): 1 to 100.
    limit: {
      type: 'integer',
      minimum: 1,
      maximum: 100,
      description: 'Events per page, 1 to 100 (default 100)',
    },
    after: {
      type: 'string',
      minLength: 1,
      maxLength: 300,
      description:
        'Id of the last event of the page before (the Link header rel="next" gives the next page)',
    },
  },
} as const;

export const SNAPSHOT_DIFF_QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    after: {
      type: 'string',
      minLength: 1,
      maxLength: 1000,
      description: 'next_after of the page before (the Link header rel="next" gives the next page)',
    },
  },
} as const;

const place = {
  type: 'string',
  minLength: 1,
  description:
    'Comma-separated place codes (KZ-35, or place:KZ-35; KZ: the country); omitted means every place',
} as const;
const include = {
  type: 'string',
  enum: [...INCLUDES],
  description: 'names: add the en/ru/kk names of the places and metrics in the answer',
} as const;

export const SNAPSHOT_QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    date: date('Calendar date (YYYY-MM-DD); omitted means the release as-of date'),
    layers: {
      type: 'string',
      description: 'Comma-separated layer ids (see /api/timemachine/layers); omitted means all',
    },
    place,
    include,
    // without any, every series of the layers (each breakdown too); with one, the series of indicators
    // with that dimension at the listed codes, totals on their other dimensions
    ...DIMENSION_STRING_PARAMS,
  },
} as const;

/**
 * The most buckets one series answer holds (./series-window.ts). The costliest window (buckets made
 * from the points, as granularity=day does) stays within the CPU a request may cost (bench/cpu-cap.bench.ts).
 */
export const MAX_SERIES_POINTS = 3000;

export const SERIES_QUERY = {
  type: 'object',
  additionalProperties: false,
  required: ['metric'],
  properties: {
    metric: {
      type: 'string',
      minLength: 1,
      description:
        'Metric id (see /api/timemachine/layers): an indicator, one of its series, or a deprecated id',
    },
    ...DIMENSION_STRING_PARAMS,
    start_date: date('Only points whose period ends on or after this date'),
    end_date: date('Only points whose period ends on or before this date'),
    granularity: {
      type: 'string',
      enum: [...GRANULARITIES],
      description: 'Bucket size (week = ISO 8601 week); omitted means the points as published',
    },
    place,
    include: {
      type: 'string',
      enum: ['names', 'from_periods', 'names,from_periods'],
      description:
        'names: add the en/ru/kk names of the places and the metric; from_periods: list the periods of the source points of each bucket (each bucket always gives their number, from_count)',
    },
  },
} as const;

/** The query of /snapshot and /series as Fastify hands it to the route, validated against the schema above. */
export type SnapshotQuery = FromSchema<typeof SNAPSHOT_QUERY>;
export type SeriesQuery = FromSchema<typeof SERIES_QUERY>;
export type EventsQuery = FromSchema<typeof EVENTS_QUERY>;
export type SnapshotDiffQuery = FromSchema<typeof SNAPSHOT_DIFF_QUERY>;

/** The release's as-of date: the store's meta.as_of, else the seal's. */
export function asOfDate(release: LoadedRelease): string {
  return storeOf(release).meta.as_of ?? release.seal.as_of;
}

/** The places of a `place` parameter (codes, with or without "place:"), or null for every place. */
export function parsePlaces(release: LoadedRelease, param: string | undefined): string[] | null {
  if (param === undefined) return null;
  const valid = storeOf(release).places;
  const asked = [...new Set(param.split(',').map((s) => s.trim().replace(/^place:/, '')))].sort();
  const unknown = asked.filter((p) => !valid.includes(p));
  if (unknown.length) {
    throw new ProblemError(
      'unknown_place',
      `no point in release ${release.revision} is about place(s) ${unknown.map((u) => JSON.stringify(u)).join(', ')}; places with points: ${valid.join(', ')}`,
      {
        unknown_places: unknown,
        valid_places: valid,
      },
    );
  }
  return asked;
}
