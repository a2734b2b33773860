// data/datapackage.json: a Frictionless Data Package 2.0 descriptor (https://datapackage.org/standard/)
// listing every CSV under /data/ with its Table Schema, its sources and their licences. Paths are
// relative to the descriptor (both live under /data/). Like the catalogue, it names no release revision.
import { parse } from 'csv-parse/sync';
import type { Model, SourceDef } from '../../model/model.js';
import { artifactBytes, type Artifact } from '../artifact.js';
import { sourceOf } from '../contracts/header.js';
import { tableSchema } from './table-schemas.js';
import { statedLicence } from './vocabularies.js';

/** Sources of the CSVs that are not a dataset's own distribution. */
const OTHER_CSV_SOURCES: Record<string, string[]> = {
  'datasets/index.csv': ['dala-tables'],
  'region-overview.csv': ['dala-tables', 'geokz', 'iso-3166'],
};

function sourcesOf(model: Model, path: string): SourceDef[] {
  const dataset = model.datasets.find((d) => d.csv_path === path);
  const ids = dataset?.source_ids ?? OTHER_CSV_SOURCES[path];
  if (!ids)
    throw new Error(
      `data/${path}: no sources declared for this CSV (src/publish/standards/datapackage.ts)`,
    );
  return ids.map((id) => sourceOf(model, id));
}

const licences = (sources: SourceDef[]) => {
  const seen = new Map<string, { name: string; path: string; title: string }>();
  for (const s of sources) {
    const l = statedLicence(s);
    if (l && !seen.has(l.name)) seen.set(l.name, { name: l.name, path: l.iri, title: s.licence });
  }
  return [...seen.values()];
};

/**
 * A source as the package lists it: a source of Dala's own tables is read at a path of the release's
 * /data/ (sources/reference-sources.json), which the package names relative to itself, as a Data
 * Package path must be (a URL or a relative POSIX path, never one from the root).
 */
const sourceOfPackage = (s: SourceDef) => ({
  title: s.title,
  path: s.url.startsWith('/data/') ? s.url.slice('/data/'.length) : s.url,
});

/** The Table Dialect (Data Package 2.0 tabledialect.json; the same keys in 1.0) of the release's CSVs. */
export const CSV_DIALECT = {
  delimiter: ',',
  lineTerminator: '\r\n',
  quoteChar: '"',
  doubleQuote: true,
  header: true,
} as const;

/** publicUrl: the package's homepage; undefined, it names none (a Data Package homepage is an absolute URL). */
export function dataPackage(
  model: Model,
  artifacts: Artifact[],
  publicUrl: string | undefined,
): object {
  const csvs = artifacts
    .filter((a) => a.path.endsWith('.csv'))
    .sort((a, b) => (a.path < b.path ? -1 : 1));
  const all = new Map<string, SourceDef>();
  const resources = csvs.map((a) => {
    const header = (parse(artifactBytes(a), { to_line: 1, bom: true }) as string[][])[0] ?? [];
    const sources = sourcesOf(model, a.path);
    for (const s of sources) all.set(s.id, s);
    const dataset = model.datasets.find((d) => d.csv_path === a.path);
    const stated = licences(sources);
    const unstated = sources.filter((s) => !statedLicence(s));
    return {
      name: a.path.replace(/\.csv$/, '').replace(/\//g, '-'),
      type: 'table',
      path: a.path,
      scheme: 'file',
      format: 'csv',
      mediatype: 'text/csv',
      encoding: 'utf-8',
      // Table Dialect: how the release writes every CSV (RFC 4180, comma, CRLF, a header row), stated so
      // that a reader need not guess the delimiter (a guess from the first line fails on a table whose
      // header holds no comma-separated quotes and few columns)
      dialect: CSV_DIALECT,
      title: dataset?.title ?? a.path,
      description: [
        dataset?.description,
        unstated.length
          ? `Licence not stated by ${unstated.map((s) => s.title).join('; ')}: reuse terms are the source's (${[...new Set(unstated.map((s) => s.licence))].join('; ')}).`
          : null,
      ]
        .filter(Boolean)
        .join(' '),
      sources: sources.map(sourceOfPackage),
      ...(stated.length ? { licenses: stated } : {}),
      schema: tableSchema(a.path, header),
    };
  });
  return {
    $schema: 'https://datapackage.org/profiles/2.0/datapackage.json',
    name: 'dala',
    title: 'Dala: open data of Kazakhstan (CSV tables)',
    description:
      'Every CSV table of the release with its Table Schema. Each resource lists its sources and the licences they state; where a source states none, the resource says so and no licence is given.',
    ...(publicUrl ? { homepage: `${publicUrl}/` } : {}),
    created: model.builtAt,
    keywords: ['Kazakhstan', 'official statistics', 'regions'],
    sources: [...all.values()].sort((a, b) => (a.id < b.id ? -1 : 1)).map(sourceOfPackage),
    resources,
  };
}
