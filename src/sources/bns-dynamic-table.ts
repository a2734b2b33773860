// Reader of one shape of the Bureau's dynamic tables (bns-dynamic/*, NOTES.md there): periods across
// (one column per year, per part of a year, or quarters under their year: bns-dynamic-periods.ts),
// labelled rows down, optionally in blocks that a heading row opens (another base of a price index:
// "at the end of the period, by December of the previous year", "to the previous year"; another
// measure: "Employed population, thsd. persons"). Footnotes printed under the table ("1) ...",
// "2⁾...", "*) ...") are collected first, so that a key glued to a number, label or header is told
// from its digits (bns-dynamic-cell.ts). Every cell of every labelled row under a period header is
// returned with its address, its period as the Bureau means it, and the reason when it has no value;
// a row, heading or value the declaration does not account for fails the build naming the cell.
// Declared shapes beyond that: the header repeated down the sheet, each giving the periods of the rows
// under it (years as row blocks: 1997-2009, then 2010-2022, then 2023-2024; a heading row, then the
// months again); the labels in a later column (column A the Russian label, column B the English one,
// block headings in B too); month names across, of the one year the title names; block headings in
// the first period column with the label column empty; footnote keys glued to a label before its unit
// ("...(at the age of 15-24 years)1), %"); rows that break down the row above them ("CIS countries" under
// each product), read under that row's name; the periods down the rows (bns-dynamic-down.ts).
//
// Library: @e965/xlsx (SheetJS), as every workbook reader of the build (bns-year-grid.ts says why): it
// opens both the legacy BIFF8 files (31 of them, named .xlsx at the origin) and the OOXML ones, by
// their bytes, not their name. Only cell values are read: no file property (author, last saved by)
// is ever taken from a workbook.
import { readFile } from 'node:fs/promises';
import * as XLSX from '@e965/xlsx';
import { normaliseKey, readDynamicCell, readUnitCell, type DynamicValue } from './bns-dynamic-cell.js';
import { misprintedCells, misprintedHeaders, strayCells } from './bns-dynamic-misprints.js';
import { lastRow } from './bns-dynamic-end.js';
import { periodUnder, type ColumnPeriod, type PeriodsAre } from './bns-dynamic-periods.js';
import { findHeader, headerAt, headerRowsAt, headingInValues, placesHeaderAt } from './bns-dynamic-header.js';
import type { DynamicBlock, DynamicTableSpec } from './bns-dynamic-spec.js';

export type { DynamicBlock, DynamicTableSpec } from './bns-dynamic-spec.js';
import { readPeriodsDown } from './bns-dynamic-down.js';

export interface DynamicCell extends DynamicValue {
  block: string;
  /** The row's label without its glued footnote key. */
  label: string;
  /** "B5": the cell on its sheet. */
  address: string;
  period: ColumnPeriod['bounds'];
  header: string;
  /** The column under its year (a declared sub-column), or null. */
  sub: string | null;
}

export interface DynamicTable {
  cells: DynamicCell[];
  /** Footnotes printed under the table: key ("1)", "*") -> text. */
  footnotes: Map<string, string>;
  /** The declared methodology column's text by the label of its row (a heading's or a row's). */
  methodology?: Map<string, string>;
  /** The table's title, as printed above its header (spaces collapsed); '' when none is printed. */
  title?: string;
}

// a key as printed: "1)", "1 )", "2⁾", "*)", "*"
const FOOTNOTE = /^(\d+ ?[)\u207e]|\*+\)?)\s*(.+)$/su;
// one key or several ("mln.tenge1) 2)", "Belarus1,2)"), or asterisks, at the end of a label
const LABEL_KEY = /^(.*?\S)\s*((?:\d+(?:,\d+)*[)\u207e]\s*)+|\*+)$/u;
// a ")" closing a parenthesis the label opened is the label's: "...(excl. motor vehicles of heading 8702)" has no key 8702)
const labelKey = (label: string, m = LABEL_KEY.exec(label)) => (m && m[1]!.split('(').length > m[1]!.split(')').length ? null : m);
/** The keys of a label's glued suffix: "1) 2)" and "1,2)" are "1)" and "2)"; "*" stays. */
// a key glued before the unit that ends the label: "...years)1), %" -> "...years), %" and "1)"
const KEY_BEFORE_UNIT = /^(.*?\S)((?:\d+[)\u207e])+)(,\s*[^,()]+)$/u;
const keysOf = (suffix: string): string[] =>
  suffix.startsWith('*') ? [suffix] : [...suffix.matchAll(/\d+(?:,\d+)*[)\u207e]/gu)].flatMap((m) => m[0].replace(/[)\u207e]$/u, '').split(',').map((k) => `${k})`));
