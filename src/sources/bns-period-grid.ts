// Reader for the Bureau's regional tables laid out as labelled rows by period columns, where the
// year grid (bns-year-grid.ts) is too strict: headers that are text ("2018*", "20051)",
// "I полугодие 2022 года4)", a year row above "I quarter"), several tables on one sheet (the bus
// workbook), numbers stored as text ("17 945", "82 1892)" with a footnote glued on), cells "x"
// (confidential) and "…" (not available), and footnotes that name the places they concern.
// Each table is a declaration (a `period-grid` reader of sources/datasets/, compiled by
// src/sources/registry/compile.ts); this module holds the one set of rules.
// Snapshots: bns-more/* (their passports in sources/passports.json; each table's layout and faults are
// declared with its spec). Library: @e965/xlsx (SheetJS),
// the same cell model as the year grid (see the comment there for why).
import { readFile } from 'node:fs/promises';
import * as XLSX from '@e965/xlsx';
import type { Point } from './records.js';
import type { DimensionCodes } from '../lib/dimensions.js';
import { isPartYearToDate } from '../lib/period-labels.js';
import type { PeriodBounds } from './bns-periods.js';
import { markTableBorders } from './bns-breaks.js';
import { numberCell } from './bns-grid-checks.js';
import { applyFootnotes, type FootnoteScope, type MarkedCell } from './bns-footnotes.js';

export interface HeaderCell {
  bounds: PeriodBounds;
  /** Footnote keys glued to the header ("1)", "2018*"). */
  markers: string[];
}

/** One table: a title row in column A (or the top of the sheet), a unit, a period header, rows of places. */
export interface GridPart {
  sheet: string;
  /** Text of the column-A cell that starts the table; null: the table starts at the top of the sheet. */
  title: string | null;
  /** The unit exactly as the table prints it between title and header; null: the table prints none. */
  unitText: string | null;
  /** Metric of annual and instant periods; `cumulativeMetric` takes the year-to-date ones (Q1/H1/9M) when set. */
  metric: string;
  cumulativeMetric?: string;
  unit: string;
  /** Headings in column A that start a block of rows at another position on the dimensions. */
  blocks?: { heading: string | null; dimensions: DimensionCodes }[];
  /** Notes every value of this table carries (e.g. what the Bureau counts). */
  note?: string;
}

export interface PeriodGridSpec {
  source_id: string;
  parts: GridPart[];
  /** Header cell text (and the text carried from the row above, for two-row headers) -> period; null: not a period. */
  period: (text: string, above: string | null) => HeaderCell | null;
  /** Splits a row label into name and footnote key ("Туркестанская2)" -> "Туркестанская", "2)"). */
  labelMarker: RegExp;
  /** A footnote row: group 1 = its key, group 2 = its text. */
  footnote: RegExp;
  /** Rows of column A that are neither places nor footnotes (a legend of symbols). */
  legend?: RegExp[];
  /** Text cells that mean "no value", with the reason published. */
  nullTexts: Record<string, string>;
  /** Numbers stored as text with spaces between thousands ("17 945"); a footnote key may be glued on ("82 1892)"). */
  textNumbers?: boolean;
  /** What each footnote covers, by its own words (bns-footnotes.ts); a footnote not declared reaches where its marker is. */
  footnotes?: FootnoteScope[];
  /** Cells the snapshot README names as doubtful: status suspicious, with the reason. */
  suspicious?: DoubtfulCell[];
  /** A note on every value of a metric in one period (e.g. a series break), optionally at one position on the dimensions. */
  periodNotes?: PeriodNote[];
  /** Rows whose label carries a footnote key that gives their values of some periods to another place. */
  moves?: MoveRule[];
}

export interface PeriodNote { metric: string; period: string; note: string; dimensions?: DimensionCodes; place?: string }

/** "Туркестанская 1" with footnote "1) Данные за 2000-2016гг. по Южно-Казахстанской области.": 2000-2016 are the former region's. */
export interface MoveRule {
  marker: string;
  place: string;
  /** Years whose periods move (by the period's end); the footnote must state exactly these years. */
  from: number;
  to: number;
  footnote: RegExp;
  /** A place that must have no value where a value moves (its territory is inside the moved value). */
  absentPlace: string;
  note: string;
}

export interface PeriodGridResult {
  points: Point[];
  /** Footnotes by table (the index of the part in the spec), key -> text. */
  footnotes: Map<string, string>[];
}

const EMPTY = 'empty cell in the source table';

