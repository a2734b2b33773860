// Cross-checks of the registry, run once every file passed its schema: ids are unique, every
// indicator's layer, topics and same-concept links exist, every metric a reader names is an indicator
// of its own table and every indicator of a table is one its reader yields, and review claims hold
// (hand-table-checks.ts: never 'verified', 'reviewed' only with the page read).
import { checkRowReview } from '../hand-table-checks.js';
import type { TableIssue } from '../table-issue.js';
import type { LoadedTable, Registry } from './types.js';

export function checkRegistry(r: Registry): TableIssue[] {
  const issues: TableIssue[] = [];
  const emit = (file: string, field: string, message: string) =>
    issues.push({ file: `sources/${file}`, row: null, field, message });

  const datasetIds = new Map<string, string>();
  for (const d of [...r.datasets, ...r.references.map((x) => ({ ...x, file: 'reference-datasets.json' }))]) {
    const first = datasetIds.get(d.id);
    if (first) emit(d.file, 'id', `dataset "${d.id}" is declared twice (first in sources/${first})`);
    else datasetIds.set(d.id, d.file);
  }
  const sourceFiles = new Map<string, string>();
  for (const t of r.tables) {
    const first = sourceFiles.get(t.source.id);
    if (first && first !== t.file) emit(t.file, 'source.id', `source "${t.source.id}" is declared in sources/${first} too`);
    sourceFiles.set(t.source.id, t.file);
  }
  const seenSources = new Set<string>();
  for (const s of r.sources) {
    if (seenSources.has(s.id)) emit('reference-sources.json', 'id', `source "${s.id}" is declared by a table too`);
    seenSources.add(s.id);
  }

  const layers = new Set(r.layers.map((l) => l.id));
  const topics = new Set(r.topics.topics.map((t) => t.id));
  const ids = new Map<string, string>();
  const claim = (id: string, file: string, field: string) => {
    const first = ids.get(id);
    if (first) emit(file, field, `indicator id "${id}" is declared twice (first in sources/${first})`);
    else ids.set(id, file);
  };
  for (const t of r.tables)
    for (const i of t.indicators) {
      const at = `indicators.${i.id}`;
      claim(i.id, t.file, `${at}.id`);
      for (const d of i.deprecated_ids ?? []) claim(d.id, t.file, `${at}.deprecated_ids.${d.id}`);
      if (!layers.has(i.layer)) emit(t.file, `${at}.layer`, `"${i.layer}" is not a layer of sources/layers.json`);
      for (const topic of i.topics)
        if (!topics.has(topic)) emit(t.file, `${at}.topics`, `"${topic}" is not a topic of sources/topics.json`);
      checkRowReview(i, (field, message) => emit(t.file, `${at}.${field}`, message));
    }
  for (const t of r.tables)
    for (const i of t.indicators)
      for (const s of i.same_concept ?? [])
        if (!ids.has(s.indicator) || s.indicator === i.id)
          emit(t.file, `indicators.${i.id}.same_concept`, `"${s.indicator}" is not another indicator of the registry`);
  for (const t of r.tables) checkReaderMetrics(t, emit);
  return issues;
}

/** The metrics a reader's parameters name; null for a reader whose metrics are its own layout's. */
export function readerMetrics(t: LoadedTable): string[] | null {
  const reader = t.reader;
  switch (reader.kind) {
    case 'bns-csv':
    case 'nbk-csv':
      return [reader.metric];
    case 'year-grid':
      return reader.sheets.flatMap((s) => s.blocks.map((b) => b.metric));
    case 'period-grid':
      return reader.parts.flatMap((p) => [p.metric, ...(p.cumulativeMetric ? [p.cumulativeMetric] : [])]);
    case 'dynamic-table':
      return reader.parts.flatMap((p) => [
        ...p.blocks.flatMap((b) => (b.metric === undefined ? Object.values(b.rows ?? {}) : [b.metric])),
        ...Object.values(p.subColumns ?? {}).flatMap((s) => [...(s.metric === undefined ? [] : [s.metric]), ...Object.values(s.rows ?? {})]),
      ]);
    case 'bulletin-table':
      return reader.parts.flatMap((p) => Object.values(p.columns).flatMap((c) => (c.metric === undefined ? [] : [c.metric])));
    default:
      return null;
  }
}

function checkReaderMetrics(t: LoadedTable, emit: (file: string, field: string, message: string) => void): void {
  const named = readerMetrics(t);
  if (named === null) return;
  const own = new Set(t.indicators.map((i) => i.id));
  for (const m of new Set(named))
    if (!own.has(m)) emit(t.file, `reader`, `names metric "${m}", which is no indicator of its table`);
  for (const i of t.indicators)
    if (!named.includes(i.id)) emit(t.file, `indicators.${i.id}`, `its table's reader yields no "${i.id}"`);
  const reader = t.reader;
  const notes = reader.kind === 'period-grid' ? (reader.periodNotes ?? []) : [];
  const doubtful =
    reader.kind === 'period-grid' || reader.kind === 'year-grid' || reader.kind === 'dynamic-table' || reader.kind === 'bulletin-table'
      ? (reader.suspicious ?? [])
      : [];
  for (const n of [...notes, ...doubtful])
    if (!own.has(n.metric)) emit(t.file, 'reader', `a note names metric "${n.metric}", which is no indicator of its table`);
}
