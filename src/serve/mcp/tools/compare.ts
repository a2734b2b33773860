// compare_places: one indicator at one period across places, ranked, from /api/v1/observations
// (src/serve/v1/observations.ts, the one query, ordered by value with missing values last). A value
// not published is ranked nowhere and said as null with its reason, never 0 (docs/interface.md §1.3);
// a place asked for that has no observation at all is named as such, not left out (§1.5).
import type { FromSchema } from 'json-schema-to-ts';
import type { FromResponse } from '../../interface/schemas.js';
import { deprecationNote } from '../../dimensions/filters.js';
import {
  findObservations,
  observationView,
  OBSERVATIONS_QUERY,
  placeCode,
} from '../../v1/observations.js';
import { MAX_LIMIT, nextCursor, openPageOf } from '../../v1/paging.js';
import { DIMENSION_IDS } from '../../../lib/dimensions.js';
import { LOCALE_ARG, ONE_CODE, PAGE_ARGS, PAGE_MEMBERS, PAGE_REQUIRED } from '../schemas.js';
import { tool } from '../tool.js';
import { storeOf } from '../../../store/reader.js';

const COUNTRY = 'KZ';
import { findIndicator, stripPrefix } from '../../v1/indicators.js';
import { citationLines, Labels, VALUE_SCHEMA, valueLine, valueOf } from '../values.js';
import { INDICATOR_ARG, PLACES_ARG } from './observations.js';

const INPUT = {
  type: 'object',
  additionalProperties: false,
  required: ['indicator', 'period'],
  properties: {
    indicator: INDICATOR_ARG,
    period: {
      ...OBSERVATIONS_QUERY.properties.period.items,
      description:
        'The one period compared: 2024, 2024-Q1, 2024-H1, 2024-9M, 2024-01, 2022/23 ... (describe_indicator gives the periods covered).',
    },
    places: {
      ...PLACES_ARG,
      description:
        'Places to compare (ids, codes or names; up to 50); each one asked is in the answer, with null where it has no value. Omitted: every place with an observation at that period but the country (KZ), which is not ranked among its parts.',
    },
    ...ONE_CODE,
    order: {
      type: 'string',
      enum: ['desc', 'asc'],
      default: 'desc',
      description: 'desc: the largest value ranks first (default); asc: the smallest.',
    },
    locale: LOCALE_ARG,
    ...PAGE_ARGS,
  },
} as const;

const OUTPUT = {
  type: 'object',
  additionalProperties: false,
  required: [...PAGE_REQUIRED, 'ranked', 'absent'],
  properties: {
    ...PAGE_MEMBERS,
    ranked: {
      type: 'array',
      description: 'Places in rank order; those whose value was not published come last, unranked.',
      items: {
        ...VALUE_SCHEMA,
        required: [...VALUE_SCHEMA.required, 'rank'],
        properties: {
          ...VALUE_SCHEMA.properties,
          rank: {
            type: ['integer', 'null'],
            description:
              'Position by value (equal values share a rank); null: value not published.',
          },
        },
      },
    },
    absent: {
      type: 'array',
      description:
        'Places asked for that have no observation of this indicator at this period in this release (not zero, and not proof that none exists).',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['place', 'place_name', 'value', 'null_reason'],
        properties: {
          place: { type: 'string' },
          place_name: { type: ['string', 'null'] },
          value: { type: 'null' },
          null_reason: { type: 'string' },
        },
      },
    },
  },
} as const;

export const comparePlacesTool = tool<FromSchema<typeof INPUT>, FromResponse<typeof OUTPUT>>({
  name: 'compare_places',
  title: 'Compare places on an indicator at one period',
  description:
    'Ranks places (regions, cities, districts) by one indicator at one period: which region has the most, the least, how a place stands. Values not published are said as null with their reason and never ranked as 0; places asked for without any observation are listed in absent. One breakdown at a time (sex, area, age: one code each, totals when omitted). Values are exactly those of /api/v1/observations.',
  input: INPUT,
  output: OUTPUT,
  async run(call, args) {
    const page = await openPageOf('mcp:compare_places', () => call.release, call.releases, args);
    findIndicator(page.release, args.indicator); // an unknown indicator is not_found, not an empty answer
    const { release } = page;
    // every place asked fits one page (at most 50), so each is either ranked or absent
    const asked = args.places?.map((p) => placeCode(release, p));
    const limit = asked ? MAX_LIMIT : page.limit;
    // the row before the page tells whether its first value ties with the page before
    const before = page.offset > 0 ? 1 : 0;
    const found = findObservations(
      release,
      {
        indicator: [args.indicator],
        period: [args.period],
        // the country is the sum or average of its parts, not one of them: ranked only when asked for
        place: args.places ?? storeOf(release).places.filter((p) => p !== COUNTRY),
        ...Object.fromEntries(
          DIMENSION_IDS.filter((d) => args[d] !== undefined).map((d) => [d, [args[d]!]]),
        ),
        sort: args.order === 'asc' ? 'value' : '-value',
      },
      { limit: limit + before, offset: page.offset - before },
    );
    const labels = new Labels(release, args.locale);
    const views = found.rows.map((p) =>
      valueOf(release, observationView(release, p, '/api/v1'), labels),
    );
    let rank = page.offset;
    const ranked = views.slice(before).map((v, i) => {
      const prior = i > 0 ? views[before + i - 1] : before ? views[0] : undefined;
      const position = page.offset + i + 1;
      if (v.value !== null && !(prior && prior.value === v.value)) rank = position;
      return { ...v, rank: v.value === null ? null : rank };
    });
    const seen = new Set(found.rows.map((p) => p.place));
    const absent = (asked ?? [])
      .filter((code) => !seen.has(code))
      .map((code) => ({
        place: `place:${code}`,
        place_name: labels.name(`place:${code}`),
        value: null,
        null_reason: `no observation of ${stripPrefix(args.indicator, 'indicator')} for ${args.period} in release ${release.revision}; this does not show that none exists`,
      }));
    const next = asked ? null : nextCursor({ ...page, limit }, found.total);
    const note =
      [
        deprecationNote(found.refs),
        found.empty,
        asked
          ? null
          : 'Only places with an observation at this period are listed, and the country (KZ) is not ranked among them; ask with places to have each one named.',
      ]
        .filter(Boolean)
        .join(' ') || null;
    return {
      structured: {
        revision: release.revision,
        total: found.total,
        next_cursor: next,
        note,
        ranked,
        absent,
      },
      text: [
        `${args.indicator} at ${args.period}, release ${release.revision}, ${args.order === 'asc' ? 'smallest' : 'largest'} first:`,
        ...ranked.map((v) => `${v.rank === null ? 'unranked' : `#${v.rank}`} ${valueLine(v)}`),
        ...citationLines(ranked),
        ...absent.map((a) => `absent: ${a.place_name ?? a.place} (${a.place}): ${a.null_reason}`),
        note,
      ]
        .filter(Boolean)
        .join('\n'),
    };
  },
});
