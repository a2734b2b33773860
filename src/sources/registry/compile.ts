// A declared table's reader parameters (reader-schemas.ts) made into the spec its reader takes: the
// source and units from the declaration (an indicator's unit is the unit of its points), regular
// expressions compiled, period rules made into the header parser (periods.ts).
import type { BnsCsvSpec } from '../bns-csv.js';
import type { NbkSpec } from '../nbk-csv.js';
import type { DoubtfulCell, GridPart, PeriodGridSpec } from '../bns-period-grid.js';
import type { MarkerRule, YearGridSpec } from '../bns-year-grid.js';
import { DIMENSION_IDS, type DimensionCodes } from '../../lib/dimensions.js';
import type { LoadedTable } from './load.js';
import type { FootnoteScope } from '../bns-footnotes.js';
import type { DynamicPointsSpec } from '../bns-dynamic-points.js';
import type { BulletinPointsSpec } from '../bns-bulletin-points.js';
import type { BnsCsvReader, BulletinTableReader, DynamicTableReader, Footnotes, NbkCsvReader, PeriodGridReader, YearGridReader } from './reader-schemas.js';
import { periodParser } from './periods.js';
import { readerMetrics } from './checks.js';

const re = (source: string) => new RegExp(source, 'u');

/**
 * Dimension codes in the model's order of dimensions (src/lib/dimensions.ts), whatever order the
 * declaration writes them in: readers compare positions and make series keys from them.
 */
function inOrder<T extends { dimensions?: DimensionCodes }>(x: T): T {
  if (x.dimensions === undefined) return x;
  const codes = x.dimensions;
  return { ...x, dimensions: Object.fromEntries(DIMENSION_IDS.filter((d) => codes[d] !== undefined).map((d) => [d, codes[d]])) };
}

/** The unit of a metric of the table: its indicator's. */
function unitOf(table: LoadedTable, metric: string): string {
  const indicator = table.indicators.find((i) => i.id === metric);
  if (!indicator) throw new Error(`sources/${table.file}: no indicator "${metric}" in the table of ${table.source.id}`);
  return indicator.unit;
}

/** The one snapshot a single-file reader reads. */
export function onlySnapshot(table: LoadedTable): string {
  if (table.snapshots.length !== 1)
    throw new Error(`sources/${table.file}: the ${table.reader.kind} reader of ${table.source.id} reads one snapshot, ${table.snapshots.length} declared`);
  return table.snapshots[0]!;
}

export function bnsCsvSpec(table: LoadedTable, r: BnsCsvReader): BnsCsvSpec {
  return {
    metric: r.metric,
    unit: unitOf(table, r.metric),
    source_id: table.source.id,
    ...(r.decimals === undefined ? {} : { decimals: r.decimals }),
    ...(r.annotations === undefined ? {} : { annotations: r.annotations }),
  };
}

export function nbkSpec(table: LoadedTable, r: NbkCsvReader): NbkSpec {
  return { path: onlySnapshot(table), source_id: table.source.id, metric: r.metric, unit: unitOf(table, r.metric), dates: r.dates };
}

const moveRule = (m: YearGridReader['markers'][number]): MarkerRule => ({
  ...m,
  footnote: m.footnote === null ? null : re(m.footnote),
});

/** A declared footnote's scope, its words compiled. */
const footnoteScope = ({ years, ...f }: Footnotes[number]): FootnoteScope => ({
  ...f,
  says: re(f.says),
  // the schema fixes a range's shape ([from, to or null]); FromSchema cannot type a tuple
  ...(years === undefined
    ? {}
    : { years: years.map((y) => [y[0] as number, (y[1] as number | null) ?? null] as const) }),
});

export function yearGridSpec(table: LoadedTable, r: YearGridReader): YearGridSpec & { suspicious: DoubtfulCell[] } {
  const units = new Set(r.sheets.flatMap((s) => s.blocks.map((b) => unitOf(table, b.metric))));
  if (units.size !== 1) throw new Error(`sources/${table.file}: the year grid of ${table.source.id} yields one unit, its indicators have ${[...units].join(', ')}`);
  return {
    source_id: table.source.id,
    unit: [...units][0]!,
    sheets: r.sheets.map((s) => ({ ...s, blocks: s.blocks.map(inOrder) })),
    markers: r.markers.map(moveRule),
    ...(r.footnotes === undefined ? {} : { footnotes: r.footnotes.map(footnoteScope) }),
    suspicious: r.suspicious ?? [],
  };
}

export function periodGridSpec(table: LoadedTable, r: PeriodGridReader): PeriodGridSpec {
  const parts: GridPart[] = r.parts.map((p) => ({
    ...p,
    unit: unitOf(table, p.metric),
    ...(p.blocks === undefined ? {} : { blocks: p.blocks.map((b) => inOrder(b)) }),
  }));
  return {
    source_id: table.source.id,
    parts,
    period: periodParser(r.period),
    labelMarker: re(r.labelMarker),
    footnote: re(r.footnote),
    ...(r.legend === undefined ? {} : { legend: r.legend.map(re) }),
    nullTexts: r.nullTexts,
    ...(r.textNumbers === undefined ? {} : { textNumbers: r.textNumbers }),
    ...(r.footnotes === undefined ? {} : { footnotes: r.footnotes.map(footnoteScope) }),
    ...(r.suspicious === undefined ? {} : { suspicious: r.suspicious }),
    ...(r.periodNotes === undefined ? {} : { periodNotes: r.periodNotes.map(inOrder) }),
    ...(r.moves === undefined ? {} : { moves: r.moves.map((m) => ({ ...m, footnote: re(m.footnote!) })) }),
  };
}

export function dynamicTableSpec(table: LoadedTable, r: DynamicTableReader): DynamicPointsSpec {
  const metrics = readerMetrics(table) ?? [];
  return {
    source_id: table.source.id,
    parts: r.parts.map((p) => ({ ...p, blocks: p.blocks.map(inOrder) })),
    places: r.places ?? {},
    units: Object.fromEntries(metrics.map((m) => [m, unitOf(table, m)])),
    footnotes: (r.footnotes ?? []).map(footnoteScope),
    // the schema fixes a range's shape ([from, to]); FromSchema cannot type a tuple
    moves: (r.moves ?? []).map((m) => ({ ...m, years: [m.years[0] as number, m.years[1] as number] as const })),
    suspicious: r.suspicious ?? [],
  };
}

export function bulletinTableSpec(table: LoadedTable, r: BulletinTableReader): BulletinPointsSpec {
  const metrics = readerMetrics(table) ?? [];
  return {
    source_id: table.source.id,
    period: r.period,
    parts: r.parts.map((p) => inOrder(p)),
    places: r.places,
    units: Object.fromEntries(metrics.map((m) => [m, unitOf(table, m)])),
    suspicious: r.suspicious ?? [],
  };
}