type Located = MarkedCell;

export async function readPeriodGrid(path: string, spec: PeriodGridSpec, resolveLabel: (label: string) => string | null): Promise<PeriodGridResult> {
  // sheetStubs: a formula with no stored result (a link to another workbook) stays visible as a stub with its formula
  const wb = XLSX.read(await readFile(path), { cellFormula: true, cellNF: true, cellHTML: false, cellText: false, sheetStubs: true });
  const points: Located[] = [];
  const footnotes: Map<string, string>[] = [];
  const seen = new Map<string, string>();
  for (const [index, part] of spec.parts.entries()) {
    const own = new Map<string, string>();
    footnotes.push(own);
    const ws = wb.Sheets[part.sheet];
    if (!ws || !ws['!ref']) throw new Error(`${path}: no sheet "${part.sheet}" (sheets: ${wb.SheetNames.join(', ')})`);
    const range = XLSX.utils.decode_range(ws['!ref']);
    const cell = (r: number, c: number) => ws[XLSX.utils.encode_cell({ r, c })] as XLSX.CellObject | undefined;
    const at = (r: number, c?: number) => `${path}, sheet "${part.sheet}", row ${r + 1}${c === undefined ? '' : `, column ${XLSX.utils.encode_col(c)}`}`;
    const text = (r: number, c: number) => {
      const x = cell(r, c);
      return x === undefined || x.t === 'z' ? '' : String(x.v).trim();
    };
    const titles = spec.parts.filter((p) => p.sheet === part.sheet && p.title !== null).map((p) => p.title!);
    const start = part.title === null ? range.s.r : findRow(range, (r) => text(r, 0) === part.title);
    if (start < 0) throw new Error(`${path}, sheet "${part.sheet}": no table titled "${part.title}"`);
    const end = findRow({ s: { r: start + 1 }, e: range.e }, (r) => titles.includes(text(r, 0)));
    const last = end < 0 ? range.e.r : end - 1;

    // Header: the first row with at least two period cells; a two-row header carries the row above.
    const carried = (r: number, c: number): string | null => {
      for (let k = c; k >= 1 && r >= 0; k--) if (text(r, k) !== '') return text(r, k);
      return null;
    };
    let headerRow = -1;
    const columns = new Map<number, HeaderCell & { header: string }>();
    for (let r = start; r <= last && headerRow < 0; r++) {
      const found: [number, HeaderCell & { header: string }][] = [];
      for (let c = 1; c <= range.e.c; c++) {
        const t = text(r, c).replace(/\s+/gu, ' ');
        const h = t === '' ? null : spec.period(t, r > start ? carried(r - 1, c) : null);
        if (h) found.push([c, { ...h, header: t }]);
      }
      if (found.length >= 2) {
        headerRow = r;
        for (const [c, h] of found) columns.set(c, h);
      }
    }
    if (headerRow < 0) throw new Error(`${at(start)}: no header row of periods`);
    // The title: the declared one, else the text in column A above the header; a marker glued to it reaches the whole table.
    const titleText = part.title ?? [...Array(headerRow - start).keys()].map((i) => text(start + i, 0)).find((t) => t !== '') ?? '';
    const titleMarker = spec.labelMarker.exec(titleText)?.[2] ?? null;
    if (part.unitText !== null) {
      let unitSeen = false;
      for (let r = start; r < headerRow; r++) for (let c = 0; c <= range.e.c; c++) if (text(r, c) === part.unitText) unitSeen = true;
      if (!unitSeen) throw new Error(`${at(headerRow)}: no unit cell "${part.unitText}" above the period header`);
    }

    let dims: DimensionCodes | undefined = part.blocks?.find((b) => b.heading === null)?.dimensions;
    let blockOpen = part.blocks === undefined || dims !== undefined;
    for (let r = headerRow + 1; r <= last; r++) {
      const label = text(r, 0);
      const valueCols = [...columns.keys()].filter((c) => text(r, c) !== '' || cell(r, c)?.t === 'n');
      for (let c = 1; c <= range.e.c; c++) {
        if (!columns.has(c) && (text(r, c) !== '' || cell(r, c)?.t === 'n')) throw new Error(`${at(r, c)}, field value: a value in a column without a period header`);
      }
      if (label === '') {
        if (valueCols.length > 0) throw new Error(`${at(r, 0)}, field label: values in a row without a label`);
        continue;
      }
      const foot = spec.footnote.exec(label);
      if (foot && valueCols.length === 0) {
        // a key printed twice under one table (the schools export) keeps both texts
        const said = foot[2]!.replace(/\s+/gu, ' ').trim();
        const before = own.get(foot[1]!);
        own.set(foot[1]!, before === undefined || before === said ? said : `${before} | ${said}`);
        continue;
      }
      if (spec.legend?.some((re) => re.test(label)) && valueCols.length === 0) continue;
      const block = part.blocks?.find((b) => b.heading === label);
      if (block) {
        if (valueCols.length > 0) throw new Error(`${at(r, 0)}, field label: block heading "${label}" holds values`);
        dims = block.dimensions;
        blockOpen = true;
        continue;
      }
      if (!blockOpen) throw new Error(`${at(r, 0)}, field label: row "${label}" before any block heading`);
      const m = spec.labelMarker.exec(label);
      const name = m ? m[1]!.trim() : label;
      const labelMarkers = m ? [m[2]!] : [];
      const place = resolveLabel(name);
      if (place === null) throw new Error(`${at(r, 0)}, field label: unresolved region label "${label}"`);
      const dimKey = dims === undefined ? '' : JSON.stringify(dims);
      const key = `${part.metric}|${place}|${dimKey}`;
      if (seen.has(key)) throw new Error(`${at(r, 0)}, field label: "${label}" appears twice in the table (first at ${seen.get(key)})`);
      seen.set(key, at(r, 0));

      for (const [column, [c, col]] of [...columns].entries()) {
        const where = `${at(r, c)} ("${label}", "${col.header}")`;
        const read = readValue(cell(r, c), spec, where);
        const metric = part.cumulativeMetric !== undefined && isPartYearToDate(col.bounds.period) ? part.cumulativeMetric : part.metric;
        const notes = [...read.notes];
        if (read.value !== null && part.note !== undefined) notes.unshift(part.note);
        points.push({
          metric, place, ...col.bounds, value: read.value, null_reason: read.nullReason, status: 'final', unit: part.unit,
          source_id: spec.source_id, note: notes.length > 0 ? notes.join('; ') : null, ...(dims === undefined ? {} : { dimensions: dims }),
          where, table: index, column, markers: [...(titleMarker === null ? [] : [titleMarker]), ...col.markers, ...labelMarkers, ...read.markers],
        });
      }
    }
  }
  applyMoves(path, points, footnotes, spec.moves ?? []);
  applyFootnotes(path, points, footnotes, spec.footnotes ?? [], new Set((spec.moves ?? []).map((m) => m.marker)));
  flagCells(path, points, spec.suspicious ?? [], spec.periodNotes ?? []);
  const out: Point[] = points.map(({ where: _w, markers: _m, table: _t, column: _c, ...p }) => p);
  markTableBorders(out);
  return { points: out, footnotes };
}