const squash = (t: string) => t.replace(/[\s\u00a0]+/gu, ' ').trim();

export async function readDynamicTable(path: string, spec: DynamicTableSpec): Promise<DynamicTable> {
  const wb = XLSX.read(await readFile(path), {
    // only the declared sheet is parsed: a workbook's other sheets are not read at all
    sheets: spec.sheet,
    cellFormula: true,
    cellNF: true,
    cellHTML: false,
    cellText: false,
  });
  const ws = wb.Sheets[spec.sheet];
  if (!ws || !ws['!ref']) throw new Error(`${path}: no sheet "${spec.sheet}" (sheets: ${wb.SheetNames.join(', ')})`);
  const range = XLSX.utils.decode_range(ws['!ref']);
  const stray = strayCells(spec.strayCells, (a) => `${path}, sheet "${spec.sheet}", cell ${a}`);
  const cell = (r: number, c: number) => stray.hide(XLSX.utils.encode_cell({ r, c }), ws[XLSX.utils.encode_cell({ r, c })] as XLSX.CellObject | undefined);
  // a header cell is read as the table means it where the declaration names its misprint
  const { headerCell, noteOf } = misprintedHeaders(cell, spec.headerMisprints);
  const text = (r: number, c: number) => {
    const x = cell(r, c);
    return x === undefined || x.t === 'z' ? '' : squash(String(x.v));
  };
  const at = (r: number, c = 0) => `${path}, sheet "${spec.sheet}", cell ${XLSX.utils.encode_cell({ r, c })}`;
  if (spec.periodsDown) return readPeriodsDown(ws, spec, at);
  const lc = spec.labelColumn ?? 0;
  // a label, heading, title or footnote: the label column, or the first text left of it
  const labelText = (r: number) => [...Array(lc + 1).keys()].map((c) => text(r, lc - c)).find((t) => t !== '') ?? '';

  for (const [address, { printed }] of Object.entries(spec.unitCells ?? {})) {
    const { r, c } = XLSX.utils.decode_cell(address);
    if (text(r, c) !== printed) throw new Error(`${at(r, c)}, field unit: "${text(r, c)}" printed, the declaration says "${printed}"`);
  }
  const first = findHeader(range, headerCell, spec, at);
  let { columns } = first;
  const filled = (r: number, c: number) => text(r, c) !== '' || cell(r, c)?.t === 'n';
  const methodologyAt = methodologyColumnOf(first.headerRow, range.e.c, text, spec.methodologyColumn, at);
  const valueColumns = [...Array(Math.max(0, range.e.c - lc)).keys()].map((i) => i + lc + 1).filter((c) => c !== methodologyAt && c !== spec.unitColumn);
  const methodology = new Map<string, string>();
  const misprints = misprintedCells(spec.cellMisprints, (a) => `${path}, sheet "${spec.sheet}", cell ${a}`);

  // Footnotes first: their keys decide how a glued key is cut from a number.
  const footnotes = new Map<string, string>();
  const footnoteRows = new Set<number>();
  const last = lastRow(first.headerRow, range.e.r, labelText, spec.endsAt, at);
  for (let r = first.headerRow + 1; r <= last; r++) {
    const keyless = Object.entries(spec.keylessFootnotes ?? {}).find(([, start]) => labelText(r).startsWith(start));
    if (keyless && !valueColumns.some((c) => filled(r, c))) {
      footnotes.set(keyless[0], labelText(r));
      footnoteRows.add(r);
    }
    const m = FOOTNOTE.exec(labelText(r));
    if (m && !valueColumns.some((c) => filled(r, c))) {
      const key = normaliseKey(m[1]!).replace(' ', '').replace(/^(\*+)\)$/u, '$1');
      // a key printed twice under one table (the youth self-employed by status: "1)" the ILO structure,
      // then "1)" the youth ages) keeps both texts: the marker reaches both, neither is chosen
      const before = footnotes.get(key);
      footnotes.set(key, before === undefined ? squash(m[2]!) : `${before}; and, printed under the same key, ${squash(m[2]!)}`);
    }
  }
  const unprinted = new Set(spec.unprintedKeys ?? []);
  const keys = new Set([...footnotes.keys(), ...unprinted]);
  for (const k of unprinted)
    if (footnotes.has(k)) throw new Error(`${path}, sheet "${spec.sheet}": footnote ${k} is printed; it is not an unprinted key`);
  // A key glued to the table's title (the label column above the header) reaches every value of the table.
  const titleText = (r: number) => (spec.titleColumn === undefined ? labelText(r) : text(r, spec.titleColumn));
  const title = [...Array(first.headerRow - range.s.r).keys()].map((i) => titleText(range.s.r + i)).find((t) => t !== '') ?? '';
  // or the row right under the months names it, alone ("2008 year": a sheet per year under one title)
  const yearRow = spec.monthsOf !== undefined && labelText(first.headerRow + 1) === `${spec.monthsOf} year` ? first.headerRow + 1 : null;
  if (spec.monthsOf !== undefined && !title.includes(String(spec.monthsOf)) && yearRow === null)
    throw new Error(`${path}, sheet "${spec.sheet}": neither the title "${title}" nor the row under the months names the year ${spec.monthsOf} of its months`);
  // digits glued before a key are the text's ("...for 2001-20241)": 2024 and key 1), when the table prints 1) and no 20241))
  const printed = (k: string) => {
    const digits = /^(\d+)\)$/u.exec(k)?.[1];
    if (digits === undefined || keys.has(k)) return k;
    for (let n = digits.length - 1; n >= 1; n--) if (keys.has(`${digits.slice(-n)})`)) return `${digits.slice(-n)})`;
    return k;
  };
  const titleMarkers = keysOf(labelKey(title)?.[2] ?? '').map(printed);

  const cells: DynamicCell[] = [];
  let block = spec.blocks.find((b) => b.heading === null) ?? null;
  let group: string | null = null;
  let segment = 0;
  const seen = new Map<string, string>();
  const opened = new Set<DynamicBlock>();
  let parent = null as { block: DynamicBlock; name: string } | null;
  let groupName = '';
  let headingKeys: string[] = [];
  for (let r = (yearRow ?? first.headerRow) + 1; r <= last; r++) {
    const label = text(r, lc);
    if (methodologyAt !== null && filled(r, methodologyAt)) {
      if (cell(r, methodologyAt)?.t !== 's' || label === '') throw new Error(`${at(r, methodologyAt)}, field methodology: words beside a labelled row expected`);
      methodology.set(label, text(r, methodologyAt));
    }
    // a row of words the declaration ignores, in the value columns of a row without a label (a unit
    // printed at each page's corner: "human"), is no data
    if (label === '' && valueColumns.some((c) => filled(r, c)) && valueColumns.every((c) => !filled(r, c) || spec.ignore?.includes(text(r, c)))) continue;
    // the repeated header may carry a stub in the label column ("Region name"), declared as ignored
    if (spec.repeatedHeaders && (label === '' || spec.ignore?.includes(label))) {
      // the year alone, the places and the parts of that year again (a block of rows per year)
      const places = spec.placesAcross ? placesHeaderAt(r, range, headerCell, spec, at) : null;
      if (places !== null) {
        [columns, segment, r] = [places.columns, segment + 1, places.headerRow];
        block = spec.blocks.find((b) => b.segment === segment) ?? block;
        continue;
      }
      // the years again with the parts of the year in the row under them (block after block of indicators)
      const twoRows = headerRowsAt(r, range, headerCell, spec, at);
      if (twoRows !== null && twoRows.headerRow === r + 1 && text(r + 1, lc) === '') {
        [columns, segment, r] = [twoRows.columns, segment + 1, twoRows.headerRow];
        block = spec.blocks.find((b) => b.segment === segment) ?? block;
        continue;
      }
      const again = headerAt(r, headerCell, spec, valueColumns);
      if (again !== null) {
        [columns, segment] = [again, segment + 1];
        block = spec.blocks.find((b) => b.segment === segment) ?? block;
        continue;
      }
    }
    for (const c of valueColumns)
      if (!columns.has(c) && filled(r, c) && label !== '' && !FOOTNOTE.test(label))
        throw new Error(`${at(r, c)}, field value: a value in a column without a period header`);
    for (let c = 0; c < lc; c++)
      if (c !== spec.codeColumn && cell(r, c)?.t === 'n') throw new Error(`${at(r, c)}, field value: a number in a label column`);
    // a declared heading the print layout repeats across the sheet ("Employed population" in A29, AA29,
    // BE29, BV29): its other cells are words, never a number or a convention ("-", "…", "X")
    const wordsOnly = (c: number) => !filled(r, c) || (cell(r, c)?.t === 's' && /\p{L}/u.test(text(r, c)) && !/^[Xx]$/u.test(text(r, c)));
    const repeatedHeading = spec.blocks.some((b) => b.heading === label) && valueColumns.every(wordsOnly);
    const hasValues = !repeatedHeading && [...columns.keys()].some((c) => filled(r, c));
    if (label === '' && spec.headingsInValues) {
      // the row's one filled cell, or the same text over each group of columns, names a declared block
      const heading = headingInValues(r, range, headerCell, spec);
      // a heading other blocks sit within opens their group too ("Urban population", then its "Male")
      if (heading !== null && spec.blocks.some((x) => x.within === heading)) group = heading;
      const b = spec.blocks.find((x) => x.heading !== null && x.heading === heading && (x.within === undefined || x.within === group));
      if (b) {
        block = b;
        continue;
      }
    }
    if (label === '') {
      if (hasValues) throw new Error(`${at(r)}, field label: values in a row without a label`);
      continue;
    }
    if (!hasValues) {
      if (FOOTNOTE.test(label) || footnoteRows.has(r) || spec.ignore?.includes(label)) continue;
      // a key glued to a block's heading reaches every row of the block, when the heading is declared without it
      const cut = labelKey(label);
      const heading = spec.blocks.find((b) => (b.heading === label || b.heading === cut?.[1]) && (b.within === undefined || b.within === group));
      if (heading) [block, headingKeys] = [heading, heading.heading === label ? [] : keysOf(cut![2]!).map(printed)];
      else if (spec.blocks.some((b) => b.within === label)) [group, block] = [label, null];
      else throw new Error(`${at(r, lc)}, field label: a heading "${label}" the declaration does not name`);
      continue;
    }
    if (block === null) throw new Error(`${at(r, lc)}, field label: row "${label}" before any declared block heading`);
    opened.add(block);
    const beforeUnit = spec.keysBeforeUnit && !LABEL_KEY.test(label) ? KEY_BEFORE_UNIT.exec(label) : null;
    const m = beforeUnit ? ([label, `${beforeUnit[1]!}${beforeUnit[3]!}`, beforeUnit[2]!] as const) : labelKey(label);
    const own = m ? m[1]! : label;
    const isSub = spec.subRows?.includes(own) === true;
    if (isSub && parent?.block !== block) throw new Error(`${at(r, lc)}, field label: "${label}" breaks down no row above it in its block`);
    if (spec.groupColumn !== undefined) groupName = text(r, spec.groupColumn) || groupName;
    if (spec.groupColumn !== undefined && groupName === '') throw new Error(`${at(r, spec.groupColumn)}, field label: row "${label}" under no group`);
    if (spec.unitColumn !== undefined && (cell(r, spec.unitColumn)?.t !== 's' || !/\p{L}|%/u.test(text(r, spec.unitColumn))))
      throw new Error(`${at(r, spec.unitColumn)}, field unit: words expected in the unit column`);
    const name: string = isSub ? `${parent!.name} / ${own}` : spec.groupColumn === undefined ? own : `${groupName} / ${own}`;
    if (!isSub) parent = { block, name };
    const notHere = new Set(spec.labelKeysNotHere ?? []);
    const glued = m ? keysOf(m[2]!).map(printed) : [];
    const labelMarkers = glued.filter((k) => !notHere.has(k));
    const strays = glued.filter((k) => notHere.has(k));
    const key = `${block.id}|${segment}|${name}`;
    if (seen.has(key)) throw new Error(`${at(r, lc)}, field label: "${label}" twice in block ${block.id} (first at ${seen.get(key)})`);
    seen.set(key, at(r, lc));
    for (const [c, col] of columns) {
      const where = `${at(r, c)} ("${label}", "${col.header}")`;
      const unit = spec.unitInCells?.[label];
      const read = misprints.read(XLSX.utils.encode_cell({ r, c }), cell(r, c)) ?? (unit === undefined ? readDynamicCell(cell(r, c), keys, where) : readUnitCell(cell(r, c), unit, keys, where));
      for (const k of read.markers)
        if (!keys.has(k)) throw new Error(`${at(r, c)}, field value: footnote "${k}" glued to the value, but the table prints no such footnote`);
      // a key the table prints no text for is said on the value and goes no further (no footnote to apply)
      const markers = [...titleMarkers, ...col.markers, ...headingKeys, ...labelMarkers, ...read.markers];
      const misprint = noteOf(col.header);
      if (misprint !== null) read.notes.push(misprint);
      for (const k of strays)
        read.notes.push(`the row label "${label}" carries key ${k}, which is not this sheet's footnote ${k}: the label was copied from another sheet of the workbook`);
      for (const k of new Set(markers.filter((k) => unprinted.has(k))))
        read.notes.push(`the table prints no text for footnote ${k}${read.markers.includes(k) ? '' : ` (marked on "${col.markers.includes(k) ? col.header : label}")`}`);
      cells.push({
        ...read,
        markers: markers.filter((k) => !unprinted.has(k)),
        block: block.id,
        label: name,
        address: XLSX.utils.encode_cell({ r, c }),
        period: spec.yearsDown ? monthOfRow(label, col.header, spec.periods, at(r, lc)) : col.bounds,
        header: col.header,
        sub: col.sub ?? null,
      });
    }
  }
  for (const b of spec.blocks) if (!opened.has(b)) throw new Error(`${path}, sheet "${spec.sheet}": block "${b.heading ?? b.id}" has no rows`);
  for (const a of stray.unmet()) throw new Error(`${path}, sheet "${spec.sheet}", cell ${a}: a declared stray cell the reader never met`);
  for (const a of misprints.unmet()) throw new Error(`${path}, sheet "${spec.sheet}", cell ${a}: a declared misprint in no row the table reads`);
  return { cells, footnotes, title, ...(methodologyAt === null ? {} : { methodology }) };
}

/** The month of a column in the year its row names (yearsDown): a row whose label is no year fails the build. */
function monthOfRow(label: string, month: string, periods: PeriodsAre, where: string): ColumnPeriod['bounds'] {
  if (!/^(?:19|20)\d\d$/u.test(label)) throw new Error(`${where}, field label: "${label}" is no year, in a sheet of years down the rows`);
  return periodUnder(month, Number(label), periods)!.bounds;
}

/** The column whose header cell is the declared methodology heading (null when none is declared). */
function methodologyColumnOf(row: number, lastColumn: number, text: (r: number, c: number) => string, declared: string | undefined, at: (r: number, c?: number) => string): number | null {
  if (declared === undefined) return null;
  for (let c = 0; c <= lastColumn; c++) if (text(row, c) === declared) return c;
  throw new Error(`${at(row)}: no column headed "${declared}" in the header row`);
}
