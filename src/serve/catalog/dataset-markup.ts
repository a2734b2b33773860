// schema.org Dataset markup of one dataset (https://schema.org/Dataset, the vocabulary Google Dataset
// Search reads: name, a description of 50 to 5,000 characters, url, keywords, license,
// temporalCoverage, variableMeasured, distribution), composed from the sealed release only: the
// dataset catalog entry (datasets/index.json), the DCAT-AP catalogue (data/dcat-catalog.jsonld: the
// titles in kk, ru and en, keywords, licence and period the build wrote) and the dataset's indicators
// (their names and units, from the store). The page of the explorer and of the docs carry every
// dataset in a DataCatalog (structured-data.ts); a dataset's own page carries its own.
import { entityReaderOf } from '../../store/entity-reader.js';
import { citationOf, publicBaseOf } from '../permalinks/citation.js';
import type { LoadedRelease } from '../releases/release-types.js';

/** A dataset of datasets/index.json, as the catalog entry states it. */
export interface CatalogEntry {
  id: string;
  title: string;
  description: string;
  distributions: { media_type: string; url: string }[];
  sources: { title: string; url: string }[];
  freshness?: { as_of: string | null };
}

type Literal = { '@value': string; '@language'?: string };
type DcatNode = Record<string, unknown> & { '@id': string };
const list = <T>(v: T | T[] | undefined): T[] =>
  v === undefined ? [] : Array.isArray(v) ? v : [v];

/** What the sealed DCAT-AP catalogue says of a dataset, read once per release. */
export interface DcatFacts {
  titles: Partial<Record<'en' | 'ru' | 'kk', string>>;
  descriptions: Partial<Record<'en' | 'ru' | 'kk', string>>;
  keywords: Literal[];
  themes: string[]; // labels of its EU data themes
  licence: { iri: string; label: string | null; own: boolean } | null;
  temporal: { start: string; end: string | null } | null;
}

const facts = new WeakMap<LoadedRelease, Map<string, DcatFacts>>();

/** Each dataset's DCAT-AP facts by dataset id (`dataset:<id>`), empty if the release has no catalogue. */
export function dcatFactsOf(release: LoadedRelease): Map<string, DcatFacts> {
  let byId = facts.get(release);
  if (byId) return byId;
  byId = new Map();
  const file = release.files.get('dcat-catalog.jsonld');
  if (file) {
    const graph = (JSON.parse(file.body.toString('utf8')) as { '@graph': DcatNode[] })['@graph'];
    const nodes = new Map(graph.map((n) => [n['@id'], n]));
    const value = (n: DcatNode | undefined, p: string) =>
      list(n?.[p] as Literal | Literal[] | undefined)[0]?.['@value'] ?? null;
    const byLang = (n: DcatNode, p: string) =>
      Object.fromEntries(
        list(n[p] as Literal | Literal[]).map((l) => [l['@language'], l['@value']]),
      );
    for (const n of graph) {
      if (!list(n['@type'] as string | string[]).includes('dcat:Dataset')) continue;
      const licence = (n['dct:license'] as { '@id': string } | undefined)?.['@id'];
      const temporal = nodes.get(
        (n['dct:temporal'] as { '@id': string } | undefined)?.['@id'] ?? '',
      );
      const start = value(temporal, 'dcat:startDate');
      byId.set(n['dct:identifier'] as string, {
        titles: byLang(n, 'dct:title'),
        descriptions: byLang(n, 'dct:description'),
        keywords: list(n['dcat:keyword'] as Literal[]),
        themes: list(n['dcat:theme'] as { '@id': string }[])
          .map((t) => value(nodes.get(t['@id']), 'skos:prefLabel'))
          .filter((l): l is string => l !== null),
        licence: licence
          ? {
              iri: licence,
              label: value(nodes.get(licence), 'rdfs:label'),
              own: licence.startsWith(`${n['@id']}#`),
            }
          : null,
        temporal: start ? { start, end: value(temporal, 'dcat:endDate') } : null,
      });
    }
  }
  facts.set(release, byId);
  return byId;
}

interface IndicatorData {
  metric: string;
  name: Partial<Record<'en' | 'ru' | 'kk', string>>;
  unit?: string;
  notes?: string;
}

