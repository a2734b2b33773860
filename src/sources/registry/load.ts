// Loads the registry (docs/architecture.md "The registry"): every dataset declaration of
// sources/datasets/ in file-name order (the number before the dataset's id orders every list the
// release publishes), the reference sources and datasets, the layers and the topic scheme. Each file
// is validated against its JSON Schema (schema.ts, reader-schemas.ts), then the whole is
// cross-checked (checks.ts). A fault names the file and the field, as the hand tables' do.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Indicator } from '../records.js';
import type { LoadedTable, Registry } from './types.js';
import { readTable, schemaIssues } from '../hand-tables.js';
import { HandTableError, type TableIssue } from '../table-issue.js';
import { checkRegistry } from './checks.js';
import { readOpenSdgTable } from './open-sdg-read.js';
import type { IndicatorDeclaration } from './indicator-schema.js';
import { READER_SCHEMAS, type Reader } from './reader-schemas.js';
import {
  datasetDeclaration,
  layersTable,
  referenceDatasets,
  referenceSources,
  topicsTable,
  type DatasetDeclaration,
  type LayerRow,
  type ReferenceDataset,
  type ReferenceSource,
  type SourceDeclaration,
  type TopicsTable,
} from './schema.js';

export const DATASETS_DIR = 'datasets';
/** A declaration's file name: the order of its dataset, then its id. */
export const DECLARATION_FILE = /^([0-9]{3})-([a-z][a-z0-9-]*)\.json$/;

export type { LoadedTable, Registry } from './types.js';

const STATIC_FILES = {
  sources: 'reference-sources.json',
  datasets: 'reference-datasets.json',
  layers: 'layers.json',
  topics: 'topics.json',
} as const;

/**
 * Loads the registry. `snapshot` resolves a snapshot path to the file to read (the build's verified
 * resolver): a table whose indicators come from its reader needs it; without it such a table is
 * refused.
 */
export async function loadRegistry(
  sourcesDir: string,
  snapshot?: (path: string) => string,
): Promise<Registry> {
  const issues: TableIssue[] = [];
  const read = async <T>(file: string, schema: object): Promise<T | undefined> => {
    const value = await readTable(sourcesDir, file, issues);
    if (value === undefined) return undefined;
    const faults = schemaIssues(file, value, schema);
    issues.push(...faults);
    return faults.length === 0 ? (value as T) : undefined;
  };
  const names = (await readdir(join(sourcesDir, DATASETS_DIR))).filter((n) => n.endsWith('.json'));
  const declarations: { file: string; declaration: DatasetDeclaration }[] = [];
  for (const name of names.sort()) {
    const file = `${DATASETS_DIR}/${name}`;
    const m = DECLARATION_FILE.exec(name);
    if (!m) {
      issues.push({ file: `sources/${file}`, row: null, field: '(file)', message: `a declaration is named NNN-<dataset id>.json` });
      continue;
    }
    const declaration = await read<DatasetDeclaration>(file, datasetDeclaration);
    if (declaration === undefined) continue;
    if (declaration.id !== m[2])
      issues.push({ file: `sources/${file}`, row: null, field: 'id', message: `must be "${m[2]}", the id in the file's name` });
    declaration.tables.forEach((t, i) => issues.push(...readerIssues(file, `tables[${i}].reader`, t.reader)));
    declarations.push({ file, declaration });
  }
  const sources = await read<ReferenceSource[]>(STATIC_FILES.sources, referenceSources);
  const references = await read<ReferenceDataset[]>(STATIC_FILES.datasets, referenceDatasets);
  const layers = await read<LayerRow[]>(STATIC_FILES.layers, layersTable);
  const topics = await read<TopicsTable>(STATIC_FILES.topics, topicsTable);
  references?.forEach((r, i) => r.reader && issues.push(...readerIssues(STATIC_FILES.datasets, `[${i}].reader`, r.reader)));
  // the cross-checks need every file in its schema's shape
  if (issues.length > 0 || !sources || !references || !layers || !topics) throw new HandTableError(issues);

  const tables: LoadedTable[] = [];
  for (const { file, declaration } of declarations)
    for (const t of declaration.tables) {
      const reader = t.reader as Reader;
      const declared =
        t.indicators === 'from-reader'
          ? await derivedIndicators(file, t.snapshots, reader, snapshot)
          : t.indicators;
      tables.push({
        file,
        dataset: declaration.id,
        source: t.source,
        snapshots: t.snapshots,
        reader,
        indicators: declared.map((i) => indicatorOf(i, t.source, declaration.id)),
      });
    }
  // the indicators Dala counts itself are declared with their (reference) dataset
  for (const r of references) {
    if (r.indicators === undefined || r.indicators.length === 0) continue;
    const source = sources.find((s) => s.id === r.source);
    if (!source) {
      issues.push({ file: `sources/${STATIC_FILES.datasets}`, row: references.indexOf(r), field: 'source', message: `no reference source "${r.source}"` });
      continue;
    }
    tables.push({
      file: STATIC_FILES.datasets,
      dataset: r.id,
      source,
      snapshots: [],
      reader: r.reader as Reader,
      indicators: r.indicators.map((i) => indicatorOf(i, source, r.id)),
    });
  }
  const registry: Registry = {
    datasets: declarations.map(({ file, declaration: { tables: _t, ...d } }) => ({ ...d, file })),
    references,
    tables,
    indicators: tables.flatMap((t) => t.indicators),
    sources: [
      ...dedupeSources(tables.filter((t) => t.file !== STATIC_FILES.datasets)),
      ...sources,
    ],
    layers,
    topics,
    files: [
      ...declarations.map((d) => d.file),
      ...Object.values(STATIC_FILES),
    ].map((f) => `sources/${f}`),
  };
  issues.push(...checkRegistry(registry));
  if (issues.length > 0) throw new HandTableError(issues);
  return registry;
}

