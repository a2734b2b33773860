// The Bureau's dynamic tables (bns-dynamic/*, NOTES.md there) as points of declared indicators: the
// `dynamic-table` reader of sources/datasets/ (compiled by src/sources/registry/compile.ts). Each part
// is a sheet read by its shape (bns-dynamic-table.ts); each block of rows is one indicator whose rows
// are places (a table by region), or rows that are indicators of one place (a national table by
// product group). A row the declaration does not map fails the build naming the cell, so a changed
// table is never published under the wrong place or indicator. Footnotes reach exactly the values
// their markers and declared scope cover (bns-footnotes.ts); a footnote that says its row holds
// another place for some years moves those values to that place (the "including"/"data for the
// South Kazakhstan region" notes), and a cell the notes name as doubtful is flagged.
import type { Point } from './records.js';
import { markTableBorders } from './bns-breaks.js';
import { applyFootnotes, type FootnoteScope, type MarkedCell } from './bns-footnotes.js';
import { readDynamicTable } from './bns-dynamic-table.js';
import type { DynamicPointsPart, DynamicTableSpec } from './bns-dynamic-spec.js';
import type { DynamicTableReader } from './registry/dynamic-table-schema.js';
import { instantPeriod, quarterPeriod, type PeriodBounds } from './bns-periods.js';
import { isPartYearToDate } from '../lib/period-labels.js';
import { flagCells, type DoubtfulCell } from './bns-period-grid.js';

export type { DynamicPointsPart } from './bns-dynamic-spec.js';

/** A row's values for some years that are another place's, as the table's footnote says. */
export type DynamicMove = Omit<NonNullable<DynamicTableReader['moves']>[number], 'years'> & {
  // the schema fixes a range's shape ([from, to]); FromSchema cannot type a tuple
  years: readonly [number, number];
};

export interface DynamicPointsSpec {
  source_id: string;
  parts: DynamicPointsPart[];
  /** Row label (without its glued footnote key) -> place, for blocks whose rows are places. */
  places: Record<string, string>;
  units: Record<string, string>;
  footnotes: FootnoteScope[];
  moves: DynamicMove[];
  suspicious: DoubtfulCell[];
}

function fourthQuarterOf(p: PeriodBounds, where: string): PeriodBounds {
  if (!/^\d{4}$/u.test(p.period)) throw new Error(`${where}: a IV quarter's value under a header that is not a year (${p.period})`);
  return quarterPeriod(Number(p.period), 4);
}

function endOf(p: PeriodBounds, where: string): PeriodBounds {
  if (isPartYearToDate(p.period)) throw new Error(`${where}: a total from 1 January (${p.period}) cannot be a value at the end of the period`);
  return instantPeriod(p.period_end);
}

const columnOf = (address: string) => /^[A-Z]+/u.exec(address)![0].split('').reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);

/** The shape reader's spec of a declared part: its blocks by index, the declared shape options as they are. */
export function tableSpecOf(part: DynamicPointsPart): DynamicTableSpec {
  const { blocks, place: _place, skip: _skip, subColumns, estimatesByTitle: _estimates, overlap: _overlap, ...shape } = part;
  return {
    ...shape,
    ...(subColumns === undefined ? {} : { subColumns: Object.keys(subColumns) }),
    blocks: blocks.map((b, i) => ({
      heading: b.heading,
      id: String(i),
      ...(b.within === undefined ? {} : { within: b.within }),
      ...(b.segment === undefined ? {} : { segment: b.segment }),
    })),
  };
}

