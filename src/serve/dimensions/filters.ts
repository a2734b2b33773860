// Dimension filters of the observation, series and snapshot routes (sex=, area=, age=; several
// codes comma-separated or repeated; totals `_T` where a dimension is not filtered), resolved to the
// store's series keys (src/store/series-index.ts), and the deprecated ids of former indicators that
// keep answering as aliases of one series (RFC 9745 Deprecation, RFC 8288 rel="successor-version").
import type { FastifyReply } from 'fastify';
import { ProblemError } from '../problems/errors.js';
import type { LoadedRelease } from '../releases/release-types.js';
import { DIMENSIONS, DIMENSION_IDS, type DimensionId } from '../../lib/dimensions.js';
import {
  SeriesIndex,
  seriesIndexOf,
  type DimensionFilter,
  type FilterFault,
  type SeriesEntry,
} from '../../store/series-index.js';

const codeList = (d: DimensionId) => Object.keys(DIMENSIONS[d].codes).join(', ');

/** The query members of the dimension filters, as a list per dimension (v1 style: repeat or comma-separate). */
export const DIMENSION_LIST_PARAMS = Object.fromEntries(
  DIMENSION_IDS.map((d) => [
    d,
    {
      type: 'array',
      maxItems: 20,
      items: { type: 'string', minLength: 1, maxLength: 40 },
      description: `${DIMENSIONS[d].name.en} codes (${codeList(d)}); several: repeat the parameter or separate with commas. Omitted: the total (_T).`,
    },
  ]),
) as Record<
  DimensionId,
  {
    type: 'array';
    maxItems: 20;
    items: { type: 'string'; minLength: 1; maxLength: 40 };
    description: string;
  }
>;

/** The same as one comma-separated string (the time-slice routes' style). */
export const DIMENSION_STRING_PARAMS = Object.fromEntries(
  DIMENSION_IDS.map((d) => [
    d,
    {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      description: `${DIMENSIONS[d].name.en} codes, comma-separated (${codeList(d)}). Omitted: the total (_T).`,
    },
  ]),
) as Record<DimensionId, { type: 'string'; minLength: 1; maxLength: 200; description: string }>;

type DimensionQuery = Partial<Record<DimensionId, string | readonly string[]>>;

/** The filter a query asks for: per dimension the codes listed (split on commas, deduplicated). */
export function dimensionFilter(query: DimensionQuery): DimensionFilter {
  const filter: DimensionFilter = {};
  for (const d of DIMENSION_IDS) {
    const raw = query[d];
    if (raw === undefined) continue;
    const list = (typeof raw === 'string' ? [raw] : raw)
      .flatMap((v) => v.split(','))
      .map((v) => v.trim())
      .filter(Boolean);
    filter[d] = [...new Set(list)];
  }
  return filter;
}

export const hasDimensionFilter = (filter: DimensionFilter) =>
  DIMENSION_IDS.some((d) => filter[d] !== undefined);

/** The one translation of a filter fault into the error catalog. */
export function faultProblem(fault: FilterFault): ProblemError {
  if (fault.kind === 'unknown_code') {
    return new ProblemError(
      'unknown_dimension_code',
      `query parameter "${fault.dimension}": ${JSON.stringify(fault.code)} is not a code of dimension ${fault.dimension}; allowed: ${fault.allowed.join(', ')}`,
      {
        parameter: fault.dimension,
        allowed_values: fault.allowed,
      },
    );
  }
  const has = fault.dimensions.length
    ? `dimensions ${fault.dimensions.join(', ')}`
    : 'no dimensions';
  return new ProblemError(
    'dimension_not_applicable',
    `query parameter "${fault.dimension}": indicator ${fault.indicator} has ${has}`,
    {
      parameter: fault.dimension,
      indicator: `indicator:${fault.indicator}`,
      dimensions: fault.dimensions,
    },
  );
}

/** What an asked indicator id stands for: an indicator, or one series (a deprecated id or a series key). */
export type IndicatorRef = { indicator: string; series: SeriesEntry | null; deprecated: boolean };

/** An id as asked (bare or `indicator:`-prefixed): an indicator, a deprecated id, or a series key; undefined when none. */
export function indicatorRef(release: LoadedRelease, id: string): IndicatorRef | undefined {
  const index = seriesIndexOf(release);
  if (index.isIndicator(id)) return { indicator: id, series: null, deprecated: false };
  const old = index.byDeprecatedId.get(id);
  if (old) return { indicator: old.indicator, series: old, deprecated: true };
  const series = index.bySeries.get(id);
  return series ? { indicator: series.indicator, series, deprecated: false } : undefined;
}

/**
 * The series keys of the asked indicators (null: every indicator) under the filter. An id that
 * names one series (a deprecated id) fixes its codes: a filter on one of its dimensions is refused,
 * naming the indicator to ask instead.
 */
export function seriesKeysOf(
  release: LoadedRelease,
  refs: readonly IndicatorRef[] | null,
  filter: DimensionFilter,
): string[] {
  const index = seriesIndexOf(release);
  const fail = (r: { keys: string[] } | { fault: FilterFault }) => {
    if ('fault' in r) throw faultProblem(r.fault);
    return r.keys;
  };
  if (refs === null) return fail(index.resolve(null, filter));
  const keys = new Set<string>();
  for (const ref of refs) {
    if (ref.series === null) {
      for (const k of fail(index.resolve([ref.indicator], filter))) keys.add(k);
      continue;
    }
    const fault = SeriesIndex.unknownCode(filter);
    if (fault) throw faultProblem(fault);
    const fixed = DIMENSION_IDS.find((d) => filter[d] !== undefined);
    if (fixed) {
      throw new ProblemError(
        'invalid_parameter',
        `query parameter "${fixed}": ${ref.series.deprecatedId ?? ref.series.key} is one series of indicator ${ref.indicator} (${JSON.stringify(ref.series.codes)}); ask indicator=${ref.indicator} with ${fixed}= instead`,
        { parameter: fixed },
      );
    }
    keys.add(ref.series.key);
  }
  return [...keys].sort();
}

/**
 * Marks an answer reached through a deprecated id (RFC 9745 Deprecation: the day it was deprecated,
 * as a structured-field date, seconds since the epoch; RFC 8288 Link rel="successor-version" to the indicator).
 */
export function markDeprecated(
  reply: FastifyReply,
  refs: readonly IndicatorRef[],
  successorUrl: (indicator: string) => string,
): string | undefined {
  const old = refs.filter((r) => r.deprecated);
  if (old.length === 0) return undefined;
  const since = old.map((r) => r.series!.deprecatedOn ?? '1970-01-01').sort()[0]!;
  reply.header('deprecation', `@${Date.parse(`${since}T00:00:00Z`) / 1000}`);
  reply.header(
    'link',
    [...new Set(old.map((r) => `<${successorUrl(r.indicator)}>; rel="successor-version"`))].join(
      ', ',
    ),
  );
  return deprecationNote(refs);
}

/** What an answer reached through deprecated ids says of them: the indicator and codes to ask instead. */
export function deprecationNote(refs: readonly IndicatorRef[]): string | undefined {
  const old = refs.filter((r) => r.deprecated);
  if (old.length === 0) return undefined;
  return old
    .map(
      (r) =>
        `${r.series!.deprecatedId} is a deprecated id of indicator ${r.indicator} at ${Object.entries(
          r.series!.codes,
        )
          .map(([d, c]) => `${d}=${c}`)
          .join(', ')}: ask indicator=${r.indicator}&${Object.entries(r.series!.codes)
          .map(([d, c]) => `${d}=${c}`)
          .join('&')}`,
    )
    .join(' ');
}
