// A dataset's distributions in the DCAT-AP catalogue (dcat-catalog.ts) and the terms they are under:
// each of its files (JSON or GeoJSON, CSV, JSON-stat, the PDFs made from it) with its size and
// sha256, the SDMX endpoint of a statistical dataset, and its v1 passport; one licence where every
// source states the same one, else a document of its own naming each source's terms.
import { sha256Hex } from '../../lib/hash.js';
import { jsonStatPathOf } from '../../lib/jsonstat-cube.js';
import type { DatasetDef, Model, SourceDef } from '../../model/model.js';
import { artifactBytes, type Artifact } from '../artifact.js';
import { pdfsOf } from './dataset-content.js';
import { en, ref, typed, type Graph, type Node } from './dcat-graph.js';
import {
  AVAILABILITY,
  FILE_TYPE,
  FORMATS,
  IANA_MEDIA_TYPE,
  formatOfPath,
  licenceStatement,
  statedLicence,
  type FormatKey,
} from './vocabularies.js';

/** Where the catalogue's IRIs start (the public URL, or '') and its two APIs. */
export interface Endpoints {
  base: string;
  v1: string;
  sdmx: string;
}

export function datasetIri(base: string, d: DatasetDef): string {
  return `${base}/api/v1/datasets/dataset:${d.id}`;
}

/** The licence (its IRI) every distribution of a dataset names, and its rights statement. */
export function termsOf(
  g: Graph,
  base: string,
  d: DatasetDef,
  sources: SourceDef[],
): { licence: string; rights: string } {
  const licences = [...new Set(sources.map((s) => statedLicence(s)?.iri ?? null))];
  // One licence IRI only where every source states the same one; otherwise the rights statement says each.
  const stated = licences.length === 1 ? licences[0]! : null;
  if (stated)
    g.add({
      '@id': stated,
      '@type': 'dct:LicenseDocument',
      'dct:type': g.licenceType(stated.includes('/publicdomain/') ? 'PublicDomain' : 'Attribution'),
    });
  // docs/interface.md §1.4: where the sources state no single licence none is inferred; the dataset's
  // dct:license is then a document of its own saying so and naming each source's terms, so that every
  // dataset and distribution still names the terms a harvester must show.
  let licence = stated;
  if (licence === null) {
    licence = `${datasetIri(base, d)}#licence-terms`;
    g.add({
      '@id': licence,
      '@type': 'dct:LicenseDocument',
      'dct:type': g.licenceType('UnknownIPR'),
      'rdfs:label': en(
        `No single licence is stated by the sources; reuse terms are each source's own: ${licenceStatement(sources)}`,
      ),
    });
  }
  const rights = `${datasetIri(base, d)}#rights`;
  g.add({
    '@id': rights,
    '@type': 'dct:RightsStatement',
    'rdfs:label': en(`${licenceStatement(sources)}. ${d.publication_limits}`),
  });
  return { licence, rights };
}

/** The distributions of a dataset, each added to the graph: its files, SDMX (a statistical dataset) and its passport. */
export function distributionsOf(
  g: Graph,
  at: Endpoints,
  published: { model: Model; artifacts: Artifact[]; byPath: Map<string, Artifact> },
  d: DatasetDef,
  terms: { licence: string; rights: string },
): Node[] {
  const { model, artifacts, byPath } = published;
  const distribution = (
    format: FormatKey,
    fields: { iri: string; title: string; access: string; download?: Artifact },
  ): Node => {
    const f = FORMATS[format];
    g.add({ '@id': `${FILE_TYPE}${f.fileType}`, '@type': 'dct:MediaTypeOrExtent' });
    g.add({ '@id': `${IANA_MEDIA_TYPE}${f.media}`, '@type': 'dct:MediaType' });
    const node: Node = {
      '@id': fields.iri,
      '@type': 'dcat:Distribution',
      'dct:title': en(fields.title),
      'dct:description': en(`${d.title}: ${f.description}.`),
      // every file stays as long as its release is kept, every later release republishes it
      'dcatap:availability': g.concept(`${AVAILABILITY}STABLE`, 'stable'),
      'dcat:accessURL': ref(fields.access),
      'dct:format': ref(`${FILE_TYPE}${f.fileType}`),
      'dcat:mediaType': ref(`${IANA_MEDIA_TYPE}${f.media}`),
      'dct:rights': ref(terms.rights),
      'dct:license': ref(terms.licence),
      ...('standard' in f ? { 'dct:conformsTo': ref(f.standard['@id']) } : {}),
    };
    if ('standard' in f) g.add(f.standard);
    if (fields.download) {
      const bytes = artifactBytes(fields.download);
      node['dcat:downloadURL'] = ref(fields.access);
      node['dcat:byteSize'] = typed(String(bytes.length), 'xsd:decimal'); // the datatype shapes.ttl of DCAT-AP 3.0.0 asks
      // one fragment: the distribution's file and the checksum of its bytes
      const checksum = `${fields.access}#sha256`;
      g.add({
        '@id': checksum,
        '@type': 'spdx:Checksum',
        'spdx:algorithm': ref('http://spdx.org/rdf/terms#checksumAlgorithm_sha256'),
        'spdx:checksumValue': typed(sha256Hex(bytes), 'xsd:hexBinary'),
      });
      node['spdx:checksum'] = ref(checksum);
    }
    if (format === 'sdmx') node['dcat:accessService'] = ref(at.sdmx);
    else if (!fields.download) node['dcat:accessService'] = ref(at.v1);
    g.add(node);
    return node;
  };

  const files = [
    d.path,
    ...(d.csv_path ? [d.csv_path] : []),
    ...[jsonStatPathOf(d) ?? ''].filter((p) => byPath.has(p)),
    ...pdfsOf(model, d, artifacts).map((a) => a.path),
  ];
  const distributions = files.map((path) => {
    const artifact = byPath.get(path);
    if (!artifact) throw new Error(`dataset ${d.id}: data/${path} is not published`);
    return distribution(formatOfPath(path), {
      iri: `${at.base}/data/${path}#distribution`,
      title: `${d.title} (${path.slice(path.lastIndexOf('/') + 1)})`,
      access: `${at.base}/data/${path}`,
      download: artifact,
    });
  });
  const iri = datasetIri(at.base, d);
  if (d.path.startsWith('datasets/'))
    distributions.push(
      distribution('sdmx', {
        iri: `${iri}#sdmx`,
        title: `${d.title} (SDMX 2.1 REST)`,
        access: at.sdmx,
      }),
    );
  distributions.push(
    distribution('json', { iri: `${iri}#api`, title: `${d.title} (API v1 passport)`, access: iri }),
  );
  return distributions;
}