export interface DoubtfulCell { metric: string; place: string; period: string; expect: number; note: string; dimensions?: Readonly<Record<string, string>> }

const sameBreakdown = (a: Readonly<Record<string, string>> | undefined, b: Readonly<Record<string, string>> | undefined) =>
  Object.keys(a ?? {}).length === Object.keys(b ?? {}).length && Object.entries(a ?? {}).every(([k, v]) => b?.[k] === v);

/**
 * Marks the cells the snapshot README names as doubtful (status suspicious, with the reason) and
 * adds a note to every value of a metric's period (a series break). A doubtful cell that does not
 * hold the expected value fails the build: a changed snapshot must not flag the wrong number.
 */
export function flagCells(path: string, points: Point[], doubtful: readonly DoubtfulCell[], periodNotes: readonly PeriodNote[]): void {
  for (const s of doubtful) {
    const p = points.find((q) => q.metric === s.metric && q.place === s.place && q.period === s.period && sameBreakdown(q.dimensions as Record<string, string> | undefined, s.dimensions));
    if (!p || p.value !== s.expect) throw new Error(`${path}: the doubtful cell ${s.metric} ${s.place} ${s.period} should hold ${s.expect}, found ${p?.value}`);
    p.status = 'suspicious';
    p.note = p.note === null ? s.note : `${s.note}; ${p.note}`;
  }
  for (const n of periodNotes) {
    const at = (p: Point) => n.dimensions === undefined || JSON.stringify(p.dimensions) === JSON.stringify(n.dimensions);
    const hit = points.filter((p) => p.metric === n.metric && p.period === n.period && p.value !== null && at(p) && (n.place === undefined || p.place === n.place));
    if (hit.length === 0) throw new Error(`${path}: no value of ${n.metric} in ${n.period} for the note "${n.note}"`);
    for (const p of hit) p.note = p.note === null ? n.note : `${n.note}; ${p.note}`;
  }
}