/** The indicators a reader derives from its snapshot's metadata. */
async function derivedIndicators(
  file: string,
  snapshots: string[],
  reader: Reader,
  snapshot: ((path: string) => string) | undefined,
): Promise<IndicatorDeclaration[]> {
  if (reader.kind !== 'open-sdg')
    throw new HandTableError([{ file: `sources/${file}`, row: null, field: 'indicators', message: `the ${reader.kind} reader derives no indicators: list them` }]);
  if (snapshot === undefined)
    throw new Error(`sources/${file}: its indicators come from its snapshot ${snapshots.join(', ')}, and the registry was loaded without the snapshot directory`);
  return (await readOpenSdgTable(snapshot, snapshots, reader, '')).indicators;
}

function readerIssues(file: string, at: string, reader: { kind: string }): TableIssue[] {
  const schema = READER_SCHEMAS[reader.kind as keyof typeof READER_SCHEMAS];
  return schemaIssues(file, reader, schema).map((issue) => ({
    ...issue,
    field: issue.field === '(root)' ? at : `${at}.${issue.field.replace(/^\[(\d+)\]/, '$1')}`,
  }));
}

const indicatorOf = (
  i: IndicatorDeclaration,
  source: SourceDeclaration,
  dataset: string,
): Indicator => ({ ...i, source_url: i.source_url ?? source.url, source_id: source.id, dataset });

/** A source cited by several tables is one source; its snapshots are theirs together. */
function dedupeSources(tables: LoadedTable[]): (SourceDeclaration & { snapshots: string[] })[] {
  const byId = new Map<string, SourceDeclaration & { snapshots: string[] }>();
  for (const t of tables) {
    const known = byId.get(t.source.id);
    if (known) known.snapshots = [...new Set([...known.snapshots, ...t.snapshots])];
    else byId.set(t.source.id, { ...t.source, snapshots: [...t.snapshots] });
  }
  return [...byId.values()];
}
