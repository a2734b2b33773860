// JSON Schemas (draft 2020-12) of the hand-written tables in sources/; the row types of
// src/sources/records.ts are derived from them (bottom of this file). Cross-row rules (counts,
// uniqueness, references) live in hand-table-checks.ts because a schema sees one document, not the
// relations between tables.

import type { FromSchema } from 'json-schema-to-ts';
import { SLUG_PATTERN } from '../lib/slug.js';
import { LANGUAGES, NAMES_SCHEMA, perLanguage } from '../lib/languages.js';

export const names = NAMES_SCHEMA;

// docs/interface.md §11.2: every row carries a source URL that a reader can open (https only, checked again
// in the cross-checks so the message says why).
export const sourceUrl = { type: 'string', format: 'uri', pattern: '^https://' } as const;
/**
 * Where Dala's own tables are read: an https URL, or a path of the release's own /data/ (RFC 3986
 * root-relative), which resolves on the server serving the release and names no host it may not own.
 */
export const ownOrSourceUrl = {
  type: 'string',
  format: 'uri-reference',
  pattern: '^(https://|/data/)',
} as const;
// 'verified' is a valid ReviewStatus in the model but is refused for hand tables by the
// cross-checks with an explicit reason, so the schema accepts the full enum.
export const reviewStatus = { enum: ['verified', 'reviewed', 'unreviewed', 'demonstration'] } as const;
const isoCode = { type: 'string', pattern: '^KZ-[0-9]{2}$' } as const;
const isoDate = { type: 'string', format: 'date' } as const;
export const nonEmpty = { type: 'string', minLength: 1 } as const;
// What a `reviewed` row was checked against: the page actually read, the day it was read and what
// it confirmed (docs/interface.md §11.2: a review status says what was done). Required exactly when reviewed.
export const review = {
  type: 'object',
  additionalProperties: false,
  required: ['url', 'read_on', 'confirmed'],
  properties: { url: { type: 'string', format: 'uri', pattern: '^https?://' }, read_on: { type: 'string', format: 'date' }, confirmed: { type: 'string', minLength: 10 } },
} as const;


const regionRow = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id', 'iso', 'kato', 'kind', 'slug', 'name', 'official_name', 'aliases', 'legacy_codes', 'admin_centre',
    'osm_relation_id', 'geokz_pcode', 'bns_grp_label', 'source_url', 'review_status',
  ],
  properties: {
    id: { type: 'string', pattern: '^place:KZ-[0-9]{2}$' },
    iso: isoCode,
    kato: { type: 'string', pattern: '^[0-9]{9}$' },
    kind: { enum: ['region', 'city'] },
    slug: { type: 'string', pattern: SLUG_PATTERN },
    name: names,
    official_name: names,
    aliases: { type: 'array', items: nonEmpty, uniqueItems: true },
    legacy_codes: { type: 'array', items: { type: 'string', pattern: '^KZ-?[A-Z0-9]{2,3}$' }, uniqueItems: true },
    admin_centre: names,
    osm_relation_id: { type: 'integer', minimum: 1 },
    geokz_pcode: { type: 'string', pattern: '^KZ[0-9]{2}$' },
    // Latin only: the Bureau's labels mix in Cyrillic look-alikes, the table stores them normalised.
    bns_grp_label: { type: 'string', pattern: '^[A-Za-z][A-Za-z .-]*[A-Za-z]$' },
    source_url: sourceUrl,
    review_status: reviewStatus,
    review,
  },
} as const;

// The raw attribute a correction matches or sets.
const fieldValue = {
  type: 'object',
  additionalProperties: false,
  required: ['field', 'value'],
  properties: { field: { enum: ['ADM2_EN', 'ADM2_KK', 'ADM2_RU'] }, value: nonEmpty },
} as const;

const districtCorrectionRow = {
  type: 'object',
  additionalProperties: false,
  required: ['pcode', 'match', 'set', 'reason', 'source_url', 'review_status'],
  properties: {
    pcode: { type: 'string', pattern: '^KZ[0-9]{6}$' },
    match: fieldValue,
    set: fieldValue,
    reason: nonEmpty,
    // 'keep': the raw value was checked or judged and stays; the row carries the reason as a note
    action: { enum: ['correct', 'keep'] },
    source_url: sourceUrl,
    review_status: reviewStatus,
    review,
  },
} as const;

// A district the 2023 population bulletin and the geokz 2024 boundaries do not share: a geokz unit
// the bulletin of 1 January 2023 has no row for (its people are in the rows `counted_in`), or a
// bulletin row with no geokz unit (`bulletin_row`, its land inside the unit `drawn_in`); which of
// the two a row is, the cross-checks hold (hand-table-checks.ts).
const districtCoverageRow = {
  type: 'object',
  additionalProperties: false,
  required: ['region_iso', 'name_en', 'counted_in', 'formed_from', 'source_url', 'review_status'],
  properties: {
    district_pcode: { type: 'string', pattern: '^KZ[0-9]{6}$' },
    region_iso: isoCode,
    name_en: nonEmpty,
    bulletin_row: nonEmpty,
    counted_in: { type: 'array', items: nonEmpty, uniqueItems: true },
    drawn_in: { type: 'string', pattern: '^KZ[0-9]{6}$' },
    formed_on: isoDate,
    formed_from: nonEmpty,
    source_url: sourceUrl,
    review_status: reviewStatus,
    review,
  },
} as const;

