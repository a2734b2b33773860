// Citations of a dataset as served from one release: plain text, BibTeX and CSL-JSON (the Citation
// Style Language's input format, which Zotero and pandoc read), naming the release revision and the
// permalink of the dataset's file in that release. Composed at request time from the sealed release:
// the revision is a hash of the content, so the content cannot carry it.
import type { LoadedRelease } from '../releases/release-types.js';
import { releasePermalink } from '../../lib/permalinks.js';

export const CITATION_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['text', 'bibtex', 'csl', 'permalink', 'revision'],
  description: 'How to cite this dataset as served from this release',
  properties: {
    text: { type: 'string' },
    bibtex: { type: 'string' },
    csl: {
      type: 'object',
      additionalProperties: true,
      description: 'CSL-JSON item (type dataset)',
    },
    permalink: {
      type: 'string',
      description:
        "The dataset's file in this release: an absolute URL under the release's public URL, or the root-relative path /r/{revision}/data/... on this server when the release was built without one",
    },
    revision: { type: 'string', pattern: '^[0-9a-f]{16}$' },
  },
} as const;

const publicBases = new WeakMap<LoadedRelease, string>();

/**
 * The public base URL the release was built for, from its manifest's permalink; '' when built without
 * one. Read once per release: the manifest lists every sealed file (megabytes at 2,000 data files),
 * and a page of 100 datasets parsed it for each citation, 50 ms of CPU a request.
 */
export function publicBaseOf(release: LoadedRelease): string {
  let base = publicBases.get(release);
  if (base !== undefined) return base;
  const manifest = release.files.get('release-manifest.json');
  const permalink = manifest
    ? (JSON.parse(manifest.body.toString('utf8')) as { permalink?: string }).permalink
    : undefined;
  base = permalink ? permalink.slice(0, permalink.indexOf('/r/')) : '';
  publicBases.set(release, base);
  return base;
}

const bibtexEscape = (s: string) => s.replace(/([{}\\&%$#_^~])/g, '\\$1');

export function citationOf(
  release: LoadedRelease,
  dataset: { id: string; title: string; path: string },
) {
  const { revision } = release;
  const built = release.seal.built_at.slice(0, 10);
  const [year, month, day] = built.split('-').map(Number) as [number, number, number];
  const base = publicBaseOf(release);
  const permalink = `${base}${releasePermalink(revision, dataset.path)}`;
  // a path with no host says whose host it is on, rather than borrow one
  const where = base
    ? ''
    : ' (a path on the server that gave this citation: built without a public URL)';
  const key = `dala-${dataset.id.replace(/^dataset:/, '')}-${revision}`;
  return {
    text: `Dala (${year}). ${dataset.title} [Data set]. Release ${revision}, built ${built}. ${permalink}${where}`,
    bibtex: [
      `@misc{${key},`,
      `  author = {{Dala}},`,
      `  title = {${bibtexEscape(dataset.title)}},`,
      `  year = {${year}},`,
      `  version = {${revision}},`,
      `  note = {Data set, release ${revision}, built ${built}${where}},`,
      `  url = {${permalink}}`,
      '}',
    ].join('\n'),
    csl: {
      id: key,
      type: 'dataset',
      title: dataset.title,
      author: [{ literal: 'Dala' }],
      publisher: 'Dala',
      issued: { 'date-parts': [[year, month, day]] },
      version: revision,
      URL: permalink,
      ...(base ? {} : { note: where.trim().slice(1, -1) }),
    },
    permalink,
    revision,
  };
}
