// Reader for the Bureau of National Statistics workbook "Gross regional product" (English edition;
// `bns/gross-regional-product.xlsx`, passport bns-grp in sources/passports.json). Layout, as found in the snapshot:
//   a title row, a unit row ("mln.tenge"), a header row of periods (years, or "1 quarter of 2008",
//   "1 half-year of 2008", "9 months of 2008"), the national row (cached SUM formulas), one row per
//   region, a blank row, then footnotes whose superscript marker ("1)") ties them to header or
//   label cells. The footnotes drive the exceptions: 1990-1992 in million roubles, 2023 preliminary,
//   Astana part of Akmola region in 1990-1996.
// Library: @e965/xlsx (SheetJS), the one workbook reader of the build (bns-year-grid.ts says why).
// The footnote markers are superscript runs of rich-text cells: SheetJS keeps a rich-text cell's
// runs as their SpreadsheetML markup (`cell.r`, ECMA-376 Part 1, 18.4.4 r / 18.4.7 rPr), and
// runsOf() below reads the two things needed of it, each run's text and its vertAlign.
import { readFile } from 'node:fs/promises';
import * as XLSX from '@e965/xlsx';
import { asDisplayed } from './bns-grid-checks.js';
import type { Point } from './records.js';
import { annualPeriod, cumulativePeriod, type PeriodBounds } from './bns-periods.js';
import { borderNullReason } from './bns-reforms.js';
import { markBorderChanges } from './bns-breaks.js';
import { normaliseLabel } from './homoglyphs.js';

export const GRP_UNIT = 'mln KZT';
export const GRP_ROUBLE_UNIT = 'mln RUB (Soviet/Russian rouble)';

export interface GrpResult {
  points: Point[];
  normalisedLabels: { raw: string; normalised: string }[];
  notes: string[];
  /** `metric period` of every column a footnote marks preliminary (e.g. `grp 2023`). */
  preliminaryColumns: string[];
}

interface CellText {
  text: string; // runs that are not superscript, trimmed
  markers: string[]; // superscript runs and trailing asterisks: footnote references
}

interface Column {
  col: number;
  bounds: PeriodBounds;
  metric: 'grp' | 'grp_cumulative';
  markers: string[];
  header: string;
}

type Footnotes = Map<string, string>;

interface Run { text: string; superscript: boolean }

const XML_ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decodeXml = (text: string): string =>
  text.replace(/&(?:#x([0-9a-f]+)|#(\d+)|(\w+));/gi, (m, hex: string | undefined, dec: string | undefined, name: string | undefined) =>
    hex ? String.fromCodePoint(parseInt(hex, 16)) : dec ? String.fromCodePoint(Number(dec)) : XML_ENTITIES[name!] ?? m);

/** The runs of a rich-text cell (text and whether superscript); null for a cell of plain text. */
function runsOf(cell: XLSX.CellObject | undefined): Run[] | null {
  const markup = (cell as { r?: unknown } | undefined)?.r;
  if (typeof markup !== 'string' || !markup.includes('<r>')) return null;
  return [...markup.matchAll(/<r>([\s\S]*?)<\/r>/g)].map(([, run]) => ({
    superscript: /<vertAlign\s+val="superscript"\s*\/>/.test(run!),
    text: decodeXml([...run!.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)].map((t) => t[1]).join('')),
  }));
}

/** A cell as the workbook shows it: empty, a string, a number, or something else (a boolean, an error). */
function isEmpty(cell: XLSX.CellObject | undefined): boolean {
  return cell === undefined || (cell.t === 'z' && cell.f === undefined) || (cell.t === 's' && cell.v === '');
}

function cellText(cell: XLSX.CellObject | undefined): CellText {
  if (isEmpty(cell)) return { text: '', markers: [] };
  const runs = runsOf(cell);
  if (runs) {
    const plain = runs.filter((r) => !r.superscript).map((r) => r.text);
    const markers = runs.filter((r) => r.superscript).map((r) => r.text.trim());
    return splitAsterisks(plain.join('').trim(), markers.filter((m) => m !== ''));
  }
  if (cell!.f === undefined && (cell!.t === 's' || cell!.t === 'n')) return splitAsterisks(String(cell!.v).trim(), []);
  return { text: '', markers: ['?'] };
}

