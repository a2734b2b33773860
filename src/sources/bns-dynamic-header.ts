// The period header of a sheet of the Bureau's dynamic tables (bns-dynamic/NOTES.md), read for the
// across shape (bns-dynamic-table.ts): the first row with two or more periods, or a row of years over
// a row of the parts of each year ("I quarter" ... "year"), a header repeated down the sheet, and the
// declared columns under each year ("Total", "male", "female"), named by the rows under the years.
import * as XLSX from '@e965/xlsx';
import { ownPeriod, periodUnder, type ColumnPeriod } from './bns-dynamic-periods.js';
import type { DynamicTableSpec } from './bns-dynamic-spec.js';

// the year the month names across are read in: the one the title names, or any one when each row is a
// year of its own (yearsDown: the reader gives each cell its row's year)
const monthsYear = (spec: DynamicTableSpec) => spec.monthsOf ?? (spec.yearsDown ? 2000 : undefined);
const squash = (t: string) => t.replace(/[\s\u00a0]+/gu, ' ').trim();
type CellAt = (r: number, c: number) => XLSX.CellObject | undefined;
type Where = (r: number, c?: number) => string;
/** A header's last row and the period (and sub-column) of each column under it. */
export interface PeriodHeader {
  headerRow: number;
  columns: Map<number, ColumnPeriod>;
}

/** A repeated header: a row whose cells right of the labels are all periods (one or more). */
export function headerAt(
  r: number,
  cell: CellAt,
  spec: DynamicTableSpec,
  valueColumns: readonly number[],
): Map<number, ColumnPeriod> | null {
  const own = new Map<number, ColumnPeriod>();
  for (const c of valueColumns) {
    const x = cell(r, c);
    if (x === undefined || x.t === 'z' || String(x.v).trim() === '') continue;
    const p = ownPeriod(x.v, spec.periods, monthsYear(spec));
    if (!p) return null;
    own.set(c, p);
  }
  return own.size > 0 ? own : null;
}

/** The first row with two or more period cells; a row of years followed by a row of parts of the year is one two-row header. */
export function findHeader(
  range: XLSX.Range,
  cell: CellAt,
  spec: DynamicTableSpec,
  at: Where,
): PeriodHeader {
  if (spec.placesAcross) return placesHeader(range, cell, spec, at);
  for (let r = range.s.r; r <= range.e.r; r++) {
    const header = headerRowsAt(r, range, cell, spec, at);
    if (header !== null) return header;
  }
  throw new Error(`${at(range.s.r)}: no header row of periods`);
}

/** The header starting at row r, when it has two or more period cells (null otherwise); a row of years followed by a row of parts of the year is one two-row header. */
export function headerRowsAt(
  r: number,
  range: XLSX.Range,
  cell: CellAt,
  spec: DynamicTableSpec,
  at: Where,
): PeriodHeader | null {
  const { periods } = spec;
  const from = (spec.labelColumn ?? 0) + 1;
  const own = new Map<number, ColumnPeriod>();
  for (let c = from; c <= range.e.c; c++) {
    const p = ownPeriod(cell(r, c)?.v, periods, monthsYear(spec));
    if (p) own.set(c, p);
  }
  if (own.size === 0) return null;
  // two rows: the year above, the parts of the year under it (carried right to the next year); one
  // year over its months is a header too (the monthly estimates: a year, then January ... December)
  const under = new Map<number, ColumnPeriod>();
  let year: number | null = null;
  for (let c = from; c <= range.e.c; c++) {
    if (own.has(c)) year = Number(own.get(c)!.bounds.period_end.slice(0, 4));
    if (year === null) continue;
    const p = periodUnder(cell(r + 1, c)?.v, year, periods);
    if (p) under.set(c, { ...p, markers: [...(own.get(c)?.markers ?? []), ...p.markers] });
  }
  if (under.size >= 2) {
    // a year with nothing under it is the whole year ("20193) year": annual only from 2019 on)
    const yearsUnder = new Set([...under.values()].map((p) => p.bounds.period_start.slice(0, 4)));
    for (const [c, p] of own)
      if (!under.has(c) && cell(r + 1, c) === undefined && !yearsUnder.has(p.bounds.period_start.slice(0, 4))) under.set(c, p);
    const columns = new Map([...under].sort(([a], [b]) => a - b));
    // declared columns under each part of a year ("Self-employed", "including productively employed")
    if (spec.subColumns) return subColumnsUnder(r + 1, columns, range, cell, spec, from, at);
    return { headerRow: r + 1, columns };
  }
  if (own.size < 2) return null;
  const distinct = new Set([...own.values()].map((p) => p.bounds.period));
  if (distinct.size !== own.size) throw new Error(`${at(r)}: a period header names a period twice`);
  if (spec.subColumns) return subColumnsUnder(r, own, range, cell, spec, from, at);
  return { headerRow: r, columns: own };
}

/**
 * The declared columns under each year (or part of a year) of a header row: the rows under it down to
 * the first row with a label, or to a row of block headings printed in the value columns, name them,
 * joined ("Including" above "state ownership"); a year's column carries on right to the next year. A
 * name the declaration does not list, or a year without one, fails the build.
 */
