// The DCAT-AP 3.0 catalogue of the release (data/dcat-catalog.jsonld, and the same graph as
// data/dcat-catalog.ttl): every dataset of the dataset catalog with its distributions (JSON or
// GeoJSON, CSV, the PDFs made from it, the SDMX endpoint), the v1 API and the SDMX API as
// dcat:DataService. Every node has an IRI (no blank nodes), so the bytes depend on the content only.
// It names no release revision: it is hashed into the revision (docs/architecture.md "Release layout").
import { sha256Hex } from '../../lib/hash.js';
import type { DatasetDef, Model, SourceDef } from '../../model/model.js';
import { artifactBytes, type Artifact } from '../artifact.js';
import { sourceOf } from '../contracts/header.js';
import {
  FILE_TYPE,
  FORMATS,
  IANA_MEDIA_TYPE,
  KAZAKHSTAN,
  formatOfPath,
  frequencyOf,
  licenceStatement,
  statedLicence,
  type FormatKey,
} from './vocabularies.js';

export const DCAT_CONTEXT = {
  dcat: 'http://www.w3.org/ns/dcat#',
  dct: 'http://purl.org/dc/terms/',
  foaf: 'http://xmlns.com/foaf/0.1/',
  vcard: 'http://www.w3.org/2006/vcard/ns#',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
  rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
  skos: 'http://www.w3.org/2004/02/skos/core#',
  spdx: 'http://spdx.org/rdf/terms#',
} as const;

type Node = Record<string, unknown> & { '@id': string };
const ref = (iri: string) => ({ '@id': iri });
const en = (text: string) => ({ '@value': text, '@language': 'en' });
const typed = (value: string, type: string) => ({ '@value': value, '@type': type });

/** The PDFs made from a dataset: indicator passports of its sources' indicators, briefs and cards of the overviews. */
function pdfsOf(model: Model, d: DatasetDef, artifacts: Artifact[]): Artifact[] {
  const pdfs = artifacts.filter((a) => a.path.endsWith('.pdf'));
  if (d.id === 'official-regional-indicators')
    return pdfs.filter((a) => a.path.startsWith('region-briefs/'));
  if (d.id === 'public-observations') return pdfs.filter((a) => a.path.startsWith('media-kit/'));
  if (!d.path.startsWith('datasets/')) return [];
  const indicators = new Set(
    model.indicators.filter((i) => d.source_ids.includes(i.source_id)).map((i) => i.id),
  );
  return pdfs.filter(
    (a) =>
      a.path.startsWith('indicator-passports/') &&
      indicators.has(a.path.slice('indicator-passports/'.length, -'.pdf'.length)),
  );
}

/** The span of what a dataset holds, from its content: points of its sources, the calendar, the events. */
function temporalOf(model: Model, d: DatasetDef): { start: string; end: string } | null {
  const dates: [string, string][] =
    d.id === 'public-holidays'
      ? model.holidays.map((h) => [h.date, h.date])
      : d.id === 'events'
        ? model.events.map((e) => [e.date, e.date])
        : model.points
            .filter((p) => d.source_ids.includes(p.source_id))
            .map((p) => [p.period_start, p.period_end]);
  if (!dates.length) return null;
  return {
    start: dates.reduce((m, [s]) => (s < m ? s : m), dates[0]![0]),
    end: dates.reduce((m, [, e]) => (e > m ? e : m), dates[0]![1]),
  };
}

