// The JSON Schema of an indicator as a table declaration states it (sources/datasets/*.json,
// docs/architecture.md "The registry"): its names, unit, frequency, dimensions, topics and the notes
// a reader needs. The source it cites and the dataset it belongs to are those of the declaration
// that holds it, so they are not written here (the registry adds them when it loads).
import type { FromSchema } from 'json-schema-to-ts';
import { AGGREGATIONS } from '../../lib/aggregations.js';
import { DIMENSION_IDS } from '../../lib/dimensions.js';
import { INDEX_BASE_KINDS } from '../../lib/index-bases.js';
import {
  names,
  nameReviews,
  nonEmpty,
  review,
  reviewStatus,
  sourceUrl,
} from '../table-schemas.js';

export const INDICATOR_ID = '^[a-z][a-z0-9_]*$';
export const TOPIC_ID = '^[a-z][a-z0-9-]*$';
export const LAYER_ID = '^[a-z][a-z0-9-]*$';

const deprecatedId = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'dimensions', 'name', 'notes', 'deprecated_on'],
  properties: {
    id: { type: 'string', pattern: INDICATOR_ID },
    dimensions: {
      type: 'object',
      additionalProperties: { type: 'string', pattern: '^[A-Z0-9_]+$' },
      propertyNames: { enum: DIMENSION_IDS },
    },
    name: names,
    notes: nonEmpty,
    deprecated_on: { type: 'string', format: 'date' },
    aliases: { type: 'array', items: nonEmpty, uniqueItems: true },
    name_review: nameReviews,
  },
} as const;

// The base a price index is stated against (SDMX BASE_PER): the previous period, the same period of
// the previous year, December of the previous year, or a fixed year; its wording in each language.
const indexBase = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'name'],
  properties: {
    kind: { enum: INDEX_BASE_KINDS },
    year: { type: 'integer', minimum: 1900, maximum: 2100 },
    name: names,
  },
} as const;

// Another indicator that measures the same concept from another source, and how the two differ
// (docs/interface.md §10.2: no two numbers for one place and period without saying why).
const sameConcept = {
  type: 'object',
  additionalProperties: false,
  required: ['indicator', 'difference'],
  properties: { indicator: { type: 'string', pattern: INDICATOR_ID }, difference: nonEmpty },
} as const;

export const indicatorDeclaration = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'layer',
    'topics',
    'name',
    'unit',
    'frequency',
    'aggregation',
    'bureau_table',
    'series_breaks',
    'notes',
    'review_status',
  ],
  properties: {
    id: { type: 'string', pattern: INDICATOR_ID },
    // the group of the time slice (sources/layers.json)
    layer: { type: 'string', pattern: LAYER_ID },
    // one or more topics of the scheme (sources/topics.json, and the SDG goals)
    topics: { type: 'array', minItems: 1, uniqueItems: true, items: { type: 'string', pattern: TOPIC_ID } },
    name: names,
    unit: nonEmpty,
    // the unit in each language, where the table states it so
    unit_name: names,
    // a price index's base
    base: indexBase,
    // daily: business days (the rate in force); event-dated: a value holds from its date until the next one
    frequency: {
      enum: [
        'annual',
        'quarterly',
        'quarterly-cumulative',
        'monthly',
        'daily',
        'weekly',
        'school-year',
        'event-dated',
      ],
    },
    // what a period of the indicator is: a flow over it, a stock at an instant, or a total from the
    // start of the year (never added up)
    period_kind: { enum: ['interval', 'instant', 'cumulative'] },
    aggregation: { enum: AGGREGATIONS },
    bureau_table: { type: ['string', 'null'], pattern: '^[0-9]+$' },
    // the publisher's own number of the indicator (an SDG national indicator: "3.2.1"), searchable
    notation: { type: 'string', pattern: '^[0-9A-Za-z][0-9A-Za-z.-]*$' },
    series_breaks: {
      type: 'array',
      items: { type: 'string', pattern: '^[0-9]{4}$' },
      uniqueItems: true,
    },
    notes: nonEmpty,
    // where the indicator can be checked; absent: its source's URL
    source_url: sourceUrl,
    review_status: reviewStatus,
    // Short and common names search answers to ("ОПЖ", "life expectancy").
    aliases: { type: 'array', items: nonEmpty, uniqueItems: true },
    // Where each language's name was checked: reviewed only with the page read, the date and what it showed.
    name_review: nameReviews,
    review,
    // The dimensions the indicator is broken down by (src/lib/dimensions.ts): every point carries
    // a code of each; absent or empty: no breakdown.
    dimensions: { type: 'array', items: { enum: DIMENSION_IDS }, uniqueItems: true },
    // Named breakdowns whose ids were once indicators of their own: they keep answering as deprecated
    // aliases of the indicator at these codes.
    deprecated_ids: { type: 'array', items: deprecatedId },
    // The group of official-regional-indicators.json that carries the indicator's latest figure per
    // region (absent: not there); `brief`: one of the figures of the region's one-page brief.
    family: { type: 'string', pattern: '^[a-z][a-z_]*$' },
    brief: { type: 'boolean' },
    same_concept: { type: 'array', items: sameConcept },
    // its source publishes 0 as a value (the SDG platform writes 0.0 for a share of nothing and leaves
    // a missing value out), so a 0 is no missing value written as one
    zero_is_value: { const: true },
  },
} as const;

export type IndicatorDeclaration = FromSchema<typeof indicatorDeclaration>;
