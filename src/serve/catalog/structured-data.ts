// schema.org structured data for the HTML pages (the explorer's page at `/`, the docs page): a
// DataCatalog of every dataset of the served release as schema.org Datasets
// (https://schema.org/Dataset, the vocabulary search engines read for dataset search), composed from
// the release's sealed dataset catalog and manifest, with each dataset's citation and permalink.
// The catalog names each dataset by what identifies and describes it and links its URL, the landing
// page whose own markup carries the rest (its variables, keywords and names in kk and ru): a page
// that every reader of the explorer loads does not carry each indicator of every dataset (the SDG
// platform's alone made the page 1.2 MB, 64 KB compressed).
import { gzipSync, brotliCompressSync } from 'node:zlib';
import { sha256Hex } from '../../lib/hash.js';
import { publicBaseOf } from '../permalinks/citation.js';
import type { LoadedRelease, ServedFile } from '../releases/release-types.js';
import { catalogEntries, jsonLdScript, schemaOrgDataset } from './dataset-markup.js';

// What a dataset's entry in the catalog keeps of its markup: Google's required name and description,
// its identity, version, licence, coverage, citation and downloads.
const SUMMARY_KEYS = [
  '@type',
  '@id',
  'identifier',
  'name',
  'description',
  'url',
  'version',
  'isAccessibleForFree',
  'license',
  'temporalCoverage',
  'spatialCoverage',
  'dateModified',
  'creator',
  'publisher',
  'citation',
  'sameAs',
  'distribution',
];
const summaryOf = (dataset: Record<string, unknown>) =>
  Object.fromEntries(SUMMARY_KEYS.filter((k) => k in dataset).map((k) => [k, dataset[k]]));

const cache = new WeakMap<LoadedRelease, string>();

/** The JSON-LD `<script>` block for a release ('' when the release has no dataset catalog). */
export function structuredDataScript(release: LoadedRelease): string {
  let script = cache.get(release);
  if (script !== undefined) return script;
  const datasets = catalogEntries(release);
  const base = publicBaseOf(release);
  script = datasets.length
    ? jsonLdScript({
        '@context': 'https://schema.org',
        '@type': 'DataCatalog',
        name: 'Dala: open data of Kazakhstan',
        url: `${base}/`,
        version: release.revision,
        publisher: { '@type': 'Organization', name: 'Dala', url: `${base}/` },
        dataset: datasets.map((d) => summaryOf(schemaOrgDataset(release, d))),
      })
    : '';
  cache.set(release, script);
  return script;
}

const pages = new WeakMap<LoadedRelease, WeakMap<ServedFile, ServedFile>>();

/** An HTML file with the release's structured data before `</head>`, encoded once per release. */
export function withStructuredData(release: LoadedRelease, page: ServedFile): ServedFile {
  let byPage = pages.get(release);
  if (!byPage) pages.set(release, (byPage = new WeakMap()));
  let out = byPage.get(page);
  if (!out) {
    const html = page.body.toString('utf8');
    const at = html.indexOf('</head>');
    const body =
      at < 0
        ? page.body
        : Buffer.from(html.slice(0, at) + structuredDataScript(release) + html.slice(at));
    out = {
      ...page,
      body,
      gzip: gzipSync(body),
      br: brotliCompressSync(body),
      sha256: sha256Hex(body),
    };
    byPage.set(page, out);
  }
  return out;
}