/** The indicators a dataset carries (its passport's parts), with their names and units. */
export function indicatorsOf(release: LoadedRelease, id: string): IndicatorData[] {
  const entities = entityReaderOf(release);
  const row = entities.get(id);
  if (!row) return [];
  const parts = (JSON.parse(row.data) as { parts?: { indicator: string }[] }).parts ?? [];
  return parts.flatMap((p) => {
    const indicator = entities.get(`indicator:${p.indicator}`);
    return indicator ? [JSON.parse(indicator.data) as IndicatorData] : [];
  });
}

/** The schema.org Dataset of one catalog entry. */
export function schemaOrgDataset(release: LoadedRelease, d: CatalogEntry): Record<string, unknown> {
  const base = publicBaseOf(release);
  const url = `${base}/api/v1/datasets/${d.id}`;
  const path = d.distributions[0]?.url.replace(/^\/data\//, '') ?? '';
  const citation = citationOf(release, { id: d.id, title: d.title, path });
  const dcat = dcatFactsOf(release).get(d.id);
  const others = (['ru', 'kk'] as const).map((l) => dcat?.titles[l]).filter((t) => t);
  const licence = dcat?.licence;
  const variables = indicatorsOf(release, d.id);
  return {
    '@type': 'Dataset',
    '@id': url,
    identifier: d.id,
    name: d.title,
    ...(others.length ? { alternateName: others } : {}),
    description: d.description,
    url,
    version: release.revision,
    isAccessibleForFree: true,
    inLanguage: ['en', 'ru', 'kk'],
    keywords: [
      ...new Set([...(dcat?.themes ?? []), ...(dcat?.keywords ?? []).map((k) => k['@value'])]),
    ],
    // a licence of the dataset's own (no single licence stated by its sources) is the statement on
    // its page, named by its words; a stated licence is its IRI
    ...(licence
      ? {
          license: licence.own
            ? { '@type': 'CreativeWork', name: licence.label, url: `${url}#licence-terms` }
            : licence.iri,
        }
      : {}),
    ...(dcat?.temporal
      ? { temporalCoverage: `${dcat.temporal.start}/${dcat.temporal.end ?? '..'}` }
      : {}),
    ...(variables.length
      ? {
          variableMeasured: variables.map((v) => ({
            '@type': 'PropertyValue',
            propertyID: `indicator:${v.metric}`,
            name: v.name.en,
            alternateName: [v.name.ru, v.name.kk].filter((n) => n),
            ...(v.unit ? { unitText: v.unit } : {}),
            ...(v.notes ? { description: v.notes } : {}),
            url: `${base}/api/v1/indicators/indicator:${v.metric}`,
          })),
        }
      : {}),
    spatialCoverage: { '@type': 'Place', name: 'Kazakhstan' },
    ...(d.freshness?.as_of ? { dateModified: d.freshness.as_of } : {}),
    creator: { '@type': 'Organization', name: 'Dala', url: `${base}/` },
    publisher: { '@type': 'Organization', name: 'Dala', url: `${base}/` },
    isBasedOn: d.sources.map((s) => ({ '@type': 'CreativeWork', name: s.title, url: s.url })),
    citation: citation.text,
    sameAs: citation.permalink,
    distribution: d.distributions.map((x) => ({
      '@type': 'DataDownload',
      encodingFormat: x.media_type,
      contentUrl: `${base}${x.url}`,
    })),
  };
}

/** The catalog entry of a dataset id, from the release's datasets/index.json. */
export function catalogEntryOf(release: LoadedRelease, id: string): CatalogEntry | null {
  return catalogEntries(release).find((d) => d.id === id) ?? null;
}

const entries = new WeakMap<LoadedRelease, CatalogEntry[]>();

export function catalogEntries(release: LoadedRelease): CatalogEntry[] {
  let all = entries.get(release);
  if (!all) {
    const file = release.files.get('datasets/index.json');
    all = file
      ? (JSON.parse(file.body.toString('utf8')) as { datasets: CatalogEntry[] }).datasets
      : [];
    entries.set(release, all);
  }
  return all;
}

/** JSON-LD in a `<script>`, `<` escaped so no value can close the element (HTML "script data" state). */
export function jsonLdScript(doc: object): string {
  return `<script type="application/ld+json">${JSON.stringify(doc).replace(/</g, '\\u003c')}</script>`;
}
