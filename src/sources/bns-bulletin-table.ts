// Reader of the Bureau's regional bulletin tables (snapshots bns-2026/*, their traps in the snapshots
// README): one period for the whole sheet, the country and the regions down column A, one measure per
// column across, under a header of one to four rows whose cells name it ("Число" over "водопроводных
// сооружений", "из них" over "водозаборных сооружений"). Unlike a dynamic table (bns-dynamic-table.ts)
// no header cell is a period: the declaration gives the period, and each column by its letter and the
// words printed over it, joined top-down. A column whose words differ, a value in a column the
// declaration does not name, a row label that is no declared place, or a place twice fails the build
// naming the cell, so a changed bulletin is never published under the wrong measure or place.
// Cells are read as the dynamic tables' are (bns-dynamic-cell.ts: "-" no case, "x" confidential,
// "…" not available), and "0,0" of the legend, a cell shown 0.0, is an insignificant value: 0 with
// that note. The table ends at a declared label (the bulletin's number over its authors' names and
// phones), and nothing at or under it is read. Only cell values are read: no file property.
import { readFile } from 'node:fs/promises';
import * as XLSX from '@e965/xlsx';
import { readDynamicCell, type DynamicValue } from './bns-dynamic-cell.js';

export interface BulletinColumn {
  /** The column's words as printed over it, each cell above the first row of data joined top-down, spaces collapsed. */
  header: string;
}

export interface BulletinTableSpec {
  sheet: string;
  /** Column letter -> its printed header. */
  columns: Record<string, BulletinColumn>;
  /** Row labels that are places (the reader checks each is one of them, once). */
  places: readonly string[];
  /** The label of the first row after the table: it and every row under it are never read. */
  endsAt?: string;
  /** Labels of rows under the table that are neither places nor data (a note, a legend line). */
  ignore?: readonly string[];
  /** The column of the row labels (0 = A; 1 = B, column A empty). */
  labelColumn?: number;
  /**
   * Headings of blocks of places down the sheet ("Total", "In urban areas", "In the countryside"): a
   * row with only the label opens its block, and each place is once in each block; absent: one block.
   */
  blocks?: readonly string[];
}

export interface BulletinCell extends DynamicValue {
  label: string;
  /** The index of its block among the declared headings (0 when none is declared). */
  block: number;
  column: string;
  /** "B5": the cell on its sheet. */
  address: string;
}

export const INSIGNIFICANT = 'the cell shows 0.0: by the legend of the bulletin ("0,0", "0.0"), an insignificant value, less than half the last decimal shown; none is "-"';

const squash = (t: string) => t.replace(/[\s\u00a0]+/gu, ' ').trim();

export async function readBulletinTable(path: string, spec: BulletinTableSpec): Promise<BulletinCell[]> {
  // only the declared sheet is parsed: the bulletin's other sheets (the one with the authors) are not read
  const wb = XLSX.read(await readFile(path), { sheets: spec.sheet, cellFormula: true, cellNF: true, cellHTML: false, cellText: false });
  const ws = wb.Sheets[spec.sheet];
  if (!ws || !ws['!ref']) throw new Error(`${path}: no sheet "${spec.sheet}" (sheets: ${wb.SheetNames.join(', ')})`);
  const range = XLSX.utils.decode_range(ws['!ref']);
  const cell = (r: number, c: number) => ws[XLSX.utils.encode_cell({ r, c })] as XLSX.CellObject | undefined;
  const text = (r: number, c: number) => {
    const x = cell(r, c);
    return x === undefined || x.t === 'z' ? '' : squash(String(x.v));
  };
  const lc = spec.labelColumn ?? 0;
  const at = (r: number, c = lc) => `${path}, sheet "${spec.sheet}", cell ${XLSX.utils.encode_cell({ r, c })}`;
  const places = new Set(spec.places);

  const headings = spec.blocks ?? [];
  let first = range.s.r;
  while (first <= range.e.r && !places.has(text(first, lc)) && !headings.includes(text(first, lc))) first++;
  if (first > range.e.r) throw new Error(`${path}, sheet "${spec.sheet}": no row labelled with a declared place`);
  let last = range.e.r;
  if (spec.endsAt !== undefined) {
    let end = first;
    while (end <= range.e.r && text(end, lc) !== spec.endsAt) end++;
    if (end > range.e.r) throw new Error(`${path}, sheet "${spec.sheet}": no row "${spec.endsAt}" ends the table`);
    last = end - 1;
  }

  const declared = new Map<number, string>();
  for (const [letter, col] of Object.entries(spec.columns)) {
    const c = XLSX.utils.decode_col(letter);
    if (c <= lc) throw new Error(`${path}, sheet "${spec.sheet}": column ${letter} is not right of the label column`);
    const printed = squash([...Array(first - range.s.r).keys()].map((i) => text(range.s.r + i, c)).join(' '));
    if (printed !== col.header)
      throw new Error(`${at(first - 1, c)}, field header: column ${letter} is headed "${printed}", the declaration says "${col.header}"`);
    declared.set(c, letter);
  }

  const cells: BulletinCell[] = [];
  let seen = new Map<string, string>();
  const filled = (r: number, c: number) => text(r, c) !== '' || cell(r, c)?.t === 'n';
  let block = headings.length === 0 ? 0 : -1;
  for (let r = first; r <= last; r++) {
    const label = text(r, lc);
    for (let c = 0; c < lc; c++) if (filled(r, c)) throw new Error(`${at(r, c)}, field label: a cell left of the label column`);
    const valued = [...Array(Math.max(0, range.e.c - lc)).keys()].map((i) => i + lc + 1).filter((c) => filled(r, c));
    if (label === '' && valued.length === 0) continue;
    const heading = headings.indexOf(label);
    if (heading >= 0 && valued.length === 0) {
      if (heading !== block + 1) throw new Error(`${at(r)}, field label: block "${label}" out of the declared order`);
      [block, seen] = [heading, new Map()];
      continue;
    }
    if (block < 0) throw new Error(`${at(r)}, field label: row "${label}" before the first declared block`);
    if (!places.has(label)) {
      if (valued.length === 0 && spec.ignore?.includes(label)) continue;
      throw new Error(`${at(r)}, field label: row "${label}" is no place the declaration names`);
    }
    if (seen.has(label)) throw new Error(`${at(r)}, field label: "${label}" twice (first at ${seen.get(label)})`);
    seen.set(label, at(r));
    for (const c of valued)
      if (!declared.has(c)) throw new Error(`${at(r, c)}, field value: a value in a column the declaration does not name`);
    for (const [c, letter] of declared) {
      const address = XLSX.utils.encode_cell({ r, c });
      const read = readDynamicCell(cell(r, c), new Set(), `${at(r, c)} ("${label}", column ${letter})`);
      // the bulletins' legend: "0,0" is an insignificant value, not none ("-")
      if (read.value === 0) read.notes.push(INSIGNIFICANT);
      cells.push({ ...read, label, block, column: letter, address });
    }
  }
  if (headings.length > 0 && block !== headings.length - 1) throw new Error(`${path}, sheet "${spec.sheet}": block "${headings[block + 1]}" not found`);
  return cells;
}
