// list_topics: the topics the release's indicators are grouped in (its layers, as
// /api/timemachine/layers lists them: demography, labour market, economy, prices ...), each named in
// kk, ru and en with the indicators of /api/v1/indicators it holds (by their layer). A short list (one entry per layer, each indicator named
// once), so it is answered whole, without paging: a model reads it to find what Dala measures on a
// subject, where the search tool finds an object by one of its names.
import type { FromSchema } from 'json-schema-to-ts';
import type { FromResponse } from '../../interface/schemas.js';
import type { LoadedRelease } from '../../releases/release-types.js';
import { indicatorRows } from '../../v1/indicators.js';
import { storeOf, type LayerRow } from '../../../store/reader.js';
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

/** A topic as list_topics and describe_indicator name it. */
export const TOPIC_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'names'],
  properties: {
    id: { type: 'string', description: 'The topic id (a layer of /api/timemachine/layers).' },
    name: { type: 'string', description: 'The topic name in the locale asked.' },
    names: NAMES,
  },
} as const;

const OUTPUT = {
  type: 'object',
  additionalProperties: false,
  required: ['revision', 'topics'],
  properties: {
    revision: { type: 'string', description: 'The sealed release listed.' },
    topics: {
      type: 'array',
      description: 'Every topic of the release, by id.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: [...TOPIC_SCHEMA.required, 'description', 'indicators'],
        properties: {
          ...TOPIC_SCHEMA.properties,
          description: { type: 'string', description: 'What the topic holds, and from whom.' },
          indicators: {
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
          },
        },
      },
    },
  },
} as const;

type Locale = 'en' | 'ru' | 'kk';
/** A layer as a topic: its id and its names, in the locale asked and in all three. */
function topicOf(layer: LayerRow, locale: Locale) {
  const names = { en: layer.title_en, ru: layer.title_ru, kk: layer.title_kk };
  return { id: layer.id, name: names[locale], names };
}

/** The topic an indicator's layer is, or null where the release lists no such layer. */
export function topicOfLayer(release: LoadedRelease, layer: unknown, locale: Locale = 'en') {
  const found = storeOf(release).layers.find((l) => l.id === layer);
  return found ? topicOf(found, locale) : null;
}

export const listTopicsTool = tool<FromSchema<typeof INPUT>, FromResponse<typeof OUTPUT>>({
  name: 'list_topics',
  title: 'Topics and their indicators',
  description:
    'Every topic Dala publishes (demography, labour market, economy, money and rates, prices, health, environment, household income ...), named in English, Russian and Kazakh, each with the ids and names of its indicators. Call it to learn what can be asked on a subject ("what is there about the labour market?"), then describe_indicator and get_observations with the ids it gives.',
  input: INPUT,
  output: OUTPUT,
  async run(call, args) {
    const { release } = call;
    const locale = args.locale ?? 'en';
    const indicators = indicatorRows(release);
    const topics = storeOf(release).layers.map((layer) => ({
      ...topicOf(layer, locale),
      description: layer.description,
      indicators: indicators
        .filter((m) => m.layer === layer.id)
        .map((m) => ({
          indicator: `indicator:${m.id}`,
          // named as describe_indicator names it: English where the locale's name is missing
          name: (locale === 'en' ? null : m[`name_${locale}`]) ?? m.name_en,
        })),
    }));
    return {
      structured: { revision: release.revision, topics },
      text: [
        `${topics.length} topic(s) in release ${release.revision}:`,
        ...topics.map(
          (t) =>
            `- ${t.name} (${t.id}): ${t.indicators.map((i) => `${i.indicator} ${i.name}`).join('; ')}`,
        ),
      ].join('\n'),
    };
  },
});
