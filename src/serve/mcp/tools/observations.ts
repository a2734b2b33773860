// get_observations: /api/v1/observations (src/serve/v1/observations.ts, the one query) for one
// indicator, a page at a time, each value with its period, unit, status, note, source and permalink.
import type { FromSchema } from 'json-schema-to-ts';
import type { FromResponse } from '../../interface/schemas.js';
import { deprecationNote } from '../../dimensions/filters.js';
import { findObservations, observationView, OBSERVATIONS_QUERY } from '../../v1/observations.js';
import { nextCursor, openPageOf } from '../../v1/paging.js';
import { LOCALE_ARG, PAGE_ARGS, PAGE_MEMBERS, PAGE_REQUIRED } from '../schemas.js';
import { tool } from '../tool.js';
import { findIndicator } from '../../v1/indicators.js';
import { citationLines, Labels, VALUE_SCHEMA, valueLine, valueOf } from '../values.js';

const Q = OBSERVATIONS_QUERY.properties;

/** The indicator argument of the tools about one indicator's values. */
export const INDICATOR_ARG = {
  type: 'string',
  minLength: 1,
  maxLength: 200,
  description:
    'The indicator id from search or describe_indicator (indicator:population, or population).',
} as const;

/** Places as the tools take them: ids, ISO codes, slugs or names. */
export const PLACES_ARG = {
  ...Q.place,
  description:
    'Places by id (place:KZ-35), ISO 3166-2 code (KZ-35), slug or name (Karaganda); KZ is the whole country. Omitted: every place.',
} as const;

const INPUT = {
  type: 'object',
  additionalProperties: false,
  required: ['indicator'],
  properties: {
    indicator: INDICATOR_ARG,
    places: PLACES_ARG,
    periods: {
      ...Q.period,
      description:
        'Exact periods: 2024, 2024-Q1, 2024-H1, 2024-9M (cumulative Jan-Sep), 2024-01, 2024-W03, 2024-01-15, 2022/23 (school year). Omitted: every period (or use from/to).',
    },
    from: Q.from,
    to: Q.to,
    sex: Q.sex,
    area: Q.area,
    age: Q.age,
    sort: Q.sort,
    locale: LOCALE_ARG,
    ...PAGE_ARGS,
  },
} as const;

export const VALUES_OUTPUT = {
  type: 'object',
  additionalProperties: false,
  required: [...PAGE_REQUIRED, 'values'],
  properties: { ...PAGE_MEMBERS, values: { type: 'array', items: VALUE_SCHEMA } },
} as const;

export const getObservationsTool = tool<
  FromSchema<typeof INPUT>,
  FromResponse<typeof VALUES_OUTPUT>
>({
  name: 'get_observations',
  title: 'Get values of an indicator',
  description:
    'The published values of one indicator for chosen places and periods (or a date range), each with its period, unit, status, note, primary source and the permalink of the release it came from. Breakdowns: sex (M, F), area (U urban, R rural), age codes; totals (_T) when omitted. Values are exactly those of /api/v1/observations. A null value was not published (null_reason says why): it is not zero. Use compare_places to rank places, snapshot_at_date for the values known at a date, series_over_range for a time series with buckets.',
  input: INPUT,
  output: VALUES_OUTPUT,
  async run(call, args) {
    const page = await openPageOf('mcp:get_observations', () => call.release, call.releases, args);
    findIndicator(page.release, args.indicator); // an unknown indicator is not_found, not an empty answer
    const found = findObservations(
      page.release,
      {
        indicator: [args.indicator],
        place: args.places,
        period: args.periods,
        from: args.from,
        to: args.to,
        sex: args.sex,
        area: args.area,
        age: args.age,
        sort: args.sort,
      },
      page,
    );
    const labels = new Labels(page.release, args.locale);
    const values = found.rows.map((p) =>
      valueOf(page.release, observationView(page.release, p, '/api/v1'), labels),
    );
    const note = [deprecationNote(found.refs), found.empty].filter(Boolean).join(' ') || null;
    const next = nextCursor(page, found.total);
    return {
      structured: {
        revision: page.release.revision,
        total: found.total,
        next_cursor: next,
        note,
        values,
      },
      text: [
        `${found.total} value(s) in release ${page.release.revision}${next ? `, ${values.length} shown (more: pass next_cursor)` : ''}:`,
        ...values.map((v) => `- ${valueLine(v)}`),
        ...citationLines(values),
        note,
      ]
        .filter(Boolean)
        .join('\n'),
    };
  },
});
