// The DCAT-AP 3.0 catalogue of the release (data/dcat-catalog.jsonld, and the same graph as
// data/dcat-catalog.ttl): every dataset of the dataset catalog with its distributions (JSON or
// GeoJSON, CSV, JSON-stat, the PDFs made from it, the SDMX endpoint), the v1 API and the SDMX API
// as dcat:DataService. Every node has an IRI (no blank nodes), so the bytes depend on the content only
// (the graph: dcat-graph.ts; a dataset's distributions and terms: dcat-distributions.ts).
// It names no release revision: it is hashed into the revision (docs/architecture.md "Release layout").
import { sha256Hex } from '../../lib/hash.js';
import type { DatasetDef, Model } from '../../model/model.js';
import type { Artifact } from '../artifact.js';
import { sourceOf } from '../contracts/header.js';
import { temporalOf } from './dataset-content.js';
import { DATA_THEME, DATA_THEME_LABELS, datasetTexts } from './dataset-texts.js';
import { datasetIri, distributionsOf, termsOf, type Endpoints } from './dcat-distributions.js';
import { en, graph, langs, ref, typed, type Node } from './dcat-graph.js';
import { topicSchemeIri, topicSchemeNodes, topicThemes } from './topic-themes.js';
import { DCAT_CONTEXT, KAZAKHSTAN, frequencyOf, statedLicence } from './vocabularies.js';

/**
 * base: the public URL, or '' when the release has none: then every IRI of Dala's own is a
 * root-relative path, resolved against the URL the catalogue was fetched from (turtle.ts).
 */
