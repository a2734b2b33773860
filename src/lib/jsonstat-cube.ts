// JSON-stat 2.0 (https://json-stat.org/full/, the format of Eurostat's API, PxWeb and many statistics
// offices) of a set of observations: one dataset whose dimensions are the indicator (role metric, with
// its unit), each breakdown the indicators have (sex, area, age; `_T` the total, as in every other
// answer), the place (role geo) and the period (role time, in time order). Values are a dense array
// in row-major order (the last dimension varies fastest), null where the cube has no observation;
// a cell's status is the observation's status, and what JSON-stat has no member for (a null value's
// reason, a note, the unit of a cell of an indicator published in several units) is in `extension`.
// Pure: the observations' JSON-stat answers (src/serve/v1/jsonstat.ts) and the datasets' sealed
// JSON-stat files (src/publish/standards/dataset-jsonstat.ts) are written by this one function.
import type { FromSchema } from 'json-schema-to-ts';
import { DIMENSIONS, DIMENSION_IDS, TOTAL_CODE, type DimensionId } from './dimensions.js';

/** The media type JSON-stat answers are sent as (JSON-stat's own; application/json is also JSON-stat 2.0 by `version`). */
export const JSONSTAT_TYPE = 'application/vnd.json-stat+json';

/**
 * The most cells one answer's cube may have: the product of its dimensions' sizes. A page of mixed
 * indicators, places and periods can span a cube far larger than its observations; beyond this the
 * client is told to narrow the query rather than sent megabytes of nulls.
 */
export const MAX_JSONSTAT_CELLS = 1_000_000;

/** What JSON-stat reads of an observation (the v1 observation view). */
export interface StatObservation {
  indicator: string;
  dimensions: Partial<Record<string, string>>;
  place: string;
  period: string | null;
  period_start: string;
  value: number | null;
  null_reason: string | null;
  status: string;
  note?: string | null;
  unit: string | null;
}
const periodOf = (o: StatObservation) => o.period ?? o.period_start;
const unitOf = (o: StatObservation) => o.unit ?? '';

const str = { type: 'string' } as const;
const strings = { type: 'array', items: str } as const;
const byIndex = (items: object) => ({ type: 'object', additionalProperties: items }) as const;
const categorySchema = {
  type: 'object',
  required: ['index'],
  additionalProperties: false,
  properties: {
    index: strings,
    label: byIndex(str),
    unit: byIndex({
      type: 'object',
      required: ['label'],
      additionalProperties: false,
      properties: { label: str },
    }),
  },
} as const;

/** The members of a JSON-stat dataset as written here, but `version` (a collection's items have none). */
const datasetProperties = {
  class: { const: 'dataset' },
  label: str,
  href: str,
  source: str,
  updated: str,
  id: strings,
  size: { type: 'array', items: { type: 'integer' } },
  role: {
    type: 'object',
    required: ['metric', 'geo', 'time'],
    additionalProperties: false,
    properties: { metric: strings, geo: strings, time: strings },
  },
  dimension: byIndex({
    type: 'object',
    required: ['label', 'category'],
    additionalProperties: false,
    properties: { label: str, category: categorySchema },
  }),
  value: { type: 'array', items: { type: ['number', 'null'] } },
  status: byIndex(str),
  link: byIndex({
    type: 'array',
    items: {
      type: 'object',
      required: ['type', 'href'],
      additionalProperties: false,
      properties: { type: str, href: str },
    },
  }),
  extension: { type: 'object' },
} as const;
const datasetRequired = [
  'class',
  'label',
  'source',
  'updated',
  'id',
  'size',
  'role',
  'dimension',
  'value',
  'status',
  'extension',
] as const;