function splitAsterisks(text: string, markers: string[]): CellText {
  const m = /^(.*?)(\*+)$/.exec(text);
  return m ? { text: (m[1] ?? '').trim(), markers: [...markers, m[2] ?? ''] } : { text, markers };
}

function parsePeriodHeader(text: string): { bounds: PeriodBounds; metric: Column['metric'] } | null {
  if (/^\d{4}$/.test(text)) return { bounds: annualPeriod(Number(text)), metric: 'grp' };
  const m = /^(1 quarter|1 half-year|9 months) of (\d{4})$/.exec(text);
  if (!m) return null;
  const kind = m[1] === '1 quarter' ? 'Q1' : m[1] === '1 half-year' ? 'H1' : '9M';
  return { bounds: cumulativePeriod(Number(m[2]), kind), metric: 'grp_cumulative' };
}

/** A number from a plain cell or from the cached result of a formula; undefined for an empty cell. */
function cellNumber(cell: XLSX.CellObject | undefined, where: string): { value: number; formula: boolean; format: string | undefined } | undefined {
  if (isEmpty(cell)) return undefined;
  const { t, v, f } = cell!;
  const format = typeof cell!.z === 'string' ? cell!.z : undefined;
  if (f !== undefined) {
    if (t === 'n' && typeof v === 'number' && Number.isFinite(v)) return { value: v, formula: true, format };
    throw new Error(`${where}: formula ${f} without a cached numeric result (${JSON.stringify(v ?? null)})`);
  }
  if (t === 'n' && typeof v === 'number' && Number.isFinite(v)) return { value: v, formula: false, format };
  throw new Error(`${where}: expected a number, found ${JSON.stringify(v)}`);
}

/** 'mln KZT' or the rouble unit, from the footnotes the period header refers to. */
function unitFor(column: Column, footnotes: Footnotes, where: string): string {
  for (const marker of column.markers) {
    const text = footnotes.get(marker) ?? '';
    const m = /(\d{4})\s*-\s*(\d{4})\s*-?\s*mln\.?\s*rubles/i.exec(text);
    if (!m) continue;
    const year = Number(column.bounds.period.slice(0, 4));
    if (year < Number(m[1]) || year > Number(m[2])) {
      throw new Error(`${where}: header "${column.header}" refers to footnote ${marker} "${text}" outside its years`);
    }
    return GRP_ROUBLE_UNIT;
  }
  return GRP_UNIT;
}

/** The footnote text that marks a column preliminary, or null. */
function preliminaryFootnote(column: Column, footnotes: Footnotes): string | null {
  for (const m of column.markers) {
    const text = footnotes.get(m) ?? '';
    if (/preliminary/i.test(text)) return text;
  }
  return null;
}

/**
 * Reads every sheet of the GRP workbook into points (metric 'grp' for years, 'grp_cumulative' for
 * Q1/H1/9M). `resolveLabel` maps a normalised row label to a place code ('KZ', 'KZ-35', ...);
 * an unresolved label throws, naming file, sheet, row and label.
 */
