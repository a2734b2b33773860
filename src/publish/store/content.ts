// The model as store rows: temporal points (official series, GRP cumulative, daily event counts,
// the labelled media sample), the layers, the topics, events, and the v1 resources (entities.ts, links.ts).
import type { Model } from '../../model/model.js';
import type { Row } from '../../store/tables.js';
import { verifiedEvents } from '../contracts/workbench.js';
import type { NameNote } from '../search-content.js';
import type { StoreContent } from './write.js';
import { seriesRows } from './series.js';
import { topicRows, topicSchemeMeta } from './topics.js';
import { storeEntities } from './entities.js';
import { storeLinks } from './links.js';
import { dailyCountPoints } from '../point-counts.js';

export function storeContent(model: Model): StoreContent & { name_notes: NameNote[] } {
  // a point's codes are its series' (series_dimensions), not a column of points
  const points: Row<'points'>[] = [
    ...model.points.map(({ dimensions: _codes, ...p }) => p),
    ...dailyCountPoints(model),
  ];
  const metricIds = new Set(points.map((p) => p.metric));
  const series = seriesRows(model, metricIds);

  return {
    meta: {
      as_of: model.asOf,
      built_at: model.builtAt,
      kind: 'release',
      ...topicSchemeMeta(model),
    },
    layers: model.layers,
    ...series,
    ...topicRows(model, series.metrics),
    // by (metric, place, period): the store writer takes each (metric, place) series as one run
    points: points.sort((a, b) =>
      a.metric !== b.metric
        ? a.metric < b.metric
          ? -1
          : 1
        : a.place !== b.place
          ? a.place < b.place
            ? -1
            : 1
          : a.period < b.period
            ? -1
            : a.period > b.period
              ? 1
              : 0,
    ),
    // the events route promises verified events (docs/interface.md §2.3): reviewed at their source, not in the future
    events: verifiedEvents(model).map((e) => ({
      id: e.id,
      date: e.date,
      kind: e.kind,
      place: e.place,
      title_en: e.title.en,
      title_ru: e.title.ru,
      title_kk: e.title.kk,
      source_url: e.source_url,
      review_status: e.review_status,
    })),
    ...storeEntities(model),
    ...storeLinks(model),
  };
}