function subColumnsUnder(
  r: number,
  years: Map<number, ColumnPeriod>,
  range: XLSX.Range,
  cell: CellAt,
  spec: DynamicTableSpec,
  from: number,
  at: Where,
): PeriodHeader {
  const declared = spec.subColumns!;
  const texts = (row: number, c: number) => {
    const x = cell(row, c);
    return x === undefined || x.t === 'z' ? '' : squash(String(x.v));
  };
  let last = r;
  while (last < range.e.r && [...Array(from).keys()].every((c) => texts(last + 1, c) === '') && headingInValues(last + 1, range, cell, spec) === null) last++;
  if (last === r) throw new Error(`${at(r + 1)}: no row names the columns under the years`);
  const columns = new Map<number, ColumnPeriod>();
  let year: ColumnPeriod | null = null;
  for (let c = from; c <= range.e.c; c++) {
    year = years.get(c) ?? year;
    const name = squash([...Array(last - r).keys()].map((i) => texts(r + 1 + i, c)).join(' '));
    if (name === '') continue;
    if (year === null) throw new Error(`${at(r + 1, c)}: a column "${name}" before the first year`);
    if (!declared.includes(name)) throw new Error(`${at(r + 1, c)}: a column "${name}" under ${year.header} that the declaration does not name`);
    columns.set(c, { ...year, sub: name });
  }
  for (const [c, y] of years)
    if (!columns.has(c)) throw new Error(`${at(r + 1, c)}: no column name under ${y.header}`);
  const seen = new Set([...columns.values()].map((p) => p.sub));
  for (const name of declared) if (!seen.has(name)) throw new Error(`${at(r + 1)}: no column "${name}" under the years`);
  return { headerRow: last, columns };
}

/**
 * Places as column groups (placesAcross: a bulletin's regions, each over the parts of one year): the
 * year alone above them (yearAlone), the row of place names (each carried right over the columns
 * under it) and the row of the parts of that year under them. Each column is its period, the place
 * named as its sub-column, so the rows down stay indicators.
 */
function placesHeader(
  range: XLSX.Range,
  cell: CellAt,
  spec: DynamicTableSpec,
  at: Where,
): PeriodHeader {
  let year: number | null = null;
  for (let r = range.s.r; r < range.e.r; r++) {
    year = yearAlone(r, cell, spec) ?? year;
    if (year === null) continue;
    const columns = placesUnder(r, year, range, cell, spec, at);
    if (columns !== null) return { headerRow: r + 1, columns };
  }
  throw new Error(`${at(range.s.r)}: no year alone in the label column over a row of places and a row of the parts of that year`);
}

/**
 * A places header repeated down the sheet (placesAcross with repeatedHeaders: a block of rows per
 * year, the employed by activity and region): row r names the year alone, the next row the places,
 * the one under it the parts of that year. Null when row r is no such header.
 */
export function placesHeaderAt(
  r: number,
  range: XLSX.Range,
  cell: CellAt,
  spec: DynamicTableSpec,
  at: Where,
): PeriodHeader | null {
  const year = yearAlone(r, cell, spec);
  const columns = year === null ? null : placesUnder(r + 1, year, range, cell, spec, at);
  return columns === null ? null : { headerRow: r + 2, columns };
}

/** The year a row prints alone: a number in the label column (2024), or "2010 year" in the first column right of it. */
function yearAlone(r: number, cell: CellAt, spec: DynamicTableSpec): number | null {
  const lc = spec.labelColumn ?? 0;
  const own = cell(r, lc);
  if (own?.t === 'n' && Number.isInteger(own.v) && (own.v as number) >= 1900 && (own.v as number) <= 2100) return own.v as number;
  const right = cell(r, lc + 1);
  const m = right?.t === 's' ? /^((?:19|20)\d\d) year$/u.exec(squash(String(right.v))) : null;
  return m ? Number(m[1]) : null;
}

/** The columns of places named in row r over the parts of the year in row r + 1 (null: fewer than two). */
function placesUnder(
  r: number,
  year: number,
  range: XLSX.Range,
  cell: CellAt,
  spec: DynamicTableSpec,
  at: Where,
): Map<number, ColumnPeriod> | null {
  const columns = new Map<number, ColumnPeriod>();
  let place = '';
  for (let c = (spec.labelColumn ?? 0) + 1; c <= range.e.c; c++) {
    const name = cell(r, c);
    if (name !== undefined && name.t === 's' && squash(String(name.v)) !== '') place = squash(String(name.v));
    const p = periodUnder(cell(r + 1, c)?.v, year, spec.periods);
    if (p === null) continue;
    if (place === '') throw new Error(`${at(r + 1, c)}: a period "${p.header}" under no place`);
    columns.set(c, { ...p, header: `${place} ${p.header}`, sub: place });
  }
  return columns.size >= 2 ? columns : null;
}

/**
 * The declared block heading a row without a label prints in its value columns (headingsInValues): its
 * one filled cell, or the same heading over each group of columns ("Male" over every quarter), a
 * declared misprint read as meant ("Мужчины" for "Male"). Null when the row is no such heading.
 */
export function headingInValues(r: number, range: XLSX.Range, cell: CellAt, spec: DynamicTableSpec): string | null {
  if (!spec.headingsInValues) return null;
  const lc = spec.labelColumn ?? 0;
  const texts = new Set<string>();
  for (let c = lc + 1; c <= range.e.c; c++) {
    const x = cell(r, c);
    if (x === undefined || x.t === 'z' || squash(String(x.v)) === '') continue;
    texts.add(x.t === 's' ? squash(String(x.v)) : '');
  }
  const [heading] = texts;
  return texts.size === 1 && spec.blocks.some((b) => b.heading !== null && b.heading === heading) ? heading! : null;
}
