// The graph of the DCAT-AP catalogue (dcat-catalog.ts) as it is built: a node is added once by its
// IRI (the first wins: every use of an IRI makes the same node), and the graph is written in IRI
// order, so its bytes depend on the content only. The values its nodes take: IRIs, texts tagged
// with their language, typed literals, and controlled-vocabulary terms as skos:Concept.
import type { Texts } from './dataset-texts.js';
import { LICENCE_TYPE, LICENCE_TYPE_LABELS } from './vocabularies.js';

export type Node = Record<string, unknown> & { '@id': string };
export const ref = (iri: string) => ({ '@id': iri });
export const en = (text: string) => ({ '@value': text, '@language': 'en' });
/** A text in each language it has, kk, ru and en (rdf:langString values). */
export const langs = (texts: Texts) =>
  (['kk', 'ru', 'en'] as const)
    .filter((l) => texts[l])
    .map((l) => ({ '@value': texts[l]!, '@language': l }));
export const typed = (value: string, type: string) => ({ '@value': value, '@type': type });

export interface Graph {
  add(n: Node): void;
  /**
   * A controlled-vocabulary term used as a value (dct:type, availability): a skos:Concept with its
   * label (DCAT-AP 3.0.0 range.ttl and the Concept shape of shapes.ttl), so a harvester need not
   * dereference the vocabulary to show it.
   */
  concept(iri: string, label: string): { '@id': string };
  licenceType(type: 'Attribution' | 'PublicDomain' | 'UnknownIPR'): { '@id': string };
  /** Every node, in IRI order. */
  sorted(): Node[];
}

export function graph(): Graph {
  const nodes = new Map<string, Node>();
  const add = (n: Node) => {
    if (!nodes.has(n['@id'])) nodes.set(n['@id'], n);
  };
  const concept = (iri: string, label: string) => {
    add({ '@id': iri, '@type': 'skos:Concept', 'skos:prefLabel': en(label) });
    return ref(iri);
  };
  return {
    add,
    concept,
    licenceType: (type) => concept(`${LICENCE_TYPE}${type}`, LICENCE_TYPE_LABELS[type]),
    sorted: () =>
      [...nodes.values()].sort((a, b) => (a['@id'] < b['@id'] ? -1 : a['@id'] > b['@id'] ? 1 : 0)),
  };
}
