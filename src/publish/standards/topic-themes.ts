// Dala's topic scheme (sources/topics.json) as SKOS for the DCAT-AP catalogue: a skos:ConceptScheme,
// each topic a skos:Concept with its skos:prefLabel in kk, ru and en, skos:inScheme and
// skos:topConceptOf the scheme (a flat scheme), and an SDG goal's number as skos:notation. A dataset's
// dcat:theme names the topics of its indicators beside the EU data themes, and the catalogue names
// both schemes in dcat:themeTaxonomy (DCAT-AP 3.0.0 §Catalogue, §Dataset). The IRIs are the v1
// resources of the scheme and of each topic, so each resolves on the serving host (docs/interface.md §4.4).
import type { Model } from '../../model/model.js';
import { datasetTopics } from '../../model/topics.js';
import { LANGUAGES, type Names } from '../../lib/languages.js';

type Node = Record<string, unknown> & { '@id': string };

export const topicSchemeIri = (base: string) => `${base}/api/v1/topics`;
const topicIri = (base: string, id: string) => `${base}/api/v1/topics/topic:${id}`;
const labels = (names: Names) => LANGUAGES.map((l) => ({ '@value': names[l], '@language': l }));

/** The scheme and its concepts, as nodes of the catalogue's graph. */
export function topicSchemeNodes(model: Pick<Model, 'topics'>, base: string): Node[] {
  const scheme = topicSchemeIri(base);
  const { topics } = model.topics;
  return [
    {
      '@id': scheme,
      '@type': 'skos:ConceptScheme',
      'dct:title': labels(model.topics.scheme.title),
      'skos:hasTopConcept': topics.map((t) => ({ '@id': topicIri(base, t.id) })),
    },
    ...topics.map((t) => ({
      '@id': topicIri(base, t.id),
      '@type': 'skos:Concept',
      'skos:prefLabel': labels(t.name),
      'skos:inScheme': { '@id': scheme },
      'skos:topConceptOf': { '@id': scheme },
      ...(t.notation ? { 'skos:notation': t.notation } : {}),
    })),
  ];
}

/** A dataset's dcat:theme values from Dala's scheme: the topics of its indicators. */
export function topicThemes(
  model: Pick<Model, 'indicators' | 'topics'>,
  base: string,
  dataset: string,
) {
  return datasetTopics(model, dataset).map((id) => ({ '@id': topicIri(base, id) }));
}
