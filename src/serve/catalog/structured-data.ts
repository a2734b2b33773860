// schema.org structured data for the HTML pages (the explorer's page at `/`, the docs page): a
// DataCatalog of every dataset of the served release as schema.org Datasets
// (https://schema.org/Dataset, the vocabulary search engines read for dataset search), composed from
// the release's sealed dataset catalog and manifest, with each dataset's citation and permalink.
import { gzipSync, brotliCompressSync } from 'node:zlib';
import { sha256Hex } from '../../lib/hash.js';
import { citationOf, publicBaseOf } from '../permalinks/citation.js';
import type { LoadedRelease, ServedFile } from '../releases/release-types.js';

interface CatalogEntry {
  id: string;
  title: string;
  description: string;
  distributions: { media_type: string; url: string }[];
  sources: { title: string; url: string }[];
  freshness?: { as_of: string | null };
}

const cache = new WeakMap<LoadedRelease, string>();

/** The JSON-LD `<script>` block for a release ('' when the release has no dataset catalog). */
export function structuredDataScript(release: LoadedRelease): string {
  let script = cache.get(release);
  if (script !== undefined) return script;
  const file = release.files.get('datasets/index.json');
  script = '';
  if (file) {
    const base = publicBaseOf(release);
    const { datasets } = JSON.parse(file.body.toString('utf8')) as { datasets: CatalogEntry[] };
    const doc = {
      '@context': 'https://schema.org',
      '@type': 'DataCatalog',
      name: 'Dala: open data of Kazakhstan',
      url: `${base}/`,
      version: release.revision,
      publisher: { '@type': 'Organization', name: 'Dala', url: `${base}/` },
      dataset: datasets.map((d) => {
        const path = d.distributions[0]?.url.replace(/^\/data\//, '') ?? '';
        const citation = citationOf(release, { id: d.id, title: d.title, path });
        return {
          '@type': 'Dataset',
          '@id': `${base}/api/v1/datasets/${d.id}`,
          identifier: d.id,
          name: d.title,
          description: d.description,
          url: `${base}/api/v1/datasets/${d.id}`,
          version: release.revision,
          isAccessibleForFree: true,
          spatialCoverage: { '@type': 'Place', name: 'Kazakhstan' },
          ...(d.freshness?.as_of ? { dateModified: d.freshness.as_of } : {}),
          creator: { '@type': 'Organization', name: 'Dala' },
          isBasedOn: d.sources.map((s) => ({ '@type': 'CreativeWork', name: s.title, url: s.url })),
          citation: citation.text,
          sameAs: citation.permalink,
          distribution: d.distributions.map((x) => ({
            '@type': 'DataDownload',
            encodingFormat: x.media_type,
            contentUrl: `${base}${x.url}`,
          })),
        };
      }),
    };
    // `<` escaped so no value can close the script element (HTML "script data" state).
    script = `<script type="application/ld+json">${JSON.stringify(doc).replace(/</g, '\\u003c')}</script>`;
  }
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
