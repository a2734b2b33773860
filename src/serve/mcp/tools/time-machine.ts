// The time machine as tools: the values known at a date (/api/timemachine/snapshot's reader,
// src/serve/timemachine/snapshot.ts) and one series over a range, as published or in buckets
// (/api/timemachine/series: its window and answer, src/serve/timemachine/series*.ts), a page at a time.
import type { FromSchema } from 'json-schema-to-ts';
import type { FromResponse } from '../../interface/schemas.js';
import { deprecationNote, dimensionFilter, seriesKeysOf } from '../../dimensions/filters.js';
import { asOfDate, GRANULARITIES } from '../../timemachine/query.js';
import { series } from '../../timemachine/series.js';
import { seriesWindow } from '../../timemachine/series-window.js';
import { snapshotRowsOf } from '../../timemachine/snapshot.js';
import { encodeCursor } from '../../v1/cursor.js';
import { findIndicator, stripPrefix } from '../../v1/indicators.js';
import { observationView, OBSERVATIONS_QUERY, placeCode } from '../../v1/observations.js';
import { nextCursor, openPageOf } from '../../v1/paging.js';
import { LOCALE_ARG, ONE_CODE, PAGE_ARGS, PAGE_MEMBERS, PAGE_REQUIRED } from '../schemas.js';
import { tool } from '../tool.js';
import { citationLines, Labels, permalinkOf, VALUE_SCHEMA, valueLine, valueOf } from '../values.js';
import { INDICATOR_ARG, PLACES_ARG } from './observations.js';
import type { LoadedRelease } from '../../releases/release-types.js';
import type { RawJson } from '../../answers/raw-json.js';

const Q = OBSERVATIONS_QUERY.properties;
const dateArg = (description: string) => ({ type: 'string', format: 'date', description }) as const;

/** The store's codes of places asked by id, code, slug or name (null: every place). */
const codesOf = (release: LoadedRelease, places: readonly string[] | undefined) =>
  places ? places.map((p) => placeCode(release, p)) : null;

const SNAPSHOT_INPUT = {
  type: 'object',
  additionalProperties: false,
  required: ['indicator'],
  properties: {
    indicator: INDICATOR_ARG,
    date: dateArg(
      "The date (YYYY-MM-DD) to look from; omitted: the release's as-of date (its latest data).",
    ),
    places: PLACES_ARG,
    sex: Q.sex,
    area: Q.area,
    age: Q.age,
    locale: LOCALE_ARG,
    ...PAGE_ARGS,
  },
} as const;

const SNAPSHOT_OUTPUT = {
  type: 'object',
  additionalProperties: false,
  required: [...PAGE_REQUIRED, 'date', 'values'],
  properties: {
    ...PAGE_MEMBERS,
    date: { type: 'string', format: 'date', description: 'The date looked from.' },
    values: {
      type: 'array',
      description:
        'Per breakdown and place, the latest value whose period ends on or before the date, with that period.',
      items: VALUE_SCHEMA,
    },
  },
} as const;

export const snapshotTool = tool<
  FromSchema<typeof SNAPSHOT_INPUT>,
  FromResponse<typeof SNAPSHOT_OUTPUT>
>({
  name: 'snapshot_at_date',
  title: 'Values known at a date',
  description:
    'The time machine at one date: for one indicator, per place (and breakdown), the latest published value whose period ended on or before that date, each with its own period (which may be well before the date: say it). Answers "what was the population of each region as of 2020-06-30" or "the exchange rate on 2024-03-15" (a weekend gives the last fixing before it, with its date). A place without a value by then is not in the answer, which does not show that none exists.',
  input: SNAPSHOT_INPUT,
  output: SNAPSHOT_OUTPUT,
  async run(call, args) {
    const page = await openPageOf('mcp:snapshot_at_date', () => call.release, call.releases, args);
    const { release } = page;
    const { row, ref } = findIndicator(release, args.indicator);
    const keys = seriesKeysOf(
      release,
      [ref ?? { indicator: row.id, series: null, deprecated: false }],
      dimensionFilter(args),
    );
    const date = args.date ?? asOfDate(release);
    const rows = snapshotRowsOf(release, date, keys, codesOf(release, args.places));
    const labels = new Labels(release, args.locale);
    const values = rows
      .slice(page.offset, page.offset + page.limit)
      .map((p) => valueOf(release, observationView(release, p, '/api/v1'), labels));
    const note =
      [
        ref && deprecationNote([ref]),
        rows.length === 0
          ? `Release ${release.revision} holds no value of ${row.id} with a period ending on or before ${date} for these places; this does not show that none exists.`
          : null,
      ]
        .filter(Boolean)
        .join(' ') || null;
    const next = nextCursor(page, rows.length);
    return {
      structured: {
        revision: release.revision,
        total: rows.length,
        next_cursor: next,
        note,
        date,
        values,
      },
      text: [
        `${row.id} as known on ${date} (release ${release.revision}): ${rows.length} value(s)${next ? `, ${values.length} shown (more: pass next_cursor)` : ''}`,
        ...values.map((v) => `- ${valueLine(v)}`),
        ...citationLines(values),
        note,
      ]
        .filter(Boolean)
        .join('\n'),
    };
  },
});