export function dcatCatalog(model: Model, artifacts: Artifact[], base: string): object {
  const byPath = new Map(artifacts.map((a) => [a.path, a]));
  const published = { model, artifacts, byPath };
  const catalogIri = `${base}/api/v1/catalog`;
  const operator = `${catalogIri}#operator`;
  const contact = `${catalogIri}#contact`;
  const v1 = `${base}/api/v1/`;
  const sdmx = `${base}/sdmx/2.1/`;
  // The operator publishes Dala's own tables, so a source published by Dala is the operator itself.
  const agentIri = (name: string) =>
    name === 'Dala' ? operator : `${catalogIri}#agent-${sha256Hex(name).slice(0, 12)}`;
  const at: Endpoints = { base, v1, sdmx };
  const g = graph();
  const { add } = g;
  const catalogLicence = statedLicence(sourceOf(model, 'dala-tables'))!.iri;
  add({
    '@id': catalogLicence,
    '@type': 'dct:LicenseDocument',
    'dct:type': g.licenceType('Attribution'),
  });
  const statistical = model.datasets.filter((d) => d.path.startsWith('datasets/'));
  const textsOf = new Map(
    model.datasets.map((d) => [
      d.id,
      datasetTexts(
        model,
        d,
        temporalOf(model, d),
        model.points.some((p) => d.source_ids.includes(p.source_id) && p.place !== 'KZ'),
      ),
    ]),
  );
  const themesOf = new Map([...textsOf].map(([id, t]) => [id, t.themes]));
  add({
    '@id': operator,
    '@type': 'foaf:Agent',
    'foaf:name': 'Dala',
    'foaf:homepage': ref(`${base}/`),
  });
  add({ '@id': `${base}/`, '@type': 'foaf:Document' });
  add({
    '@id': contact,
    '@type': ['vcard:Kind', 'vcard:Organization'],
    'vcard:fn': 'Dala',
    'vcard:hasURL': ref(`${base}/`),
  });
  add({ '@id': KAZAKHSTAN, '@type': 'dct:Location', 'skos:prefLabel': en('Kazakhstan') });
  const themeScheme = DATA_THEME.replace(/\/$/, '');
  add({ '@id': themeScheme, '@type': 'skos:ConceptScheme', 'dct:title': en('Data theme') });
  const theme = (code: string) => {
    const iri = `${DATA_THEME}${code}`;
    add({
      '@id': iri,
      '@type': 'skos:Concept',
      'skos:prefLabel': en(DATA_THEME_LABELS[code]!),
      'skos:inScheme': ref(themeScheme),
    });
    return ref(iri);
  };
  for (const n of topicSchemeNodes(model, base)) add(n);
  for (const l of ['KAZ', 'RUS', 'ENG'])
    add({
      '@id': `http://publications.europa.eu/resource/authority/language/${l}`,
      '@type': 'dct:LinguisticSystem',
    });
  for (const r of model.regions) {
    add({
      '@id': `${base}/api/v1/places/place:${r.iso}`,
      '@type': 'dct:Location',
      'skos:prefLabel': en(r.name.en),
      'skos:notation': r.iso,
    });
  }
  const service = (
    iri: string,
    title: string,
    description: string,
    served: DatasetDef[],
    endpointDescription: string,
    standard: { iri: string; title: string },
  ): Node => {
    add({ '@id': standard.iri, '@type': 'dct:Standard', 'dct:title': en(standard.title) });
    return {
      '@id': iri,
      '@type': 'dcat:DataService',
      'dct:title': en(title),
      'dct:description': en(description),
      'dcat:endpointURL': ref(iri),
      'dcat:endpointDescription': ref(endpointDescription),
      'dct:publisher': ref(operator),
      'dcat:contactPoint': ref(contact),
      'dcat:servesDataset': served.map((d) => ref(datasetIri(base, d))),
      'dcat:theme': [...new Set(served.flatMap((d) => themesOf.get(d.id) ?? []))].map(theme),
      'dcat:keyword': ['Kazakhstan', 'open data', 'official statistics'].map(en),
      'dct:conformsTo': ref(standard.iri),
    };
  };
  add(
    service(
      v1,
      'Dala API v1',
      'JSON and CSV over HTTP: places, indicators, observations, datasets, sources, search and reconciliation.',
      model.datasets,
      `${base}/api/v1/openapi.json`,
      { iri: 'https://spec.openapis.org/oas/v3.1.0', title: 'OpenAPI Specification 3.1.0' },
    ),
  );
  add(
    service(
      sdmx,
      'Dala SDMX 2.1 REST API',
      'The statistical datasets as SDMX 2.1 dataflows, data structures, codelists and data (SDMX-ML and SDMX-CSV).',
      statistical,
      `${base}/openapi.json`,
      {
        iri: 'https://github.com/sdmx-twg/sdmx-rest/tree/v1.5.0',
        title: 'SDMX RESTful web services 1.5.0',
      },
    ),
  );

  for (const d of model.datasets) {
    const sources = d.source_ids.map((s) => sourceOf(model, s));
    const terms = termsOf(g, base, d, sources);
    const distributions = distributionsOf(g, at, published, d, terms);
    const subAnnual = model.points.some(
      (p) => d.source_ids.includes(p.source_id) && !/^\d{4}$/.test(p.period),
    );
    const frequency = frequencyOf(d, d.path.startsWith('datasets/') && subAnnual);
    const creators = [...new Set(sources.map((s) => s.publisher))];
    for (const name of creators.filter((c) => agentIri(c) !== operator))
      add({
        '@id': agentIri(name),
        '@type': 'foaf:Agent',
        'foaf:name': name,
        // ADMS publisher type, stated only for the state bodies whose kind the name says
        ...(/Bureau of National Statistics|National Bank|Ministry|Agency/.test(name)
          ? {
              'dct:type': g.concept(
                'http://purl.org/adms/publishertype/NationalAuthority',
                'National authority',
              ),
            }
          : {}),
      });
    const span = temporalOf(model, d);
    const texts = textsOf.get(d.id)!;
    const node: Node = {
      '@id': datasetIri(base, d),
      '@type': ['dcat:Dataset', 'foaf:Document'],
      'dct:identifier': `dataset:${d.id}`,
      'dct:title': langs(texts.title),
      'dct:description': langs(texts.description),
      'dcat:keyword': texts.keywords.map((k) => ({ '@value': k.value, '@language': k.lang })),
      'dcat:theme': [...texts.themes.map(theme), ...topicThemes(model, base, d.id)],
      // the landing page is the dataset's own URL: HTML for a browser (src/serve/v1/dataset-page.ts)
      'dcat:landingPage': ref(datasetIri(base, d)),
      'dct:license': ref(terms.licence),
      // the release is the dataset's publication: issued and modified when it was built
      'dct:issued': typed(model.builtAt, 'xsd:dateTime'),
      'dct:modified': typed(model.builtAt, 'xsd:dateTime'),
      'dct:publisher': ref(operator),
      'dct:creator': creators.map((c) => ref(agentIri(c))),
      'dcat:contactPoint': ref(contact),
      'dct:accrualPeriodicity': ref(frequency),
      'dct:spatial': [
        ref(KAZAKHSTAN),
        ...(d.quality_status === 'official' ||
        d.quality_status === 'derived' ||
        d.id === 'regional-boundaries'
          ? model.regions.map((r) => ref(`${base}/api/v1/places/place:${r.iso}`))
          : []),
      ],
      'dcat:distribution': distributions.map((x) => ref(x['@id'])),
    };
    add({ '@id': frequency, '@type': 'dct:Frequency' });
    if (span) {
      const iri = `${datasetIri(base, d)}#temporal`;
      add({
        '@id': iri,
        '@type': 'dct:PeriodOfTime',
        'dcat:startDate': typed(span.start, 'xsd:date'),
        'dcat:endDate': typed(span.end, 'xsd:date'),
      });
      node['dct:temporal'] = ref(iri);
    }
    add(node);
  }
  add({
    '@id': catalogIri,
    '@type': 'dcat:Catalog',
    'dct:title': langs({
      en: 'Dala: open data of Kazakhstan',
      ru: 'Dala: открытые данные Казахстана',
      kk: 'Dala: Қазақстанның ашық деректері',
    }),
    'dct:description': langs({
      en: 'Official statistics of the Bureau of National Statistics by region and of the National Bank of Kazakhstan (national rates), administrative boundaries and reference tables of Kazakhstan, published as sealed, reproducible releases.',
      ru: 'Официальная статистика Бюро национальной статистики по регионам и Национального банка Казахстана (общенациональные ставки), административные границы и справочные таблицы Казахстана, опубликованные как запечатанные воспроизводимые выпуски.',
      kk: 'Ұлттық статистика бюросының өңірлер бойынша және Қазақстан Ұлттық Банкінің (жалпыұлттық мөлшерлемелер) ресми статистикасы, Қазақстанның әкімшілік шекаралары мен анықтамалық кестелері, мөрленген қайталанатын шығарылымдар ретінде жарияланған.',
    }),
    'dcat:themeTaxonomy': [ref(DATA_THEME.replace(/\/$/, '')), ref(topicSchemeIri(base))],
    'dct:language': ['KAZ', 'RUS', 'ENG'].map((l) =>
      ref(`http://publications.europa.eu/resource/authority/language/${l}`),
    ),
    'dct:issued': typed(model.builtAt, 'xsd:dateTime'),
    'dct:modified': typed(model.builtAt, 'xsd:dateTime'),
    // the catalogue's records are Dala's own writing, under the licence of Dala's own tables
    'dct:license': ref(catalogLicence),
    'dct:publisher': ref(operator),
    'foaf:homepage': ref(`${base}/`),
    'dct:spatial': ref(KAZAKHSTAN),
    'dcat:dataset': model.datasets.map((d) => ref(datasetIri(base, d))),
    'dcat:service': [ref(v1), ref(sdmx)],
  });
  return { '@context': DCAT_CONTEXT, '@graph': g.sorted() };
}
