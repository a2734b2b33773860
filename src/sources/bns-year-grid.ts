// Reader for the Bureau's regional tables laid out as a grid: a header row of years (numbers in
// columns B...), one row per place with its Russian label in column A, optional block headings in
// column A ("Мужчины", "Городское население") that start a new metric, and footnotes below
// ("*Данные за 1999-2016гг. по Южно-Казахстанской области."). Snapshots: bns-extra/*.xls(x), their
// passports in sources/passports.json; each table's layout and faults are declared with its spec
// (the `year-grid` readers of sources/datasets/, compiled by src/sources/registry/compile.ts).
//
// Library: @e965/xlsx, the SheetJS 0.20.x line republished on npm. Two of the files are legacy BIFF
// (Excel 97) workbooks, which exceljs cannot open; the npm package `xlsx` stops at 0.18.5, which
// carries the prototype-pollution and ReDoS advisories (CVE-2023-30533, CVE-2024-22363) fixed in
// SheetJS 0.20.x. Every workbook of the build (the .xlsx tables too, and the GRP workbook) goes
// through this one library, so that one cell model (type, value, formula) and one set of rules read
// them all; the tests read the same files through exceljs, a second library, as an independent check.
import { readFile } from 'node:fs/promises';
import * as XLSX from '@e965/xlsx';
import type { Point } from './records.js';
import { DIMENSION_IDS, type DimensionCodes } from '../lib/dimensions.js';
import { seriesKey } from './series-keys.js';
import { markBorderChanges } from './bns-breaks.js';
import { annualPeriod } from './bns-periods.js';
import { borderNullReason } from './bns-reforms.js';
import { applyFootnotes, type FootnoteScope, type MarkedCell } from './bns-footnotes.js';
import { asDisplayed, flagCopiedColumns, flagEqualBlocks } from './bns-grid-checks.js';

export interface GridBlock {
  /** Heading in column A that starts the block; null for the rows right under the year header. */
  title: string | null;
  metric: string;
  /** The block's codes on the indicator's dimensions (src/lib/dimensions.ts); absent: none. */
  dimensions?: DimensionCodes;
}

export interface GridSheet {
  name: string;
  /** The unit as the sheet states it above the header (e.g. "тыс. тонн"); null when the sheet has no unit row. */
  unitText: string | null;
  blocks: GridBlock[];
}

/** Moves a marked label's values for some years to another place (the footnote says whose they are). */
export interface MarkerRule {
  marker: string; // trailing asterisks of the label, e.g. '*'
  place: string; // where the values of years from..to belong
  from: number;
  to: number;
  /** The footnote that states the rule; its years must equal from..to. null: the workbook has none. */
  footnote: RegExp | null;
  /** Place that must have no value in from..to (its territory is inside the moved values). */
  absentPlace: string;
  note: string;
}

export interface YearGridSpec {
  source_id: string;
  unit: string; // the unit of the points, the table's own unit in English
  sheets: GridSheet[];
  markers: MarkerRule[];
  /** What each footnote covers, by its own words (bns-footnotes.ts); one glued to a sheet's title reaches its every value. */
  footnotes?: FootnoteScope[];
}

export interface GridResult {
  points: Point[];
  footnotes: string[];
  breaks: number;
}

const EMPTY = 'empty cell in the source table';
const DASH = 'source cell "-": not published';

