// Reader for the Bureau of National Statistics workbook "Gross regional product" (English edition;
// snapshots/README.md row `bns/gross-regional-product.xlsx`). Layout, as found in the snapshot:
//   a title row, a unit row ("mln.tenge"), a header row of periods (years, or "1 quarter of 2008",
//   "1 half-year of 2008", "9 months of 2008"), the national row (cached SUM formulas), one row per
//   region, a blank row, then footnotes whose superscript marker ("1)") ties them to header or
//   label cells. The footnotes drive the exceptions: 1990-1992 in million roubles, 2023 preliminary,
//   Astana part of Akmola region in 1990-1996.
import ExcelJS from 'exceljs';
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

function cellText(value: ExcelJS.CellValue): CellText {
  if (value === null || value === undefined) return { text: '', markers: [] };
  if (typeof value === 'object' && 'richText' in value) {
    const plain = value.richText.filter((r) => r.font?.vertAlign !== 'superscript').map((r) => r.text);
    const markers = value.richText.filter((r) => r.font?.vertAlign === 'superscript').map((r) => r.text.trim());
    return splitAsterisks(plain.join('').trim(), markers.filter((m) => m !== ''));
  }
  if (typeof value === 'string' || typeof value === 'number') return splitAsterisks(String(value).trim(), []);
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
function cellNumber(value: ExcelJS.CellValue, where: string): { value: number; formula: boolean } | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return { value, formula: false };
  if (typeof value === 'object' && ('formula' in value || 'sharedFormula' in value)) {
    const result = (value as ExcelJS.CellFormulaValue).result;
    if (typeof result === 'number' && Number.isFinite(result)) return { value: result, formula: true };
    throw new Error(`${where}: formula without a cached numeric result (${JSON.stringify(result)})`);
  }
  throw new Error(`${where}: expected a number, found ${JSON.stringify(value)}`);
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
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const points: Point[] = [];
  const normalised = new Map<string, string>();
  const notes: string[] = [];
  const seen = new Set<string>();
  const preliminaryColumns: string[] = [];
  let roundedTotals = 0;

  for (const sheet of workbook.worksheets) {
    const at = (row: number, col?: number): string =>
      `${path}, sheet "${sheet.name}", row ${row}${col === undefined ? '' : `, column ${col}`}`;

    // Header row: the first row whose cells from column 2 on parse as periods.
    let headerRow = 0;
    const columns: Column[] = [];
    for (let r = 1; r <= sheet.rowCount && headerRow === 0; r++) {
      const row = sheet.getRow(r);
      const found: Column[] = [];
      for (let c = 2; c <= sheet.columnCount; c++) {
        const { text, markers } = cellText(row.getCell(c).value);
        const parsed = text === '' ? null : parsePeriodHeader(text);
        if (parsed) found.push({ col: c, ...parsed, markers, header: text });
      }
      if (found.length > 0) {
        headerRow = r;
        columns.push(...found);
      }
    }
    if (headerRow === 0) throw new Error(`${path}, sheet "${sheet.name}": no header row of periods found`);

    // Unit row above the header: the table states "mln.tenge"; anything else is unexpected.
    let unitFound = false;
    for (let r = 1; r < headerRow; r++) {
      sheet.getRow(r).eachCell((cell) => {
        if (/^mln\.?\s*tenge$/i.test(cellText(cell.value).text)) unitFound = true;
      });
    }
    if (!unitFound) throw new Error(`${at(headerRow)}: no "mln.tenge" unit cell above the header`);

    // Data rows run from below the header to the first row with an empty label.
    let r = headerRow + 1;
    const dataRows: { row: number; raw: string; place: string; labelMarkers: string[] }[] = [];
    for (; r <= sheet.rowCount; r++) {
      const { text, markers } = cellText(sheet.getRow(r).getCell(1).value);
      if (text === '') break;
      const label = normaliseLabel(text);
      if (label !== text) normalised.set(text, label);
      const place = resolveLabel(label);
      if (place === null) throw new Error(`${at(r, 1)}: unresolved region label "${label}" (raw "${text}")`);
      dataRows.push({ row: r, raw: text, place, labelMarkers: markers });
    }

    // Footnotes below the data: "1) text" with the marker as a superscript run of column A.
    const footnotes: Footnotes = new Map();
    for (; r <= sheet.rowCount; r++) {
      const row = sheet.getRow(r);
      const a = row.getCell(1).value;
      if (a && typeof a === 'object' && 'richText' in a && a.richText[0]?.font?.vertAlign === 'superscript') {
        const marker = a.richText[0].text.trim();
        footnotes.set(marker, a.richText.slice(1).map((x) => x.text).join('').trim());
        continue;
      }
      if (a !== null && a !== undefined && cellText(a).text !== '') {
        throw new Error(`${at(r, 1)}: unexpected content below the table: ${JSON.stringify(a)}`);
      }
    }
    for (const [marker, text] of footnotes) notes.push(`sheet "${sheet.name}" footnote ${marker} ${text}`);

    // Values outside a period column would be silently lost: refuse them.
    const periodCols = new Set(columns.map((c) => c.col));
    for (const d of dataRows) {
      sheet.getRow(d.row).eachCell((cell, c) => {
        if (c > 1 && !periodCols.has(c) && cellNumber(cell.value, at(d.row, c)) !== undefined) {
          throw new Error(`${at(d.row, c)}: value in a column without a period header`);
        }
      });
    }

    for (const column of columns) {
      for (const m of column.markers) {
        if (!footnotes.has(m)) notes.push(`sheet "${sheet.name}" header "${column.header}" carries marker "${m}" with no footnote in the sheet; ignored`);
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
        const num = cellNumber(sheet.getRow(d.row).getCell(column.col).value, where);
        let value: number | null = null;
        let nullReason: string | null = null;
        if (num === undefined) {
          const footnote = d.labelMarkers.map((m) => footnotes.get(m)).find((t) => t !== undefined);
          nullReason = footnote !== undefined ? `source footnote: ${footnote}` : borderNullReason(d.place, column.bounds.period_end);
          if (nullReason === null) throw new Error(`${where}: empty cell that no footnote or border change explains`);
        } else {
          // Cached SUM results may carry binary noise; the table publishes one decimal.
          value = num.formula ? Math.round(num.value * 10) / 10 : num.value;
          if (value !== num.value) roundedTotals++;
          if (value === 0) throw new Error(`${where}: value 0 (the table leaves missing cells empty)`);
        }
        const noteParts = [
          unit === GRP_ROUBLE_UNIT ? 'million roubles (source footnote): not comparable with tenge values' : null,
          preliminary !== null && value !== null ? `preliminary (source footnote: "${preliminary}"); may be revised` : null,
          num !== undefined && value !== num.value ? `the cell's cached formula result is ${num.value}; rounded to 0.1, the table's precision` : null,
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
  if (roundedTotals > 0) notes.push(`${roundedTotals} cached formula results (national totals) rounded to 0.1, the table's precision`);
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
