// The shape of the Bureau's dynamic tables with the periods down the rows and the series across
// (bns-dynamic/NOTES.md: "Consumer price index in the Republic of Kazakhstan", 2022-2025): a year alone
// in column A, then its months down, one row each; the columns named by the header rows above the
// first year, the top row naming the block (a base of the index, carried right over the columns under
// it: "To the previous month") and the lowest name under it the column ("goods and services", "food").
// Each cell is returned as the across shape returns it (bns-dynamic-table.ts): its block, the column's
// name as its label, its address and its period, so a declaration maps it the same way.
// The across reader (bns-dynamic-table.ts) hands a declared sheet of this shape here; the types are
// its own, structurally the across reader's, so no import comes back to it.
import * as XLSX from '@e965/xlsx';
import { readDynamicCell, type DynamicValue } from './bns-dynamic-cell.js';
import { periodUnder, type PeriodsAre } from './bns-dynamic-periods.js';
import type { PeriodBounds } from './bns-periods.js';

interface Block {
  heading: string | null;
  id: string;
}
interface DownCell extends DynamicValue {
  block: string;
  label: string;
  address: string;
  period: PeriodBounds;
  header: string;
  sub: null;
}

const squash = (t: string) => t.replace(/[\s\u00a0]+/gu, ' ').trim();

export function readPeriodsDown(
  ws: XLSX.WorkSheet,
  spec: { periods: PeriodsAre; blocks: readonly Block[] },
  at: (r: number, c?: number) => string,
): { cells: DownCell[]; footnotes: Map<string, string> } {
  const range = XLSX.utils.decode_range(ws['!ref']!);
  const cell = (r: number, c: number) => ws[XLSX.utils.encode_cell({ r, c })] as XLSX.CellObject | undefined;
  const text = (r: number, c: number) => {
    const x = cell(r, c);
    return x === undefined || x.t === 'z' ? '' : squash(String(x.v));
  };
  const yearOf = (r: number) => {
    const x = cell(r, 0);
    return x?.t === 'n' && Number.isInteger(x.v) && (x.v as number) >= 1900 && (x.v as number) <= 2100 ? (x.v as number) : null;
  };
  const valueColumns = [...Array(range.e.c).keys()].map((i) => i + 1);
  const filled = (r: number) => valueColumns.filter((c) => text(r, c) !== '' || cell(r, c)?.t === 'n');
  let first = range.s.r;
  while (first <= range.e.r && yearOf(first) === null) first++;
  if (first > range.e.r) throw new Error(`${at(range.s.r)}: no year alone in column A above the months`);
  const headers = [...Array(first - range.s.r).keys()].map((i) => range.s.r + i).filter((r) => filled(r).length > 0 && text(r, 0) === '');
  if (headers.length < 2) throw new Error(`${at(first)}: no header rows naming the blocks and the columns above the first year`);

  // the top header row names the blocks (carried right); the lowest name under it names the column
  const columns = new Map<number, { block: Block; label: string }>();
  let top = '';
  for (const c of valueColumns) {
    top = text(headers[0]!, c) || top;
    const label = headers.slice(1).reverse().map((r) => text(r, c)).find((t) => t !== '');
    if (label === undefined) continue;
    const block = spec.blocks.find((b) => b.heading === top);
    if (!block) throw new Error(`${at(headers[0]!, c)}, field label: a heading "${top}" the declaration does not name`);
    if ([...columns.values()].some((x) => x.block === block && x.label === label))
      throw new Error(`${at(headers.at(-1)!, c)}, field label: "${label}" twice under "${top}"`);
    columns.set(c, { block, label });
  }

  const cells: DownCell[] = [];
  const seen = new Set<string>();
  let year: number | null = null;
  for (let r = first; r <= range.e.r; r++) {
    const own = yearOf(r);
    const inRow = filled(r);
    if (own !== null) {
      if (inRow.length > 0) throw new Error(`${at(r, inRow[0])}, field value: a value in the row of the year ${own}`);
      year = own;
      continue;
    }
    const label = text(r, 0);
    if (label === '') {
      if (inRow.length > 0) throw new Error(`${at(r, inRow[0])}, field value: a value in a row without a month`);
      continue;
    }
    const p = year === null ? null : periodUnder(label, year, spec.periods);
    if (p === null) throw new Error(`${at(r)}, field label: "${label}" is not a month of the year above it`);
    if (seen.has(p.bounds.period)) throw new Error(`${at(r)}, field label: ${p.header} twice`);
    seen.add(p.bounds.period);
    for (const c of inRow) if (!columns.has(c)) throw new Error(`${at(r, c)}, field value: a value in a column without a name`);
    for (const [c, col] of columns) {
      const read = readDynamicCell(cell(r, c), new Set(), `${at(r, c)} ("${col.label}", "${p.header}")`);
      cells.push({ ...read, block: col.block.id, label: col.label, address: XLSX.utils.encode_cell({ r, c }), period: p.bounds, header: p.header, sub: null });
    }
  }
  for (const b of spec.blocks) if (![...columns.values()].some((x) => x.block === b)) throw new Error(`${at(headers[0]!)}: block "${b.heading}" has no columns`);
  return { cells, footnotes: new Map() };
}