export async function readYearGrid(path: string, spec: YearGridSpec, resolveLabel: (label: string) => string | null): Promise<GridResult> {
  const wb = XLSX.read(await readFile(path), { cellFormula: true, cellNF: true, cellHTML: false, cellText: false });
  const points: (Point & { marker: string | null; where: string; title: string | null })[] = [];
  const footnotes: string[] = [];
  const seen = new Map<string, string>();

  for (const sheetSpec of spec.sheets) {
    const ws = wb.Sheets[sheetSpec.name];
    if (!ws || !ws['!ref']) throw new Error(`${path}: no sheet "${sheetSpec.name}" (sheets: ${wb.SheetNames.join(', ')})`);
    const range = XLSX.utils.decode_range(ws['!ref']);
    const cell = (r: number, c: number) => ws[XLSX.utils.encode_cell({ r, c })] as XLSX.CellObject | undefined;
    const at = (r: number, c?: number) => `${path}, sheet "${sheetSpec.name}", row ${r + 1}${c === undefined ? '' : `, column ${XLSX.utils.encode_col(c)}`}`;
    const text = (r: number, c: number) => {
      const x = cell(r, c);
      return x && x.t === 's' ? String(x.v).trim() : '';
    };

    // Header: the first row whose cells from column B are consecutive years.
    let headerRow = -1;
    const years = new Map<number, number>(); // column -> year
    for (let r = range.s.r; r <= range.e.r && headerRow < 0; r++) {
      const found: [number, number][] = [];
      for (let c = 1; c <= range.e.c; c++) {
        const x = cell(r, c);
        if (x && x.t === 'n' && Number.isInteger(x.v) && (x.v as number) >= 1990 && (x.v as number) <= 2100) found.push([c, x.v as number]);
      }
      if (found.length >= 2 && found.every(([c, y], i) => i === 0 || (c === found[i - 1]![0] + 1 && y === found[i - 1]![1] + 1))) {
        headerRow = r;
        for (const [c, y] of found) years.set(c, y);
      }
    }
    if (headerRow < 0) throw new Error(`${path}, sheet "${sheetSpec.name}": no header row of consecutive years`);
    // A footnote key glued to the sheet's title (column A above the header) reaches every value of the sheet.
    const titleText = [...Array(headerRow - range.s.r).keys()].map((i) => text(range.s.r + i, 0)).find((t) => t !== '') ?? '';
    const title = /\S(\*+)$/u.exec(titleText)?.[1] ?? null;

    if (sheetSpec.unitText !== null) {
      let unitSeen = false;
      for (let r = range.s.r; r < headerRow; r++) for (let c = 0; c <= range.e.c; c++) if (text(r, c) === sheetSpec.unitText) unitSeen = true;
      if (!unitSeen) throw new Error(`${at(headerRow)}: no unit cell "${sheetSpec.unitText}" above the year header`);
    }

    let block: GridBlock | null = sheetSpec.blocks.find((b) => b.title === null) ?? null;
    const blocksSeen = new Set<GridBlock>();
    for (let r = headerRow + 1; r <= range.e.r; r++) {
      const a = cell(r, 0);
      const valueCols = [...Array(range.e.c).keys()].map((i) => i + 1).filter((c) => {
        const x = cell(r, c);
        return x !== undefined && x.t !== 'z' && !(x.t === 's' && String(x.v).trim() === '');
      });
      for (const c of valueCols) if (!years.has(c)) throw new Error(`${at(r, c)}, field value: a value in a column without a year header`);
      if (a === undefined || (a.t === 's' && String(a.v).trim() === '')) {
        if (valueCols.length > 0) throw new Error(`${at(r, 0)}, field label: values in a row without a label`);
        continue;
      }
      if (a.t !== 's') throw new Error(`${at(r, 0)}, field label: expected text, found ${JSON.stringify(a.v)}`);
      const raw = String(a.v);
      const label = raw.trim();
      if (label.startsWith('*')) {
        if (valueCols.length > 0) throw new Error(`${at(r, 0)}, field label: a footnote row holds values`);
        footnotes.push(label);
        continue;
      }
      const heading = sheetSpec.blocks.find((b) => b.title === label);
      if (heading) {
        if (valueCols.length > 0) throw new Error(`${at(r, 0)}, field label: block heading "${label}" holds values`);
        block = heading;
        continue;
      }
      if (block === null) throw new Error(`${at(r, 0)}, field label: row "${raw}" before any block heading (${sheetSpec.blocks.map((b) => b.title).join(', ')})`);
      blocksSeen.add(block);
      const m = /^(.*?)\s*(\*+)$/u.exec(label);
      const name = m ? m[1]! : label;
      const marker = m ? m[2]! : null;
      const place = resolveLabel(name);
      if (place === null) throw new Error(`${at(r, 0)}, field label: unresolved region label "${raw}"`);
      const key = `${blockSeries(block)}|${name}`;
      if (seen.has(key)) throw new Error(`${at(r, 0)}, field label: "${raw}" appears twice for ${block.metric} (first at ${seen.get(key)})`);
      seen.set(key, at(r, 0));

      for (const [c, year] of years) {
        const x = cell(r, c);
        const where = `${at(r, c)} ("${raw}", ${year})`;
        let value: number | null = null;
        let nullReason: string | null = null;
        const notes: string[] = [];
        if (x === undefined || x.t === 'z' || (x.t === 's' && String(x.v).trim() === '')) {
          nullReason = EMPTY;
        } else if (x.t === 's' && String(x.v).trim() === '-') {
          nullReason = DASH;
        } else if (x.t === 'n' && Number.isFinite(x.v)) {
          const v = x.v as number;
          const shown = asDisplayed(v, typeof x.z === 'string' ? x.z : undefined);
          value = shown.value;
          if (shown.note !== null) notes.push(shown.note);
          if (value < 0) throw new Error(`${where}, field value: ${v} is negative`);
          if (value === 0) throw new Error(`${where}, field value: 0 where the table marks a missing value with "-" or an empty cell`);
          if (x.f) notes.push(`the workbook's own formula =${x.f} (a sum compiled with the table, not a figure printed by the Bureau); its cached result is published`);
        } else {
          throw new Error(`${where}, field value: expected a number, "-" or an empty cell, found ${JSON.stringify(x.v)}`);
        }
        points.push({
          metric: blockSeries(block), place, ...annualPeriod(year), value, null_reason: nullReason, status: 'final', unit: spec.unit,
          ...(block.dimensions ? { dimensions: block.dimensions } : {}),
          source_id: spec.source_id, note: notes.length > 0 ? notes.join('; ') : null, marker, where, title,
        });
      }
    }
    for (const b of sheetSpec.blocks) if (!blocksSeen.has(b)) throw new Error(`${path}, sheet "${sheetSpec.name}": block "${b.title ?? '(first)'}" for ${b.metric} has no rows`);
  }

  applyMarkers(path, points, footnotes, spec.markers);
  const keyed = new Map<string, string>();
  for (const f of new Set(footnotes)) {
    const m = /^(\*+)\s*(.+)$/u.exec(f)!;
    keyed.set(m[1]!, m[2]!.replace(/\s+/gu, ' ').trim());
  }
  const cells = points.map((p) => Object.assign(p, { markers: p.title === null ? [] : [p.title], table: 0, column: Number(p.period_start.slice(0, 4)) })) as (MarkedCell & (typeof points)[number])[];
  applyFootnotes(path, cells, [keyed], spec.footnotes ?? [], new Set(spec.markers.map((r) => r.marker)));
  flagCopiedColumns(points);
  for (const sheet of spec.sheets) {
    const inSheet = points.filter((p) => p.where.includes(`, sheet "${sheet.name}", `));
    flagEqualBlocks(inSheet, sheet.blocks.map((b) => b.title ?? b.metric), sheet.name);
  }
  for (const p of points) {
    if (p.value !== null) continue;
    const border = borderNullReason(p.place, p.period_end);
    if (border !== null) p.null_reason = `${p.null_reason}; ${border}`;
  }
  const out: Point[] = cells.map(({ marker: _m, where: _w, title: _t, markers: _k, table: _b, column: _c, ...p }) => p);
  const breaks = markBorderChanges(out);
  out.sort((a, b) => (a.metric + a.place + a.period < b.metric + b.place + b.period ? -1 : 1));
  return { points: out, footnotes: [...new Set(footnotes)], breaks };
}

