// schema.org structured data for the HTML pages (the explorer's page at `/`, the docs page): a
// DataCatalog of every dataset of the served release as schema.org Datasets
// (https://schema.org/Dataset, the vocabulary search engines read for dataset search), composed from
// the release's sealed dataset catalog and manifest, with each dataset's citation and permalink.
import { gzipSync, brotliCompressSync } from 'node:zlib';
import { sha256Hex } from '../../lib/hash.js';
import { publicBaseOf } from '../permalinks/citation.js';
import type { LoadedRelease, ServedFile } from '../releases/release-types.js';
import { catalogEntries, jsonLdScript, schemaOrgDataset } from './dataset-markup.js';

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
        dataset: datasets.map((d) => schemaOrgDataset(release, d)),
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
