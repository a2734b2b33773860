// The store's topic rows: the scheme of sources/topics.json, and each published indicator's topics
// as its declaration lists them (src/sources/registry/indicator-schema.ts), for /api/v1/topics and
// the indicators' topic filter.
import type { Model } from '../../model/model.js';
import type { Row } from '../../store/tables.js';
import { LANGUAGES } from '../../lib/languages.js';

/** The scheme's id and title, as the store's meta keys (topic_scheme, topic_scheme_en ...). */
export function topicSchemeMeta(model: Pick<Model, 'topics'>): Record<string, string> {
  const { id, title } = model.topics.scheme;
  return {
    topic_scheme: id,
    ...Object.fromEntries(LANGUAGES.map((l) => [`topic_scheme_${l}`, title[l]])),
  };
}

export function topicRows(
  model: Pick<Model, 'indicators' | 'topics'>,
  metrics: readonly Row<'metrics'>[],
): { topics: Row<'topics'>[]; indicator_topics: Row<'indicator_topics'>[] } {
  const published = new Set(metrics.map((m) => m.id));
  return {
    topics: model.topics.topics.map((t) => ({
      id: t.id,
      kind: t.kind,
      notation: t.notation ?? null,
      name_en: t.name.en,
      name_ru: t.name.ru,
      name_kk: t.name.kk,
      source_url: t.source_url,
    })),
    // in primary-key order (topic, indicator): the table is clustered on it
    indicator_topics: model.indicators
      .filter((i) => published.has(i.id))
      .flatMap((i) => i.topics.map((topic) => ({ topic, indicator: i.id })))
      .sort((a, b) =>
        a.topic !== b.topic
          ? a.topic < b.topic
            ? -1
            : 1
          : a.indicator < b.indicator
            ? -1
            : a.indicator > b.indicator
              ? 1
              : 0,
      ),
  };
}