// The block's series: its points are grouped (border changes, markers, duplicates) per series, not per indicator.
// in the model's order of dimensions (src/lib/dimensions.ts), whatever order the declaration writes them in
const blockSeries = (b: GridBlock) => (b.dimensions ? seriesKey(b.metric, DIMENSION_IDS.filter((d) => b.dimensions![d] !== undefined), b.dimensions) : b.metric);

function applyMarkers(path: string, points: (Point & { marker: string | null; where: string })[], footnotes: string[], rules: MarkerRule[]): void {
  const added: typeof points = [];
  for (const p of points) {
    if (p.marker === null) continue;
    const rule = rules.find((r) => r.marker === p.marker);
    if (!rule) throw new Error(`${p.where}, field label: footnote marker "${p.marker}" that no rule explains`);
    if (rule.footnote !== null) {
      const text = footnotes.find((f) => rule.footnote!.test(f));
      const m = text === undefined ? null : /(\d{4})\s*-\s*(\d{4})/.exec(text);
      if (!m) throw new Error(`${path}: marker "${rule.marker}" expects a footnote matching ${rule.footnote}, none found (footnotes: ${footnotes.join(' | ') || 'none'})`);
      if (Number(m[1]) !== rule.from || Number(m[2]) !== rule.to) throw new Error(`${path}: footnote "${text}" gives ${m[1]}-${m[2]}, the reader expects ${rule.from}-${rule.to}`);
    }
    const year = Number(p.period);
    if (year < rule.from || year > rule.to) continue;
    const clash = points.find((q) => q.metric === p.metric && q.place === rule.absentPlace && q.period === p.period && q.value !== null);
    if (clash) throw new Error(`${clash.where}, field value: ${rule.absentPlace} has a value in ${p.period}, so ${p.where} cannot be the former region that contained it`);
    // The row's own place keeps a null point for the year, saying where its value went.
    added.push({ ...p, place: p.place, value: null, note: null, null_reason: `the table's row for this place holds ${rule.place} in ${rule.from}-${rule.to} (${rule.note})` });
    p.place = rule.place;
    if (p.value !== null) p.note = p.note === null ? rule.note : `${rule.note}; ${p.note}`;
  }
  points.push(...added);
}
