// The topic scheme of a store (the topics table, in the scheme's order, and its meta keys) and the
// topics of each indicator (indicator_topics), read once per release. A store before 5.1.0 has no
// topics: its scheme is empty.
import type { Database } from 'better-sqlite3';
import { LANGUAGES, type Names } from '../lib/languages.js';
import type { Row } from './tables.js';

export type TopicRow = Row<'topics'>;

export class TopicReader {
  /** The scheme's id and title; null in a store without topics. */
  readonly scheme: { id: string; title: Names } | null;
  /** The topics in the scheme's order. */
  readonly topics: readonly TopicRow[];
  readonly byId: ReadonlyMap<string, TopicRow>;
  private readonly ofIndicator = new Map<string, string[]>();
  private readonly ofTopic = new Map<string, string[]>();

  constructor(db: Database, meta: Readonly<Record<string, string>>) {
    const has = db
      .prepare(`SELECT count(*) FROM sqlite_master WHERE name = 'indicator_topics'`)
      .pluck()
      .get() as number;
    const id = meta['topic_scheme'];
    this.scheme =
      has && id
        ? {
            id,
            title: Object.fromEntries(
              LANGUAGES.map((l) => [l, meta[`topic_scheme_${l}`] ?? id]),
            ) as Names,
          }
        : null;
    this.topics = has
      ? (db.prepare('SELECT * FROM topics ORDER BY rowid').all() as TopicRow[])
      : [];
    this.byId = new Map(this.topics.map((t) => [t.id, t]));
    const pairs = has
      ? (db
          .prepare(
            // each indicator's topics in the scheme's order, each topic's indicators by id
            'SELECT it.topic, it.indicator FROM indicator_topics it JOIN topics t ON t.id = it.topic ORDER BY t.rowid, it.indicator',
          )
          .all() as Row<'indicator_topics'>[])
      : [];
    for (const { indicator, topic } of pairs) {
      push(this.ofIndicator, indicator, topic);
      push(this.ofTopic, topic, indicator);
    }
  }

  /** The ids of the topics an indicator is classified in, in the scheme's order. */
  of(indicator: string): readonly string[] {
    return this.ofIndicator.get(indicator) ?? [];
  }

  /** The ids of a topic's indicators, sorted. */
  indicatorsOf(topic: string): readonly string[] {
    return this.ofTopic.get(topic) ?? [];
  }
}

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
