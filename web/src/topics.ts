// The topics the indicator picker groups by, and an indicator's SDG number: the release's topic scheme
// (/api/v1/topics: the Bureau's domains, then the SDG goals), each topic named in the reader's language,
// in the scheme's order. An indicator the scheme does not classify (or a release without one) falls
// back to its time-slice layer.
import type { Metric, TopicEntry } from './api.js';
import { maybe, type Lang, type T } from './i18n.js';

export interface Topic {
  id: string;
  name: string; // in the reader's language
  rank?: number; // its place in the scheme: groups are listed in this order (unranked ones last)
}

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

// A series of the national SDG platform says which national indicator it is in its notes ("national
// indicator 16.10.1.1, read from …"), which the layers answer carries beside the fields its schema
// declares: the number a reader knows it by, finer than its goal. (Its id cannot say it: sdg_16_10_1_1
// may be 16.10.1 split by a code "1".)
const NATIONAL = /\bnational indicator (\d{1,2}(?:\.[0-9a-z]{1,3}){2,3})\b/;
const notesOf = (m: Metric) => {
  const notes = (m as { notes?: unknown }).notes;
  return typeof notes === 'string' ? notes : '';
};

/**
 * An indicator's SDG number: the platform's indicator number (16.1.1) where its notes give one under
 * the goal it is classified in, else the number of that goal; null outside the goals.
 */
export function sdgOf(topics: TopicEntry[]) {
  const of = byIndicator(topics);
  return (m: Metric): string | null => {
    const goal = of.get(m.id)?.find((x) => x.kind === 'sdg-goal')?.notation;
    if (!goal) return null;
    const own = NATIONAL.exec(notesOf(m))?.[1];
    return own?.startsWith(`${goal}.`) ? own : goal;
  };
}