export async function readDynamicPoints(path: string, spec: DynamicPointsSpec): Promise<Point[]> {
  const cells: MarkedCell[] = [];
  const footnotes: Map<string, string>[] = [];
  const onSkipped = new Set<string>();
  for (const [index, part] of spec.parts.entries()) {
    for (const b of part.blocks)
      if (b.skip ? b.metric !== undefined || b.rows !== undefined : (b.metric === undefined) === (b.rows === undefined))
        throw new Error(`${path}, sheet "${part.sheet}": block "${b.heading ?? 'top'}" needs either a metric (rows are places) or rows (each an indicator), or neither when skipped`);
    const table = await readDynamicTable(path, tableSpecOf(part));
    footnotes.push(table.footnotes);
    const estimates = estimatesOf(path, part, table.title);
    for (const c of table.cells) {
      const block = part.blocks[Number(c.block)]!;
      const sub = c.sub === null || part.placesAcross ? undefined : part.subColumns?.[c.sub];
      if (part.skip?.includes(c.label) || block.skip || sub?.skip || sub?.skipRows?.includes(c.label)) {
        // a footnote on a row published from another table goes with the row: read, not applied here
        for (const k of c.markers) onSkipped.add(k);
        continue;
      }
      const where = `${path}, sheet "${part.sheet}", cell ${c.address}`;
      const metric = sub?.metric ?? (block.metric === undefined ? (sub?.rows ?? block.rows)?.[c.label] : block.metric);
      const byRow = block.rowDimensions?.[c.label];
      const dimensions = block.dimensions === undefined && sub?.dimensions === undefined && byRow === undefined ? undefined : { ...block.dimensions, ...sub?.dimensions, ...byRow };
      // a sheet of years down the rows is one place's (its rows are years, not places)
      // or its places across, a column group each (the column's place is its sub-column)
      const place = part.placesAcross ? spec.places[c.sub!] : block.metric === undefined || part.yearsDown ? (part.place ?? 'KZ') : spec.places[c.label];
      if (metric === undefined || place === undefined)
        throw new Error(`${where}, field label: row "${c.label}" is not mapped by the declaration (block "${block.heading ?? 'top'}")`);
      const unit = unitOver(part, c.address, spec.units[metric]!);
      cells.push({
        metric,
        place,
        ...(block.atEnd ? endOf(c.period, where) : block.fourthQuarter ? fourthQuarterOf(c.period, where) : c.period),
        value: c.value,
        null_reason: c.nullReason,
        status: estimates === null || c.value === null ? 'final' : 'estimate',
        unit: unit.unit,
        source_id: spec.source_id,
        note: notesOf(c.value === null ? c.notes : [...(estimates === null ? [] : [estimates]), ...unit.notes, ...c.notes]),
        ...(dimensions === undefined ? {} : { dimensions }),
        markers: c.markers,
        table: index,
        column: columnOf(c.address),
        where,
      });
    }
  }
  const published = withoutOverlaps(path, spec.parts, cells, onSkipped);
  published.push(...applyMoves(path, published, footnotes, spec.moves));
  applyFootnotes(path, published, footnotes, spec.footnotes, new Set([...spec.moves.map((m) => m.footnote), ...onSkipped]), spec.parts.map((p) => p.sheet));
  const points: Point[] = published.map(({ markers: _m, table: _t, column: _c, where: _w, ...p }) => p);
  flagCells(path, points, spec.suspicious, []);
  markTableBorders(points);
  return points;
}

/** The unit of a cell under a declared unit cell (the nearest at or left of its column), said on the value. */
function unitOver(part: DynamicPointsPart, address: string, declared: string): { unit: string; notes: string[] } {
  const over = Object.entries(part.unitCells ?? {})
    .filter(([a]) => columnOf(a) <= columnOf(address))
    .sort(([a], [b]) => columnOf(b) - columnOf(a))[0];
  const unit = over?.[1].units?.[declared];
  if (over === undefined || unit === undefined) return { unit: declared, notes: [] };
  return { unit, notes: [`the table's unit over this column (${over[0]}): "${over[1].printed}"`] };
}

const keyOf = (c: MarkedCell) => [c.metric, c.place, c.period, c.period_start, c.period_end, JSON.stringify(c.dimensions ?? {})].join('|');

/**
 * The cells a part declares as overlapping another sheet of the table: each of the declared years
 * whose key that sheet publishes must equal it (else the build fails naming both cells) and is left
 * out, so no key is published twice; a key the other sheet does not hold is published from here.
 */
