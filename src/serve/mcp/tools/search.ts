// The search tool: v1 search (src/serve/v1/search.ts, the one engine) over every named object of the
// release, in kk, ru or en, tolerant of typos and transliteration, a page at a time.
import { openPageOf, nextCursor } from '../../v1/paging.js';
import { hitView, noMatchNote, searchHits, SEARCH_QUERY } from '../../v1/search.js';
import { hitSchema } from '../../v1/response-schemas.js';
import { LOCALE_ARG, PAGE_ARGS, PAGE_MEMBERS, PAGE_REQUIRED, selfContained } from '../schemas.js';
import { tool } from '../tool.js';
import { TOPIC_WITH_INDICATORS, topicsNamed, topicsWithIndicators } from './topics.js';
import type { FromSchema } from 'json-schema-to-ts';
import type { FromResponse } from '../../interface/schemas.js';

const INPUT = {
  type: 'object',
  additionalProperties: false,
  required: ['query'],
  properties: {
    query: {
      ...SEARCH_QUERY.properties.q,
      description: 'Words to find, in any of kk, ru or en (e.g. "Karaganda", "безработица").',
    },
    type: {
      ...SEARCH_QUERY.properties.type,
      description:
        'Only objects of this type (indicator to find what is measured, place or district for where).',
    },
    locale: LOCALE_ARG,
    ...PAGE_ARGS,
  },
} as const;

const OUTPUT = {
  type: 'object',
  additionalProperties: false,
  required: [...PAGE_REQUIRED, 'hits', 'topics'],
  properties: {
    ...PAGE_MEMBERS,
    topics: {
      type: 'array',
      description:
        'The topics the words name (a domain such as "health" or "здравоохранение", or an SDG goal such as "SDG 3"), each with its indicators; beside the hits, not counted in total.',
      items: TOPIC_WITH_INDICATORS,
    },
    hits: {
      type: 'array',
      description: 'Best first: exact, then prefix, then fuzzy matches.',
      items: hitSchema,
    },
  },
} as const;

export const searchTool = tool<FromSchema<typeof INPUT>, FromResponse<typeof OUTPUT>>({
  name: 'search',
  title: 'Search places, indicators, topics, datasets and more',
  description:
    'Find the ids of what a question is about: regions, cities and districts of Kazakhstan, statistical indicators (population, GRP, unemployment, life expectancy ...), topics (health, prices, SDG 3 ...) with their indicators, datasets, sources, institutions and events. Matches any name in Kazakh, Russian or English, former names and abbreviations, transliterations (Karagandy, Қарағанды, Караганда) and typos. Give the ids it returns to the other tools; to learn which indicators there are on a subject, call list_topics. An empty result does not prove that something does not exist.',
  input: INPUT,
  output: selfContained(OUTPUT),
  async run(call, args) {
    const page = await openPageOf('mcp:search', () => call.release, call.releases, args);
    const hits = searchHits(page.release, args.query, { locale: args.locale, type: args.type });
    const shown = hits
      .slice(page.offset, page.offset + page.limit)
      .map((h) => hitView('/api/v1', h, args.locale));
    const topics = topicsWithIndicators(
      page.release,
      topicsNamed(page.release, args.query),
      args.locale ?? 'en',
    );
    const note = hits.length === 0 && !topics.length ? noMatchNote(page.release, args.query) : null;
    return {
      structured: {
        revision: page.release.revision,
        total: hits.length,
        next_cursor: nextCursor(page, hits.length),
        note,
        hits: shown,
        topics,
      },
      text:
        note ??
        [
          `${hits.length} match(es) in release ${page.release.revision}${hits.length > shown.length ? `, ${shown.length} shown` : ''}:`,
          ...shown.map((h) => `- ${h.id} (${h.type}): ${h.label} [${h.match.type} match]`),
          ...topics.map(
            (t) =>
              `- topic ${t.id}: ${t.name}, ${t.indicators.length} indicator(s): ${t.indicators.map((i) => i.indicator).join(', ')}`,
          ),
        ].join('\n'),
    };
  },
});