export function dcatCatalog(model: Model, artifacts: Artifact[], base: string): object {
  const byPath = new Map(artifacts.map((a) => [a.path, a]));
  const catalogIri = `${base}/api/v1/catalog`;
  const operator = `${catalogIri}#operator`;
  const contact = `${catalogIri}#contact`;
  const v1 = `${base}/api/v1/`;
  const sdmx = `${base}/sdmx/2.1/`;
  // The operator publishes Dala's own tables, so a source published by Dala is the operator itself.
  const agentIri = (name: string) =>
    name === 'Dala' ? operator : `${catalogIri}#agent-${sha256Hex(name).slice(0, 12)}`;
  const nodes = new Map<string, Node>();
  const add = (n: Node) => {
    if (!nodes.has(n['@id'])) nodes.set(n['@id'], n);
  };
  const statistical = model.datasets.filter((d) => d.path.startsWith('datasets/'));

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
  ): Node => ({
    '@id': iri,
    '@type': 'dcat:DataService',
    'dct:title': en(title),
    'dct:description': en(description),
    'dcat:endpointURL': ref(iri),
    'dcat:endpointDescription': ref(endpointDescription),
    'dct:publisher': ref(operator),
    'dcat:contactPoint': ref(contact),
    'dcat:servesDataset': served.map((d) => ref(datasetIri(base, d))),
  });
  add(
    service(
      v1,
      'Dala API v1',
      'JSON and CSV over HTTP: places, indicators, observations, datasets, sources, search and reconciliation.',
      model.datasets,
      `${base}/api/v1/openapi.json`,
    ),
  );
  add(
    service(
      sdmx,
      'Dala SDMX 2.1 REST API',
      'The statistical datasets as SDMX 2.1 dataflows, data structures, codelists and data (SDMX-ML and SDMX-CSV).',
      statistical,
      `${base}/openapi.json`,
    ),
  );

  const rightsFor = (d: DatasetDef, sources: SourceDef[]) => {
    const iri = `${datasetIri(base, d)}#rights`;
    add({
      '@id': iri,
      '@type': 'dct:RightsStatement',
      'rdfs:label': en(`${licenceStatement(sources)}. ${d.publication_limits}`),
    });
    return iri;
  };
  const distribution = (
    d: DatasetDef,
    format: FormatKey,
    fields: { iri: string; title: string; access: string; download?: Artifact },
    licence: string | null,
    rights: string,
  ): Node => {
    const f = FORMATS[format];
    add({ '@id': `${FILE_TYPE}${f.fileType}`, '@type': 'dct:MediaTypeOrExtent' });
    add({ '@id': `${IANA_MEDIA_TYPE}${f.media}`, '@type': 'dct:MediaType' });
    const node: Node = {
      '@id': fields.iri,
      '@type': 'dcat:Distribution',
      'dct:title': en(fields.title),
      'dcat:accessURL': ref(fields.access),
      'dct:format': ref(`${FILE_TYPE}${f.fileType}`),
      'dcat:mediaType': ref(`${IANA_MEDIA_TYPE}${f.media}`),
      'dct:rights': ref(rights),
    };
    if (licence) node['dct:license'] = ref(licence);
    if (fields.download) {
      const bytes = artifactBytes(fields.download);
      node['dcat:downloadURL'] = ref(fields.access);
      node['dcat:byteSize'] = typed(String(bytes.length), 'xsd:decimal'); // the datatype shapes.ttl of DCAT-AP 3.0.0 asks
      const checksum = `${fields.iri}#sha256`;
      add({
        '@id': checksum,
        '@type': 'spdx:Checksum',
        'spdx:algorithm': ref('http://spdx.org/rdf/terms#checksumAlgorithm_sha256'),
        'spdx:checksumValue': typed(sha256Hex(bytes), 'xsd:hexBinary'),
      });
      node['spdx:checksum'] = ref(checksum);
    }
    if (format === 'sdmx') node['dcat:accessService'] = ref(sdmx);
    else if (!fields.download) node['dcat:accessService'] = ref(v1);
    add(node);
    return node;
  };

  for (const d of model.datasets) {
    const sources = d.source_ids.map((s) => sourceOf(model, s));
    const licences = [...new Set(sources.map((s) => statedLicence(s)?.iri ?? null))];
    // One licence IRI only where every source states the same one; otherwise the rights statement says each.
    const licence = licences.length === 1 ? licences[0]! : null;
    if (licence) add({ '@id': licence, '@type': 'dct:LicenseDocument' });
    const rights = rightsFor(d, sources);
    const files = [
      d.path,
      ...(d.csv_path ? [d.csv_path] : []),
      ...pdfsOf(model, d, artifacts).map((a) => a.path),
    ];
    const distributions = files.map((path) => {
      const artifact = byPath.get(path);
      if (!artifact) throw new Error(`dataset ${d.id}: data/${path} is not published`);
      return distribution(
        d,
        formatOfPath(path),
        {
          iri: `${base}/data/${path}#distribution`,
          title: `${d.title} (${path.slice(path.lastIndexOf('/') + 1)})`,
          access: `${base}/data/${path}`,
          download: artifact,
        },
        licence,
        rights,
      );
    });
    if (d.path.startsWith('datasets/')) {
      distributions.push(
        distribution(
          d,
          'sdmx',
          { iri: `${datasetIri(base, d)}#sdmx`, title: `${d.title} (SDMX 2.1 REST)`, access: sdmx },
          licence,
          rights,
        ),
      );
    }
    distributions.push(
      distribution(
        d,
        'json',
        {
          iri: `${datasetIri(base, d)}#api`,
          title: `${d.title} (API v1 passport)`,
          access: datasetIri(base, d),
        },
        licence,
        rights,
      ),
    );
    const subAnnual = model.points.some(
      (p) => d.source_ids.includes(p.source_id) && !/^\d{4}$/.test(p.period),
    );
    const frequency = frequencyOf(d, d.path.startsWith('datasets/') && subAnnual);
    const creators = [...new Set(sources.map((s) => s.publisher))];
    for (const name of creators.filter((c) => agentIri(c) !== operator))
      add({ '@id': agentIri(name), '@type': 'foaf:Agent', 'foaf:name': name });
    const node: Node = {
      '@id': datasetIri(base, d),
      '@type': 'dcat:Dataset',
      'dct:identifier': `dataset:${d.id}`,
      'dct:title': en(d.title),
      'dct:description': en(d.description),
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
    const span = temporalOf(model, d);
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
    'dct:title': en('Dala: open data of Kazakhstan'),
    'dct:description': en(
      'Official statistics of the Bureau of National Statistics by region and of the National Bank of Kazakhstan (national rates), administrative boundaries and reference tables of Kazakhstan, published as sealed, reproducible releases.',
    ),
    'dct:publisher': ref(operator),
    'foaf:homepage': ref(`${base}/`),
    'dct:spatial': ref(KAZAKHSTAN),
    'dcat:dataset': model.datasets.map((d) => ref(datasetIri(base, d))),
    'dcat:service': [ref(v1), ref(sdmx)],
  });
  const graph = [...nodes.values()].sort((a, b) =>
    a['@id'] < b['@id'] ? -1 : a['@id'] > b['@id'] ? 1 : 0,
  );
  return { '@context': DCAT_CONTEXT, '@graph': graph };
}

export function datasetIri(base: string, d: DatasetDef): string {
  return `${base}/api/v1/datasets/dataset:${d.id}`;
}