const nameReview = {
  type: 'object',
  additionalProperties: false,
  required: ['status', 'url', 'read_on', 'confirmed'],
  properties: {
    status: { enum: ['reviewed', 'unreviewed'] },
    url: { type: ['string', 'null'], pattern: '^https://' },
    read_on: { type: ['string', 'null'], format: 'date' },
    confirmed: nonEmpty,
  },
} as const;

/** Where each language's name of a row was checked (indicators and regions alike). */
export const nameReviews = {
  type: 'object',
  additionalProperties: false,
  required: LANGUAGES,
  properties: perLanguage(nameReview),
} as const;

const person = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'role', 'as_of', 'source_url'],
  properties: { name: names, role: nonEmpty, as_of: isoDate, source_url: sourceUrl },
} as const;

const institutionRow = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id', 'kind', 'name', 'website', 'region_iso', 'responsible_person', 'responsible_person_null_reason',
    'source_url', 'review_status',
  ],
  properties: {
    id: { type: 'string', pattern: '^institution:[a-z0-9-]+$' },
    kind: { enum: ['akimat', 'ministry', 'agency', 'state_body'] },
    name: names,
    website: sourceUrl,
    region_iso: { type: ['string', 'null'], pattern: '^KZ-[0-9]{2}$' },
    responsible_person: { anyOf: [{ type: 'null' }, person] },
    responsible_person_null_reason: { type: ['string', 'null'], minLength: 1 },
    source_url: sourceUrl,
    review_status: reviewStatus,
    review,
  },
} as const;

const eventRow = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'date', 'kind', 'place', 'title', 'source_url', 'review_status', 'note'],
  properties: {
    id: { type: 'string', pattern: '^event:[0-9]{4}-[0-9]{2}-[0-9]{2}-[a-z0-9-]+$' },
    date: isoDate,
    kind: { enum: ['reform', 'renaming', 'code_change', 'holiday', 'other'] },
    place: { type: 'string', pattern: '^KZ(-[0-9]{2})?$' },
    title: names,
    source_url: sourceUrl,
    review_status: reviewStatus,
    review,
    note: { type: ['string', 'null'], minLength: 1 },
  },
} as const;

const legacyPlaceRow = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'code', 'kind', 'name', 'aliases', 'valid_until', 'successors', 'note', 'source_url', 'review_status'],
  properties: {
    id: { type: 'string', pattern: '^place:KZ-[A-Z0-9-]+$' },
    code: { type: 'string', pattern: '^KZ-[A-Z0-9-]+$' },
    kind: { const: 'former_region' },
    name: names,
    aliases: { type: 'array', items: nonEmpty, uniqueItems: true },
    valid_until: isoDate,
    successors: {
      type: 'array', minItems: 1,
      items: {
        type: 'object', additionalProperties: false, required: ['place', 'relation', 'date', 'note'],
        properties: { place: isoCode, relation: { enum: ['renamed_to', 'split_into'] }, date: isoDate, note: nonEmpty },
      },
    },
    note: nonEmpty,
    source_url: sourceUrl,
    review_status: reviewStatus,
    review,
  },
} as const;

const mediaRow = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'date', 'source', 'topic', 'region_iso', 'title'],
  properties: {
    id: { type: 'string', pattern: '^media:demo-[0-9]{3,}$' },
    date: isoDate,
    // Demonstration rows must not look like real outlets or real headlines.
    source: { type: 'string', pattern: '^demo-source-[a-z]$' },
    topic: { type: 'string', pattern: SLUG_PATTERN },
    region_iso: { type: ['string', 'null'], pattern: '^KZ-[0-9]{2}$' },
    title: { type: 'string', pattern: '^Demonstration item [0-9]+$' },
  },
} as const;

const mediaSample = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  additionalProperties: false,
  required: ['provenance', 'publications'],
  properties: {
    provenance: {
      type: 'object',
      required: ['kind', 'note', 'generated_by'],
      properties: { kind: { const: 'demonstration' }, note: nonEmpty, generated_by: nonEmpty },
    },
    publications: { type: 'array', minItems: 1, items: mediaRow },
  },
} as const;

const arrayOf = (row: object) => ({
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'array',
  minItems: 1,
  items: row,
});


export const TABLE_SCHEMAS = {
  'regions.json': arrayOf(regionRow),
  'district-corrections.json': arrayOf(districtCorrectionRow),
  'district-bulletin-coverage.json': arrayOf(districtCoverageRow),
  'institutions.json': arrayOf(institutionRow),
  'events.json': arrayOf(eventRow),
  'legacy-places.json': arrayOf(legacyPlaceRow),
  'media-sample.json': mediaSample,
} as const;

export type TableFile = keyof typeof TABLE_SCHEMAS;

// The rows as loaded, derived from the schemas above (src/sources/records.ts names them).
export type HandReviewStatus = FromSchema<typeof reviewStatus>;
export type ReviewRow = FromSchema<typeof review>;
export type RegionRow = FromSchema<typeof regionRow>;
export type DistrictCorrectionRow = FromSchema<typeof districtCorrectionRow>;
export type DistrictCoverageRow = FromSchema<typeof districtCoverageRow>;
export type NameReviewRow = FromSchema<typeof nameReview>;
export type InstitutionRow = FromSchema<typeof institutionRow>;
export type EventRow = FromSchema<typeof eventRow>;
export type LegacyPlaceRow = FromSchema<typeof legacyPlaceRow>;
export type MediaRow = FromSchema<typeof mediaRow>;
export type MediaSampleFile = FromSchema<typeof mediaSample>;
