// The topics the indicator picker groups by, and an indicator's SDG number: the release's topic scheme
// (/api/v1/topics: the Bureau's domains, then the SDG goals), each topic named in the reader's language,
// in the scheme's order. An indicator the scheme does not classify (or a release without one) falls
// back to its time-slice layer.
import type { Metric, TopicEntry } from './api';
import { maybe, type Lang, type T } from './i18n';
import type { Topic } from './picker';

const bare = (id: string) => id.slice(id.indexOf(':') + 1);

/** The topics of each indicator of the scheme, by indicator id. */
function byIndicator(topics: TopicEntry[]): Map<string, TopicEntry[]> {
  const of = new Map<string, TopicEntry[]>();
  for (const topic of topics)
    for (const i of topic.indicators) of.set(bare(i), [...(of.get(bare(i)) ?? []), topic]);
  return of;
}

export function topicsOf(t: T, lang: Lang, topics: TopicEntry[]) {
  const of = byIndicator(topics);
  return (m: Metric): Topic[] => {
    const own = of.get(m.id);
    if (!own?.length) return [{ id: m.layer, name: maybe(t, `topic_${m.layer}`, m.layer) }];
    return own.map((x) => ({
      id: bare(x.id),
      name: x.names[lang] ?? x.names.en,
      rank: topics.indexOf(x),
    }));
  };
}

/** The number of the SDG goal an indicator is classified in, or null. */
export function sdgOf(topics: TopicEntry[]) {
  const of = byIndicator(topics);
  return (m: Metric): string | null =>
    of.get(m.id)?.find((x) => x.kind === 'sdg-goal')?.notation ?? null;
}