/** A JSON-stat 2.0 dataset as these answers write it (the interface document's schema and its type). */
export const JSONSTAT_SCHEMA = {
  type: 'object',
  description:
    'A JSON-stat 2.0 dataset (https://json-stat.org/full/): dimensions indicator (metric), the breakdowns, place (geo) and period (time); value in row-major order',
  required: ['version', ...datasetRequired],
  additionalProperties: false,
  properties: { version: { const: '2.0' }, ...datasetProperties },
} as const;
export type JsonStatDataset = FromSchema<typeof JSONSTAT_SCHEMA>;

/** A dataset as an item of a collection: JSON-stat 2.0 gives embedded items no `version` of their own. */
export const JSONSTAT_ITEM_SCHEMA = {
  type: 'object',
  required: datasetRequired,
  additionalProperties: false,
  properties: datasetProperties,
} as const;
export type JsonStatItem = FromSchema<typeof JSONSTAT_ITEM_SCHEMA>;

/**
 * A dataset's JSON-stat document: a JSON-stat 2.0 collection of one dataset per indicator, embedded
 * in link.item (src/publish/standards/dataset-jsonstat.ts says why).
 */
export const JSONSTAT_COLLECTION_SCHEMA = {
  type: 'object',
  description:
    "A JSON-stat 2.0 collection (https://json-stat.org/full/): one dataset per indicator of the dataset, embedded in link.item, each with the observations' JSON-stat dimensions",
  required: ['version', 'class', 'label', 'source', 'updated', 'link'],
  additionalProperties: false,
  properties: {
    version: { const: '2.0' },
    class: { const: 'collection' },
    label: str,
    href: str,
    source: str,
    updated: str,
    link: {
      type: 'object',
      required: ['item'],
      additionalProperties: false,
      properties: { item: { type: 'array', items: JSONSTAT_ITEM_SCHEMA } },
    },
  },
} as const;
export type JsonStatCollection = FromSchema<typeof JSONSTAT_COLLECTION_SCHEMA>;

/** What a cube needs besides its observations: names of ids, and the dataset's own members. */
export interface CubeMeta {
  label: string;
  source: string;
  updated: string;
  href?: string;
  next?: string | null;
  /** An id's English name (indicators and places); the id itself when it has none. */
  nameOf(id: string): string;
  /** Members of `extension` before the cells' (the revision of an answer). */
  extension?: Record<string, unknown>;
}

const first = <T>(xs: Iterable<T>) => [...new Set(xs)];

