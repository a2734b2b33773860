// The topics of an indicator or a dataset, in the scheme's order (sources/topics.json): what the
// catalogues (the dataset catalog, DCAT's dcat:theme) say a dataset is about. A dataset's topics are
// those of the indicators declared in it; a dataset without indicators (boundaries, codes) has none.
import type { Model } from './model.js';

type TopicSource = Pick<Model, 'indicators' | 'topics'>;

function inSchemeOrder(model: Pick<Model, 'topics'>, ids: ReadonlySet<string>): string[] {
  return model.topics.topics.map((t) => t.id).filter((id) => ids.has(id));
}

/** The topics of the indicators of a dataset, each once, in the scheme's order. */
export function datasetTopics(model: TopicSource, dataset: string): string[] {
  return inSchemeOrder(
    model,
    new Set(model.indicators.filter((i) => i.dataset === dataset).flatMap((i) => i.topics)),
  );
}
