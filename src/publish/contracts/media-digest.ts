// media-weekly-digest.json: counts of the media sample (a demonstration sample, labelled so).
import type { Model } from '../../model/model.js';
import type { Artifact } from '../artifact.js';
import { header, sourceRef } from './header.js';
import { isoWeek } from '../../lib/dates.js';

export function mediaWeeklyDigest(model: Model): Artifact[] {
  const pubs = model.media.publications;
  const count = (key: (p: (typeof pubs)[number]) => string | null) => {
    const m = new Map<string, number>();
    for (const p of pubs) {
      const k = key(p) ?? 'unknown';
      m.set(k, (m.get(k) ?? 0) + 1);
    }
    return [...m.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([key, n]) => ({ key, count: n }));
  };
  const week = (date: string) => isoWeek(date);
  return [
    {
      path: 'media-weekly-digest.json',
      schema: 'media-weekly-digest',
      json: {
        ...header(model, 'media-weekly-digest'),
        quality_status: 'demonstration',
        provenance: { ...model.media.provenance, source: sourceRef(model, 'dala-media-sample') },
        warning:
          'DEMONSTRATION SAMPLE: synthetic items, not real publications. Do not cite or compare with real series.',
        total: pubs.length,
        weeks: count((p) => week(p.date)),
        per_day: count((p) => p.date),
        per_source: count((p) => p.source),
        per_topic: count((p) => p.topic),
        per_region: count((p) => p.region_iso),
      },
    },
  ];
}