/** The observations as one JSON-stat dataset, without `version` (jsonStatOf adds it to an answer). */
export function jsonStatCube(
  observations: readonly StatObservation[],
  meta: CubeMeta,
  onTooLarge: (detail: string) => Error,
): JsonStatItem {
  const indicators = first(observations.map((o) => o.indicator));
  const breakdowns = DIMENSION_IDS.filter((d) => observations.some((o) => o.dimensions[d]));
  const places = first(observations.map((o) => o.place));
  const periods = first(
    [...observations]
      .sort((a, b) =>
        a.period_start === b.period_start
          ? periodOf(a).localeCompare(periodOf(b))
          : a.period_start < b.period_start
            ? -1
            : 1,
      )
      .map(periodOf),
  );
  const codesOf = (d: DimensionId) =>
    Object.keys(DIMENSIONS[d].codes).filter((c) =>
      observations.some((o) => (o.dimensions[d] ?? TOTAL_CODE) === c),
    );
  const ids = ['indicator', ...breakdowns, 'place', 'period'];
  const categories: string[][] = [indicators, ...breakdowns.map(codesOf), places, periods];
  const size = categories.map((c) => c.length);
  const cells = size.reduce((n, s) => n * s, 1);
  if (cells > MAX_JSONSTAT_CELLS)
    throw onTooLarge(
      `the JSON-stat cube of these observations has ${cells} cells (${ids.map((d, i) => `${size[i]} ${d}`).join(' x ')}), over ${MAX_JSONSTAT_CELLS}; narrow the indicators, places or periods`,
    );
  const position = categories.map((c) => new Map(c.map((id, i) => [id, i])));
  const value: (number | null)[] = new Array<number | null>(cells).fill(null);
  const status: Record<string, string> = {};
  const nullReason: Record<string, string> = {};
  const note: Record<string, string> = {};
  const cellUnit: Record<string, string> = {};
  const units = new Map<string, string[]>();
  for (const o of observations) {
    const at = [
      o.indicator,
      ...breakdowns.map((d) => o.dimensions[d] ?? TOTAL_CODE),
      o.place,
      periodOf(o),
    ].reduce((n, id, i) => n * size[i]! + position[i]!.get(id)!, 0);
    value[at] = o.value;
    status[at] = o.status;
    if (o.null_reason) nullReason[at] = o.null_reason;
    if (o.note) note[at] = o.note;
    cellUnit[at] = unitOf(o);
    const seen = units.get(o.indicator) ?? units.set(o.indicator, []).get(o.indicator)!;
    if (!seen.includes(unitOf(o))) seen.push(unitOf(o));
  }
  // a cell's own unit is stated only where its indicator is published in more than one
  const severalUnits = new Set([...units].filter(([, u]) => u.length > 1).map(([i]) => i));
  // a category's labels by id; none where the answer has no observation (JSON-stat 2.0: a label
  // object holds at least one member)
  const category = (ids: string[], of: (id: string) => string) => ({
    index: ids,
    ...(ids.length ? { label: Object.fromEntries(ids.map((id) => [id, of(id)])) } : {}),
  });
  const dimension: JsonStatItem['dimension'] = {
    indicator: {
      label: 'Indicator',
      category: {
        ...category(indicators, meta.nameOf),
        unit: Object.fromEntries(
          indicators.map((id) => [id, { label: units.get(id)!.join('; ') }]),
        ),
      },
    },
    ...Object.fromEntries(
      breakdowns.map((d, i) => [
        d,
        {
          label: DIMENSIONS[d].name.en,
          category: category(
            categories[i + 1]!,
            (c) => (DIMENSIONS[d].codes as Record<string, { en: string }>)[c]!.en,
          ),
        },
      ]),
    ),
    place: {
      label: 'Place',
      category: category(places, (id) => (id === 'place:KZ' ? 'Kazakhstan' : meta.nameOf(id))),
    },
    period: { label: 'Period', category: category(periods, (p) => p) },
  };
  const several = Object.keys(cellUnit).filter((at) => {
    const indicator = indicators[Math.floor(Number(at) / (cells / size[0]!))]!;
    return severalUnits.has(indicator);
  });
  return {
    class: 'dataset',
    label: meta.label,
    ...(meta.href ? { href: meta.href } : {}),
    source: meta.source,
    updated: meta.updated,
    id: ids,
    size,
    role: { metric: ['indicator'], geo: ['place'], time: ['period'] },
    dimension,
    value,
    status,
    ...(meta.next ? { link: { next: [{ type: JSONSTAT_TYPE, href: meta.next }] } } : {}),
    extension: {
      ...meta.extension,
      null_reason: nullReason,
      note,
      ...(several.length
        ? { unit: Object.fromEntries(several.map((at) => [at, cellUnit[at]!])) }
        : {}),
    },
  };
}

/**
 * The sealed JSON-stat file of a dataset whose JSON is `datasets/<id>.json`; null for any other. The
 * build writes it (src/publish/standards/dataset-jsonstat.ts) and the v1 dataset route sends it, so the
 * rule lives here, where the serving process may import it without the build's modules.
 */
export function jsonStatPathOf(d: { id: string; path: string }): string | null {
  return d.path === `datasets/${d.id}.json` ? `datasets/${d.id}.jsonstat.json` : null;
}

/** Whether a release path (under data/) is a dataset's JSON-stat file, as jsonStatPathOf names it. */
export const isJsonStatPath = (path: string): boolean =>
  /^datasets\/[^/]+\.jsonstat\.json$/.test(path);