const SERIES_INPUT = {
  type: 'object',
  additionalProperties: false,
  required: ['indicator'],
  properties: {
    indicator: INDICATOR_ARG,
    start_date: dateArg('Only periods ending on or after this date (YYYY-MM-DD).'),
    end_date: dateArg('Only periods ending on or before this date (YYYY-MM-DD).'),
    granularity: {
      type: 'string',
      enum: [...GRANULARITIES],
      description:
        "Buckets of day, week (ISO), month, quarter or year, each combining the points inside it by the indicator's aggregation (sum, mean, last ...); omitted: the points as published.",
    },
    places: PLACES_ARG,
    ...ONE_CODE,
    locale: LOCALE_ARG,
    ...PAGE_ARGS,
  },
} as const;

const SERIES_VALUE = {
  ...VALUE_SCHEMA,
  required: [...VALUE_SCHEMA.required, 'aggregation', 'from_count'],
  properties: {
    ...VALUE_SCHEMA.properties,
    aggregation: {
      type: ['string', 'null'],
      description: 'How a bucket combines its points (null: a point as published).',
    },
    from_count: { type: 'integer', minimum: 0, description: 'Points the value is made from.' },
  },
} as const;

const SERIES_OUTPUT = {
  type: 'object',
  additionalProperties: false,
  required: ['revision', 'next_cursor', 'note', 'start_date', 'end_date', 'values'],
  properties: {
    revision: PAGE_MEMBERS.revision,
    next_cursor: {
      ...PAGE_MEMBERS.next_cursor,
      description:
        'Pass as cursor to get the next window of the range (the series goes on after end_date); null when the range is done.',
    },
    note: PAGE_MEMBERS.note,
    start_date: { type: ['string', 'null'], description: 'First day of this window (null: open).' },
    end_date: { type: ['string', 'null'], description: 'Last day of this window (null: open).' },
    values: {
      type: 'array',
      description: 'Per place, in period order.',
      items: SERIES_VALUE,
    },
  },
} as const;

export const seriesTool = tool<FromSchema<typeof SERIES_INPUT>, FromResponse<typeof SERIES_OUTPUT>>(
  {
    name: 'series_over_range',
    title: 'A time series over a date range',
    description:
      'One indicator over time for chosen places, between two dates, as published or in day, week, month, quarter or year buckets: "unemployment in Almaty 2015-2023", "monthly average USD/KZT rate in 2024". One breakdown at a time (sex, area, age: one code each). Each value keeps its own period, unit, status and note (units and borders can change within a series: read the notes). Long series come in windows of at most limit values: follow next_cursor.',
    input: SERIES_INPUT,
    output: SERIES_OUTPUT,
    async run(call, args) {
      const page = await openPageOf(
        'mcp:series_over_range',
        () => call.release,
        call.releases,
        args,
      );
      const { release } = page;
      const { row, ref } = findIndicator(release, args.indicator);
      const places = codesOf(release, args.places);
      const query = {
        // an indicator, one of its series or a deprecated id, as /api/timemachine/series takes it
        metric: stripPrefix(args.indicator, 'indicator'),
        start_date: page.after ?? args.start_date,
        end_date: args.end_date,
        granularity: args.granularity,
        place: places?.join(','),
        sex: args.sex,
        area: args.area,
        age: args.age,
      };
      const window = seriesWindow(release, query, '/mcp', '', page.limit);
      const answer = series(release, window.query);
      const labels = new Labels(release, args.locale);
      const source = labels.source(`source:${answer.metric.source_id}`);
      const indicator = answer.metric.indicator ?? row.id;
      const permalink = permalinkOf(release, indicator);
      // series() gives each place's points as JSON bytes (RawJson), read here as values
      const entries = answer.series as unknown as { place: string; points: RawJson }[];
      const values = entries.flatMap(({ place, points }) =>
        points.parsed<Record<string, unknown>[]>().map((p) => ({
          indicator: `indicator:${indicator}`,
          dimensions: answer.metric.dimensions ?? {},
          place: `place:${place}`,
          place_name: labels.name(`place:${place}`),
          period: p['period'] as string,
          period_start: p['period_start'] as string,
          period_end: p['period_end'] as string,
          value: p['value'] as number | null,
          null_reason: p['null_reason'] as string | null,
          status: p['status'] as string,
          note: (p['note'] as string | null) ?? null,
          unit: p['unit'] as string,
          source: `source:${answer.metric.source_id}`,
          source_name: source.name,
          source_url: source.url,
          revision: release.revision,
          permalink,
          aggregation: p['aggregation'] as string | null,
          from_count: p['from_count'] as number,
        })),
      );
      const next = window.nextStart
        ? encodeCursor({ rev: release.revision, off: 0, scope: page.scope, key: window.nextStart })
        : null;
      const note =
        [
          ref && deprecationNote([ref]),
          values.length === 0
            ? `Release ${release.revision} holds no value of ${answer.metric.id} in this range for these places; this does not show that none exists.`
            : null,
          answer.unit_note ?? null,
        ]
          .filter(Boolean)
          .join(' ') || null;
      return {
        structured: {
          revision: release.revision,
          next_cursor: next,
          note,
          start_date: window.query.start_date ?? null,
          end_date: window.query.end_date ?? null,
          values,
        },
        text: [
          `${answer.metric.id}${args.granularity ? ` by ${args.granularity}` : ''} from ${window.query.start_date ?? 'the start'} to ${window.query.end_date ?? 'the end'} (release ${release.revision}): ${values.length} value(s)${next ? ' (the series goes on: pass next_cursor)' : ''}`,
          ...values.map((v) => `- ${valueLine(v)}`),
          ...citationLines(values),
          note,
        ]
          .filter(Boolean)
          .join('\n'),
      };
    },
  },
);
