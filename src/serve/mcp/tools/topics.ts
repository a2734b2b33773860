// list_topics: the topic scheme of the release (/api/v1/topics: the Bureau's statistical domains, then
// the seventeen SDG goals), each topic named in kk, ru and en with the indicators of /api/v1/indicators
// classified in it. A short list (one entry per topic), so it is answered whole, without paging: a model
// reads it to find what Dala measures on a subject, where the search tool finds an object by one of its
// names. The topics an indicator is in, and the topics a search's words name, come from here too.
import type { FromSchema } from 'json-schema-to-ts';
import type { FromResponse } from '../../interface/schemas.js';
import type { LoadedRelease } from '../../releases/release-types.js';
import { indicatorRows } from '../../v1/indicators.js';
import { topicId } from '../../v1/topics.js';
import { storeOf, type TopicRow } from '../../../store/reader.js';
import { LOCALE_ARG } from '../schemas.js';
import { tool } from '../tool.js';

const INPUT = {
  type: 'object',
  additionalProperties: false,
  properties: { locale: LOCALE_ARG },
} as const;

const NAMES = {
  type: 'object',
  additionalProperties: false,
  required: ['en', 'ru', 'kk'],
  properties: { en: { type: 'string' }, ru: { type: 'string' }, kk: { type: 'string' } },
} as const;

/** A topic as list_topics, describe_indicator and search name it. */
export const TOPIC_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'kind', 'notation', 'name', 'names'],
  properties: {
    id: { type: 'string', description: 'topic:<id>, as /api/v1/topics lists it.' },
    kind: {
      type: 'string',
      enum: ['domain', 'sdg-goal'],
      description:
        "A statistical domain of the Bureau, or an SDG goal of the Bureau's SDG platform.",
    },
    notation: {
      type: ['string', 'null'],
      description: 'An SDG goal\'s number ("3" for goal 3); null for a domain.',
    },
    name: { type: 'string', description: 'The topic name in the locale asked.' },
    names: NAMES,
  },
} as const;

const INDICATOR_REFS = {
  type: 'array',
  description: 'The indicators of the topic, by id: give them to the other tools.',
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['indicator', 'name'],
    properties: {
      indicator: { type: 'string', description: 'indicator:<id>' },
      name: { type: 'string', description: 'Its name in the locale asked.' },
    },
  },
} as const;

/** A topic with its indicators, as list_topics and search give it. */
export const TOPIC_WITH_INDICATORS = {
  ...TOPIC_SCHEMA,
  required: [...TOPIC_SCHEMA.required, 'indicators'],
  properties: { ...TOPIC_SCHEMA.properties, indicators: INDICATOR_REFS },
} as const;

const OUTPUT = {
  type: 'object',
  additionalProperties: false,
  required: ['revision', 'topics'],
  properties: {
    revision: { type: 'string', description: 'The sealed release listed.' },
    topics: {
      type: 'array',
      description: "Every topic of the release, in the scheme's order.",
      items: TOPIC_WITH_INDICATORS,
    },
  },
} as const;

type Locale = 'en' | 'ru' | 'kk';

function topicView(t: TopicRow, locale: Locale) {
  const names = { en: t.name_en, ru: t.name_ru, kk: t.name_kk };
  return {
    id: topicId(t.id),
    kind: t.kind as 'domain' | 'sdg-goal',
    notation: t.notation,
    name: names[locale],
    names,
  };
}

/** The topics an indicator is classified in, in the scheme's order. */
export function topicsOfIndicator(
  release: LoadedRelease,
  indicator: string,
  locale: Locale = 'en',
) {
  const { topics } = storeOf(release);
  return topics.of(indicator).map((id) => topicView(topics.byId.get(id)!, locale));
}

/** Topics with their indicators (named as describe_indicator names them: English where the locale's name is missing). */
export function topicsWithIndicators(
  release: LoadedRelease,
  rows: readonly TopicRow[],
  locale: Locale,
) {
  const indicators = new Map(indicatorRows(release).map((m) => [m.id, m]));
  const { topics } = storeOf(release);
  return rows.map((t) => ({
    ...topicView(t, locale),
    indicators: topics
      .indicatorsOf(t.id)
      .filter((id) => indicators.has(id))
      .map((id) => {
        const m = indicators.get(id)!;
        return {
          indicator: `indicator:${id}`,
          name: (locale === 'en' ? null : m[`name_${locale}`]) ?? m.name_en,
        };
      }),
  }));
}

const fold = (s: string) => s.normalize('NFKC').toLocaleLowerCase('ru').replace(/ё/g, 'е').trim();

/**
 * The topics a search's words name: a topic whose id, or name in any language, holds the words, or the
 * SDG goal a goal number names ("SDG 3", "ЦУР 3", "goal 3").
 */
export function topicsNamed(release: LoadedRelease, query: string): TopicRow[] {
  const q = fold(query);
  if (!q) return [];
  const goal = /^(?:sdg|цур|тдм|goal|цель|мақсат)?\s*-?\s*(\d{1,2})$/.exec(q)?.[1];
  return storeOf(release).topics.topics.filter((t) =>
    goal !== undefined
      ? t.notation === goal
      : [t.id, t.name_en, t.name_ru, t.name_kk].some((n) => fold(n).includes(q)),
  );
}

export const listTopicsTool = tool<FromSchema<typeof INPUT>, FromResponse<typeof OUTPUT>>({
  name: 'list_topics',
  title: 'Topics and their indicators',
  description:
    'Every topic Dala classifies its indicators in: the Bureau of National Statistics\' domains (population, labour market, prices, national accounts, living standards, health, education, environment, transport, money and rates ...) and the 17 SDG goals (with their number), named in English, Russian and Kazakh, each with the ids and names of its indicators. Call it to learn what can be asked on a subject ("what is there about the labour market?", "which indicators measure SDG 3?"), then describe_indicator and get_observations with the ids it gives.',
  input: INPUT,
  output: OUTPUT,
  async run(call, args) {
    const { release } = call;
    const locale = args.locale ?? 'en';
    const topics = topicsWithIndicators(release, storeOf(release).topics.topics, locale);
    return {
      structured: { revision: release.revision, topics },
      text: [
        `${topics.length} topic(s) in release ${release.revision}:`,
        ...topics.map(
          (t) =>
            `- ${t.name} (${t.id}${t.notation ? `, SDG ${t.notation}` : ''}): ${t.indicators.length ? t.indicators.map((i) => `${i.indicator} ${i.name}`).join('; ') : 'no indicator yet'}`,
        ),
      ].join('\n'),
    };
  },
});
