// workbench.json: the verified static slice of changes, events and key counters.
import type { Model } from '../../model/model.js';
import type { Artifact } from '../artifact.js';
import { header } from './header.js';
import { POINT_COUNTS_NOTE, pointCounts } from '../point-counts.js';

/** Verified events (docs/interface.md §2.3): hand-written events reviewed at their source, dated on or before the build day. */
export function verifiedEvents(model: Model) {
  const day = model.builtAt.slice(0, 10);
  return model.events.filter((e) => e.review_status === 'reviewed' && e.date <= day);
}

const eventRow = (e: Model['events'][number]) => ({
  id: e.id,
  date: e.date,
  kind: e.kind,
  place: e.place,
  title: e.title,
  source_url: e.source_url,
  review_status: e.review_status,
});

export function workbench(model: Model): Artifact[] {
  const verified = verifiedEvents(model);
  const counters = {
    regions: model.regions.length,
    districts: model.districts.length,
    institutions: model.institutions.length,
    indicators: model.indicators.length,
    ...pointCounts(model),
    events: verified.length,
    events_pending_review: model.events.length - verified.length,
    datasets: model.datasets.length,
  };
  return [
    {
      path: 'workbench.json',
      schema: 'workbench',
      json: {
        ...header(model, 'workbench'),
        counters,
        counters_note: POINT_COUNTS_NOTE,
        changes: verified.filter((e) => e.kind !== 'other').map(eventRow),
        events: verified.map(eventRow),
        note: 'Only events reviewed at their cited source and dated on or before the build are listed (the entity graph lists the unreviewed ones with their status). Public holidays are a calendar, not events: /data/public-holidays.json. Media items (demonstration sample) are never listed here.',
      },
    },
  ];
}