function withoutOverlaps(path: string, parts: readonly DynamicPointsPart[], cells: MarkedCell[], consumed: Set<string>): MarkedCell[] {
  let out = cells;
  for (const [index, part] of parts.entries()) {
    if (part.overlap === undefined) continue;
    const { sheet } = part.overlap;
    // the schema fixes the range's shape ([from, to]); FromSchema cannot type a tuple
    const [from, to] = part.overlap.years.map(Number) as [number, number];
    const other = parts.findIndex((p, i) => p.sheet === sheet && i !== index);
    if (other < 0) throw new Error(`${path}, sheet "${part.sheet}": the declared overlap names "${sheet}", no other part of the table`);
    const there = new Map(out.filter((c) => c.table === other).map((c) => [keyOf(c), c]));
    let checked = 0;
    out = out.filter((c) => {
      const year = Number(c.period_start.slice(0, 4));
      const twin = c.table === index && year >= from && year <= to ? there.get(keyOf(c)) : undefined;
      if (twin === undefined) return true;
      if (twin.value !== c.value) throw new Error(`${c.where}: ${c.value} read, while ${twin.where} publishes ${twin.value} for the same key (declared overlap)`);
      for (const k of c.markers) consumed.add(k);
      checked++;
      return false;
    });
    if (checked === 0) throw new Error(`${path}, sheet "${part.sheet}": the declared overlap with "${sheet}" in ${from}-${to} reaches no cell`);
  }
  return out;
}

const notesOf = (notes: string[]) => (notes.length > 0 ? notes.join('; ') : null);

/** What a part whose title calls its values estimates says on each of them, or null for a part of published figures. */
function estimatesOf(path: string, part: DynamicPointsPart, title: string | undefined): string | null {
  if (part.estimatesByTitle === undefined) return null;
  if (title === undefined || !title.includes(part.estimatesByTitle))
    throw new Error(`${path}, sheet "${part.sheet}": the title "${title ?? ''}" does not say "${part.estimatesByTitle}" (declared estimatesByTitle)`);
  return `the table's title: "${title}": the Bureau's estimate, not a survey result`;
}

/**
 * Gives a row's values of the footnote's years to the place they are of: the row keeps a null with
 * the reason, the other place gets the value with the footnote's words. The footnote must print the
 * declared years, so a changed table fails rather than moving the wrong values.
 */
function applyMoves(path: string, cells: MarkedCell[], footnotes: Map<string, string>[], moves: readonly DynamicMove[]): MarkedCell[] {
  const out: MarkedCell[] = [];
  for (const m of moves) {
    const text = footnotes.map((f) => f.get(m.footnote)).find((t) => t !== undefined);
    if (text === undefined) throw new Error(`${path}: no footnote "${m.footnote}" for the move of ${m.from} to ${m.to}`);
    if (!text.includes(`${m.years[0]}`) || !text.includes(`${m.years[1]}`))
      throw new Error(`${path}: footnote "${m.footnote} ${text}" does not print the years ${m.years[0]}-${m.years[1]}`);
    let n = 0;
    for (const c of cells) {
      const y = Number(c.period_start.slice(0, 4));
      if (c.place !== m.from || y < m.years[0] || y > m.years[1]) continue;
      n++;
      const words = `footnote ${m.footnote} of the table: ${text} (${m.note})`;
      out.push({ ...c, place: m.to, markers: c.markers.filter((k) => k !== m.footnote), note: c.value === null ? null : c.note === null ? words : `${words}; ${c.note}` });
      Object.assign(c, { value: null, note: null, markers: [], null_reason: `the table's row for this place holds ${m.to} in ${m.years[0]}-${m.years[1]} (${m.note})` });
    }
    if (n === 0) throw new Error(`${path}: the move of ${m.from} ${m.years[0]}-${m.years[1]} to ${m.to} reaches no cell`);
  }
  return out;
}