export async function readGrpWorkbook(
  path: string,
  resolveLabel: (label: string) => string | null,
  options: { source_id?: string } = {},
): Promise<GrpResult> {
  const sourceId = options.source_id ?? 'bns-grp';
  const workbook = XLSX.read(await readFile(path), { cellFormula: true, cellNF: true, cellHTML: false, cellText: false, sheetStubs: true });
  const points: Point[] = [];
  const normalised = new Map<string, string>();
  const notes: string[] = [];
  const seen = new Set<string>();
  const preliminaryColumns: string[] = [];
  let roundedTotals = 0;

  for (const name of workbook.SheetNames) {
    const sheet = workbook.Sheets[name]!;
    // rows and columns counted from 1, as the messages name them (and as Excel shows them)
    const range = XLSX.utils.decode_range(sheet['!ref'] ?? 'A1');
    const rowCount = range.e.r + 1;
    const columnCount = range.e.c + 1;
    const cellAt = (row: number, col: number): XLSX.CellObject | undefined => sheet[XLSX.utils.encode_cell({ r: row - 1, c: col - 1 })];
    /** The cells of a row that hold something, with their column. */
    const filledCells = (row: number): [XLSX.CellObject, number][] => {
      const out: [XLSX.CellObject, number][] = [];
      for (let c = 1; c <= columnCount; c++) {
        const cell = cellAt(row, c);
        if (!isEmpty(cell)) out.push([cell!, c]);
      }
      return out;
    };
    const at = (row: number, col?: number): string =>
      `${path}, sheet "${name}", row ${row}${col === undefined ? '' : `, column ${col}`}`;

    // Header row: the first row whose cells from column 2 on parse as periods.
    let headerRow = 0;
    const columns: Column[] = [];
    for (let r = 1; r <= rowCount && headerRow === 0; r++) {
      const found: Column[] = [];
      for (let c = 2; c <= columnCount; c++) {
        const { text, markers } = cellText(cellAt(r, c));
        const parsed = text === '' ? null : parsePeriodHeader(text);
        if (parsed) found.push({ col: c, ...parsed, markers, header: text });
      }
      if (found.length > 0) {
        headerRow = r;
        columns.push(...found);
      }
    }
    if (headerRow === 0) throw new Error(`${path}, sheet "${name}": no header row of periods found`);

    // Unit row above the header: the table states "mln.tenge"; anything else is unexpected.
    let unitFound = false;
    for (let r = 1; r < headerRow; r++) {
      for (const [cell] of filledCells(r)) {
        if (/^mln\.?\s*tenge$/i.test(cellText(cell).text)) unitFound = true;
      }
    }
    if (!unitFound) throw new Error(`${at(headerRow)}: no "mln.tenge" unit cell above the header`);

    // Data rows run from below the header to the first row with an empty label.
    let r = headerRow + 1;
    const dataRows: { row: number; raw: string; place: string; labelMarkers: string[] }[] = [];
    for (; r <= rowCount; r++) {
      const { text, markers } = cellText(cellAt(r, 1));
      if (text === '') break;
      const label = normaliseLabel(text);
      if (label !== text) normalised.set(text, label);
      const place = resolveLabel(label);
      if (place === null) throw new Error(`${at(r, 1)}: unresolved region label "${label}" (raw "${text}")`);
      dataRows.push({ row: r, raw: text, place, labelMarkers: markers });
    }

    // Footnotes below the data: "1) text" with the marker as a superscript run of column A.
    const footnotes: Footnotes = new Map();
    for (; r <= rowCount; r++) {
      const a = cellAt(r, 1);
      const runs = runsOf(a);
      if (runs && runs[0]?.superscript) {
        footnotes.set(runs[0].text.trim(), runs.slice(1).map((x) => x.text).join('').trim());
        continue;
      }
      if (cellText(a).text !== '') {
        throw new Error(`${at(r, 1)}: unexpected content below the table: ${JSON.stringify(a!.v)}`);
      }
    }
    for (const [marker, text] of footnotes) notes.push(`sheet "${name}" footnote ${marker} ${text}`);

    // Values outside a period column would be silently lost: refuse them.
    const periodCols = new Set(columns.map((c) => c.col));
    for (const d of dataRows) {
      for (const [cell, c] of filledCells(d.row)) {
        if (c > 1 && !periodCols.has(c) && cellNumber(cell, at(d.row, c)) !== undefined) {
          throw new Error(`${at(d.row, c)}: value in a column without a period header`);
        }
      }
    }

    for (const column of columns) {
      for (const m of column.markers) {
        if (!footnotes.has(m)) notes.push(`sheet "${name}" header "${column.header}" carries marker "${m}" with no footnote in the sheet; ignored`);
      }
      const unit = unitFor(column, footnotes, at(headerRow, column.col));
      const preliminary = preliminaryFootnote(column, footnotes);
      if (preliminary !== null) preliminaryColumns.push(`${column.metric} ${column.bounds.period}`);
      const columnPoints: Point[] = [];
      for (const d of dataRows) {
        const where = `${at(d.row, column.col)} ("${d.raw}", ${column.header})`;
        const key = `${column.metric}|${d.place}|${column.bounds.period}`;
        if (seen.has(key)) throw new Error(`${where}: duplicate ${column.metric} for ${d.place} ${column.bounds.period}`);
        seen.add(key);
        const num = cellNumber(cellAt(d.row, column.col), where);
        let value: number | null = null;
        let nullReason: string | null = null;
        const shown = num === undefined ? null : asDisplayed(num.value, num.format);
        if (num === undefined) {
          const footnote = d.labelMarkers.map((m) => footnotes.get(m)).find((t) => t !== undefined);
          nullReason = footnote !== undefined ? `source footnote: ${footnote}` : borderNullReason(d.place, column.bounds.period_end);
          if (nullReason === null) throw new Error(`${where}: empty cell that no footnote or border change explains`);
        } else {
          // published as the table displays it (bns-grid-checks.ts), like every Bureau workbook
          value = shown!.value;
          if (value !== num.value) roundedTotals++;
          if (value === 0) throw new Error(`${where}: value 0 (the table leaves missing cells empty)`);
        }
        const noteParts = [
          unit === GRP_ROUBLE_UNIT ? 'million roubles (source footnote): not comparable with tenge values' : null,
          preliminary !== null && value !== null ? `preliminary (source footnote: "${preliminary}"); may be revised` : null,
          num?.formula ? `the workbook's own formula; its cached result is published` : null,
          shown?.note ?? null,
        ].filter((n): n is string => n !== null);
        columnPoints.push({
          metric: column.metric,
          place: d.place,
          ...column.bounds,
          value,
          null_reason: nullReason,
          // a missing value has nothing to revise: only values carry the preliminary flag
          status: preliminary !== null && value !== null ? 'preliminary' : 'final',
          unit,
          source_id: sourceId,
          note: noteParts.length > 0 ? noteParts.join('; ') : null,
        });
      }
      points.push(...columnPoints);
    }
  }
  if (roundedTotals > 0) notes.push(`${roundedTotals} cells published as the table displays them (their number format), not as the file holds them`);
  // the same border notes as every other family (bns-breaks.ts)
  markBorderChanges(points);
  notes.push(...describeSeries(points));
  points.sort(comparePoints);
  return { points, normalisedLabels: [...normalised].map(([raw, n]) => ({ raw, normalised: n })), notes, preliminaryColumns };
}

function comparePoints(a: Point, b: Point): number {
  return a.metric.localeCompare(b.metric) || a.place.localeCompare(b.place) || a.period_start.localeCompare(b.period_start) || a.period_end.localeCompare(b.period_end);
}

/** Facts about the series worth stating next to the points (computed, not assumed). */
function describeSeries(points: Point[]): string[] {
  const byPeriod = new Map<string, Point[]>();
  for (const p of points) byPeriod.set(`${p.metric} ${p.period}`, [...(byPeriod.get(`${p.metric} ${p.period}`) ?? []), p]);
  const backcast = [...byPeriod].filter(([, ps]) => ps.some((p) => p.note?.includes('recalculated by the Bureau'))).map(([k]) => k);
  const out: string[] = [];
  if (backcast.length > 0) {
    out.push(`periods where the Bureau published places before their creation (back-cast; their parents are in the new borders there, other periods of the parents may not be): ${backcast.join(', ')}`);
  }
  out.push('the national row is the workbook\'s own SUM of the region rows it lists; the old South Kazakhstan row stays a separate place and is never added to Turkistan + Shymkent');
  return out;
}