function applyMoves(path: string, points: Located[], footnotes: Map<string, string>[], rules: readonly MoveRule[]): void {
  const added: Located[] = [];
  for (const rule of rules) {
    const text = footnotes.map((f) => f.get(rule.marker)).find((t) => t !== undefined && rule.footnote.test(t));
    const years = text === undefined ? null : /(\d{4})\s*-\s*(\d{4})/u.exec(text);
    if (!years) throw new Error(`${path}: marker "${rule.marker}" expects a footnote matching ${rule.footnote}, none found`);
    if (Number(years[1]) !== rule.from || Number(years[2]) !== rule.to) throw new Error(`${path}: footnote "${text}" gives ${years[1]}-${years[2]}, the spec expects ${rule.from}-${rule.to}`);
  }
  for (const p of points) {
    const rule = rules.find((r) => p.markers.includes(r.marker));
    if (rule === undefined) continue;
    p.markers = p.markers.filter((m) => m !== rule.marker);
    const year = Number(p.period_end.slice(0, 4));
    if (year < rule.from || year > rule.to) continue;
    const dims = JSON.stringify(p.dimensions ?? {});
    const clash = points.find((q) => q.metric === p.metric && q.place === rule.absentPlace && q.period === p.period && q.value !== null && JSON.stringify(q.dimensions ?? {}) === dims);
    if (clash) throw new Error(`${clash.where}, field value: ${rule.absentPlace} has a value in ${p.period}, so ${p.where} cannot be the former region that contained it`);
    added.push({ ...p, value: null, note: null, markers: [], null_reason: `the table's row for this place holds ${rule.place} in ${rule.from}-${rule.to} (${rule.note})` });
    p.place = rule.place;
    if (p.value !== null) p.note = p.note === null ? rule.note : `${rule.note}; ${p.note}`;
  }
  points.push(...added);
}

function findRow(range: { s: { r: number }; e: { r: number } }, test: (r: number) => boolean): number {
  for (let r = range.s.r; r <= range.e.r; r++) if (test(r)) return r;
  return -1;
}

interface ReadValue { value: number | null; nullReason: string | null; notes: string[]; markers: string[] }

function readValue(x: XLSX.CellObject | undefined, spec: PeriodGridSpec, where: string): ReadValue {
  const out: ReadValue = { value: null, nullReason: null, notes: [], markers: [] };
  if (x === undefined || x.t === 'z' || (x.t === 's' && String(x.v).trim() === '')) {
    // A formula with no stored result reads as empty: say so, it is not a blank in the table.
    out.nullReason = x?.f ? `formula =${x.f} with no stored result in the file (it links another workbook): the value cannot be read` : EMPTY;
    return out;
  }
  if (x.t === 'n') {
    const read = numberCell(x, where);
    out.value = read.value;
    out.notes.push(...read.notes);
  } else if (x.t === 's') {
    const t = String(x.v).trim();
    const reason = spec.nullTexts[t];
    const num = spec.textNumbers ? /^(\d{1,3}(?: \d{3})*|\d+)(\d\))?$/u.exec(t) : null;
    if (reason !== undefined) {
      out.nullReason = reason;
      return out;
    } else if (/^0[,.]0+$/u.test(t)) {
      // The Bureau prints "0,0" for a value that rounds to zero at the table's precision: it is a
      // value (negligible), not a missing one.
      out.value = 0;
      out.notes.push(`the table prints "${t}": negligible, less than half of the last digit shown`);
    } else if (num) {
      out.value = Number(num[1]!.replace(/ /gu, ''));
      if (num[2]) {
        out.markers.push(num[2]);
        out.notes.push(`the cell holds the text "${t}": the number ${num[1]} with footnote ${num[2]} glued to it`);
      }
    } else {
      throw new Error(`${where}, field value: expected a number or one of ${Object.keys(spec.nullTexts).map((k) => `"${k}"`).join(', ')}, found ${JSON.stringify(t)}`);
    }
  } else {
    throw new Error(`${where}, field value: unexpected cell ${JSON.stringify(x.v)}`);
  }
  if (out.value! < 0) throw new Error(`${where}, field value: ${out.value} is negative`);
  return out;
}
