// The National Bank / Bureau national series of snapshots/nbk (README rows): four CSV files of one
// shape, `date,value,transformation` with CRLF line endings, one reader driven by a declaration per
// file. Each file's date means something else: a business day's fixing (the rate in force), the
// first day of a month (a monthly index), or a policy decision (in force from its date until the
// next one). A value is a positive decimal; the transformation is always "level".
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { Point } from './records.js';

export interface NbkSpec {
  path: string; // relative to the snapshot directory
  source_id: string;
  metric: string;
  unit: string;
  /** What a row's date is: a business day, the first day of a month, or a decision date. */
  dates: 'business-day' | 'month' | 'decision';
}

/** One row of the file as read, with its 1-based line for errors. */
export interface NbkRow { line: number; date: string; value: number }

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DECIMAL = /^\d+(\.\d+)?$/;
const realDate = (d: string) => ISO_DATE.test(d) && new Date(`${d}T00:00:00Z`).toISOString().slice(0, 10) === d;

/** The rows of one file, checked: header, CRLF, real increasing dates, positive decimals, "level". */
export async function readNbkRows(file: string, spec: NbkSpec): Promise<NbkRow[]> {
  const text = await readFile(file, 'utf8');
  // the README pins CRLF line endings: a file with bare LF is another file than the one described
  if (/[^\r]\n/.test(text)) throw new Error(`${spec.path}: a line ends with LF alone; the snapshot has CRLF line endings`);
  const records = parse(text, { record_delimiter: '\r\n', skip_empty_lines: true, relax_column_count: false }) as string[][];
  const [header, ...body] = records;
  if (header?.join(',') !== 'date,value,transformation') throw new Error(`${spec.path}, row 1: header ${JSON.stringify(header?.join(','))}, expected "date,value,transformation"`);
  const rows: NbkRow[] = [];
  body.forEach((r, i) => {
    const line = i + 2;
    const [date, value, transformation] = r as [string, string, string];
    if (!realDate(date)) throw new Error(`${spec.path}, row ${line}, field date: ${JSON.stringify(date)} is not a calendar date`);
    if (spec.dates === 'month' && !date.endsWith('-01')) throw new Error(`${spec.path}, row ${line}, field date: ${date} is not the first day of a month`);
    if (!DECIMAL.test(value) || Number(value) <= 0) throw new Error(`${spec.path}, row ${line}, field value: ${JSON.stringify(value)} is not a positive decimal`);
    if (transformation !== 'level') throw new Error(`${spec.path}, row ${line}, field transformation: ${JSON.stringify(transformation)}, expected "level"`);
    const before = rows.at(-1);
    if (before && before.date >= date) throw new Error(`${spec.path}, row ${line}, field date: ${date} does not follow ${before.date}`);
    rows.push({ line, date, value: Number(value) });
  });
  return rows;
}

const DAY = 86_400_000;
const addDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const weekday = (d: string) => new Date(`${d}T00:00:00Z`).getUTCDay(); // 0 Sunday, 6 Saturday
const monthEnd = (d: string) => new Date(Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)), 0)).toISOString().slice(0, 10);

const point = (spec: NbkSpec, period: string, start: string, end: string, value: number | null, null_reason: string | null, note: string | null): Point => ({
  metric: spec.metric, place: 'KZ', period, period_start: start, period_end: end, value, null_reason, status: 'final', unit: spec.unit, source_id: spec.source_id, note,
});

/**
 * A business-day series: one point per row, dated by its day (a snapshot on a weekend or holiday
 * finds the last fixing, with its own date). A weekday between the first and last row that the file
 * lacks is a null point saying so (never 0, never the previous rate); weekends are not business days
 * and have no point, except the weekend dates the file itself holds (kept, and noted).
 */
export function businessDays(spec: NbkSpec, rows: readonly NbkRow[]): Point[] {
  const out: Point[] = [];
  rows.forEach((r, i) => {
    const weekend = weekday(r.date) === 0 || weekday(r.date) === 6;
    out.push(point(spec, r.date, r.date, r.date, r.value, null, weekend ? `a weekend date in the source file (row ${r.line})` : null));
    const next = rows[i + 1];
    if (!next) return;
    for (let d = addDays(r.date, 1); d < next.date; d = addDays(d, 1)) {
      if (weekday(d) === 0 || weekday(d) === 6) continue;
      out.push(point(spec, d, d, d, null, `no rate for this weekday in the source file (a gap between ${r.date} and ${next.date}); not zero and not carried forward`, null));
    }
  });
  return out;
}

/** A monthly series: the row dated the first of a month is the month (`2024-01`, the whole month). */
export function months(spec: NbkSpec, rows: readonly NbkRow[]): Point[] {
  return rows.map((r) => point(spec, r.date.slice(0, 7), r.date, monthEnd(r.date), r.value, null, null));
}

/**
 * A step function from dated decisions: a decision holds from its date until the day before the
 * next one, and the last one until `until` (the release's as-of date). Stored as one point per
 * calendar day in force, so a snapshot at any date gives the rate in force that day, a month's
 * bucket its rate at the month's end (aggregation "last"), never a sum. Each point names the
 * decision it comes from; the decision days themselves say whether the rate changed or was held.
 */
export function stepDays(spec: NbkSpec, rows: readonly NbkRow[], until: string): Point[] {
  const out: Point[] = [];
  rows.forEach((r, i) => {
    const last = i + 1 < rows.length ? addDays(rows[i + 1]!.date, -1) : until;
    const before = rows[i - 1];
    const change = before === undefined ? 'first decision in the file' : before.value === r.value ? `held at ${r.value}` : `changed from ${before.value} to ${r.value}`;
    for (let d = r.date; d <= last; d = addDays(d, 1)) {
      const note = d === r.date ? `decision of ${r.date} (row ${r.line}): ${change}` : `in force since the decision of ${r.date}`;
      out.push(point(spec, d, d, d, r.value, null, note));
    }
  });
  return out;
}
