// describe_indicator: /api/v1/indicators/{id} (src/serve/v1/indicators.ts, the same view) with what
// a model needs beside it to ask for values and cite them: the primary source's name and address,
// the datasets holding the indicator and the permalink its values are cited by.
import type { FromSchema } from 'json-schema-to-ts';
import type { FromResponse } from '../../interface/schemas.js';
import { deprecationNote } from '../../dimensions/filters.js';
import { findIndicator, indicatorSchema, indicatorView } from '../../v1/indicators.js';
import { LOCALE_ARG, selfContained } from '../schemas.js';
import { tool } from '../tool.js';
import { Labels, permalinkOf } from '../values.js';
import { TOPIC_SCHEMA, topicsOfIndicator } from './topics.js';

const INPUT = {
  type: 'object',
  additionalProperties: false,
  required: ['indicator'],
  properties: {
    indicator: {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      description:
        'The indicator id, as search gives it (indicator:population) or bare (population).',
    },
    locale: LOCALE_ARG,
  },
} as const;

const OUTPUT = {
  type: 'object',
  additionalProperties: false,
  required: [
    'revision',
    'indicator',
    'name',
    'topics',
    'source_name',
    'source_url',
    'permalink',
    'note',
  ],
  properties: {
    revision: { type: 'string', description: 'The sealed release described.' },
    indicator: indicatorSchema,
    name: { type: 'string', description: 'The indicator name in the locale asked.' },
    topics: {
      type: 'array',
      items: TOPIC_SCHEMA,
      description:
        "The topics the indicator is classified in, in the scheme's order (list_topics lists every topic).",
    },
    source_name: { type: ['string', 'null'], description: 'The primary source.' },
    source_url: { type: ['string', 'null'], description: "The primary source's page." },
    permalink: {
      type: 'string',
      description: "The sealed file of this release holding the indicator's values (cite it).",
    },
    note: {
      type: ['string', 'null'],
      description: 'Set when the id asked is a former (deprecated) id: what to ask instead.',
    },
  },
} as const;

export const describeIndicatorTool = tool<FromSchema<typeof INPUT>, FromResponse<typeof OUTPUT>>({
  name: 'describe_indicator',
  title: 'Describe an indicator',
  description:
    'What an indicator measures and how to ask for it: its definition and notes, unit, frequency (annual, quarterly, monthly, daily ...), how values combine (aggregation), its breakdowns (dimensions sex, area, age and the codes that have values), the periods and number of places it covers, its primary source and the permalink to cite. Call it before asking for values of an indicator you have not used yet.',
  input: INPUT,
  output: selfContained(OUTPUT),
  async run(call, args) {
    const { release } = call;
    const { row, ref } = findIndicator(release, args.indicator);
    const view = indicatorView(release, row, '/api/v1');
    const labels = new Labels(release, args.locale);
    const source = labels.source(view.source as string);
    const name = view.names[args.locale ?? 'en'] ?? view.names.en;
    const permalink = permalinkOf(release, row.id);
    const topics = topicsOfIndicator(release, row.id, args.locale);
    const note = (ref && deprecationNote([ref])) ?? null;
    const dims = view.dimensions
      .map((d) => `${d.id} (${d.codes.map((c) => c.code).join(', ')})`)
      .join('; ');
    return {
      structured: {
        revision: release.revision,
        indicator: view,
        name,
        topics,
        source_name: source.name,
        source_url: source.url,
        permalink,
        note,
      },
      text: [
        `${view.id}: ${name}${topics.length ? ` (topics: ${topics.map((t) => `${t.name}, ${t.id}`).join('; ')})` : ''}`,
        `unit ${view.unit}; ${view.frequency}; aggregation ${view.aggregation}; covers ${view.period ?? 'no period'} over ${(view.geography as { places: number }).places} place(s)`,
        dims ? `breakdowns: ${dims} (_T = total)` : 'no breakdowns',
        view.notes ? `notes: ${view.notes}` : null,
        `source: ${source.name ?? view.source}${source.url ? ` (${source.url})` : ''}`,
        `cite: ${permalink} (release ${release.revision})`,
        note,
      ]
        .filter(Boolean)
        .join('\n'),
    };
  },
});
