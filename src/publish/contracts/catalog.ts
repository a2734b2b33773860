// Dataset catalog (canonical datasets/index.json and its alias dataset-catalog.json) and
// datasets/provenance.json: sources, publication limits and the checksums of every other published
// JSON and CSV file (provenance cannot list itself, and the release manifest carries lineage).
import { sha256Hex } from '../../lib/hash.js';
import type { Model } from '../../model/model.js';
import { artifactBytes, type Artifact } from '../artifact.js';
import { toCsv } from '../csv.js';
import { header, sourceRef } from './header.js';
import { datasetFreshness } from './quality-report.js';
import { datasetTopics } from '../../model/topics.js';
import type { DatasetCatalog } from '../schemas/operations.js';

function entries(model: Model) {
  const freshness = new Map(
    datasetFreshness(model, new Date(model.builtAt)).map((d) => [d.dataset, d.freshness]),
  );
  return model.datasets.map((d) => ({
    id: `dataset:${d.id}`,
    slug: d.id,
    title: d.title,
    description: d.description,
    distributions: [
      {
        media_type: d.path.endsWith('.geojson') ? 'application/geo+json' : 'application/json',
        url: `/data/${d.path}`,
      },
      ...(d.csv_path ? [{ media_type: 'text/csv', url: `/data/${d.csv_path}` }] : []),
    ],
    sources: d.source_ids.map((s) => sourceRef(model, s)),
    // the topics of its indicators (/api/v1/topics), none for a dataset without indicators
    topics: datasetTopics(model, d.id).map((t) => `topic:${t}`),
    quality_status: d.quality_status,
    publication_limits: d.publication_limits,
    freshness: freshness.get(d.id)!,
  }));
}

export function datasetCatalog(model: Model): Artifact[] {
  const datasets = entries(model);
  const body = {
    ...header(model, 'dataset-catalog'),
    count: datasets.length,
    datasets,
  } satisfies DatasetCatalog; // the type the browser app reads
  return [
    { path: 'datasets/index.json', schema: 'dataset-catalog', json: body },
    {
      path: 'dataset-catalog.json',
      schema: 'dataset-catalog',
      json: {
        ...body,
        alias_of: '/data/datasets/index.json',
        note: 'Compatible alias: the canonical catalog is /data/datasets/index.json; both carry the same datasets.',
      },
    },
    {
      path: 'datasets/index.csv',
      bytes: toCsv(
        [
          'id',
          'title',
          'quality_status',
          'as_of',
          'sla_days',
          'status',
          'historical',
          'json_url',
          'csv_url',
        ],
        datasets.map((d) => ({
          id: d.id,
          title: d.title,
          quality_status: d.quality_status,
          as_of: d.freshness.as_of,
          sla_days: d.freshness.sla_days,
          status: d.freshness.status,
          historical: d.freshness.historical,
          json_url: d.distributions[0]?.url,
          csv_url: d.distributions[1]?.url,
        })),
      ),
    },
  ];
}

/** Runs last: it needs the bytes of every other JSON and CSV artifact. */
export function provenance(model: Model, others: Artifact[]): Artifact {
  const checksums = others
    .filter((a) => /\.(json|geojson|csv)$/.test(a.path))
    .map((a) => {
      const bytes = artifactBytes(a);
      return { path: `/data/${a.path}`, sha256: sha256Hex(bytes), bytes: bytes.length };
    })
    .sort((a, b) => (a.path < b.path ? -1 : 1));
  return {
    path: 'datasets/provenance.json',
    schema: 'provenance',
    json: {
      ...header(model, 'provenance'),
      sources: model.sources.map((s) => ({ ...s })),
      snapshots: model.passports,
      publication_limits: model.datasets.map((d) => ({
        dataset: `dataset:${d.id}`,
        limits: d.publication_limits,
      })),
      usage_rules: [
        'Keep the period with every value.',
        'Refer to the primary source; legally significant facts are verified there.',
        'A missing value means nothing was published; it is not zero.',
        'Do not infer a licence from an absent field: reuse terms attach to each source.',
        'An empty result does not confirm that a fact is absent.',
      ],
      checksums_note:
        'Every published JSON, GeoJSON and CSV file except this one and release-manifest.json (which carries lineage); release.json of the release lists all files.',
      checksums,
    },
  };
}
