// Reader for the taldau export of Bureau index 704447, average per-capita nominal money income
// (bns-extra/income_per_capita_nominal_by_region.csv, passport bns-income in sources/passports.json): columns
// region,date,value; upper-case Russian region names; one row per region and year-end date;
// pre-2022 regions only; values truncated to whole tenge by the export script.
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { Point } from './records.js';
import { markBorderChanges } from './bns-breaks.js';
import { annualPeriod } from './bns-periods.js';

export const INCOME_UNIT = 'KZT per month';
const HEADER = ['region', 'date', 'value'];
const TRUNCATED = 'whole tenge: the export script truncated the decimals of the Bureau\'s value';

export interface IncomeResult {
  points: Point[];
  breaks: number;
}

export async function readIncomeCsv(path: string, resolveLabel: (label: string) => string | null, sourceId = 'bns-income'): Promise<IncomeResult> {
  const records = parse(await readFile(path, 'utf8'), {
    bom: true, info: true, relax_column_count: true, record_delimiter: ['\r\n', '\n'],
  }) as unknown as { record: string[]; info: { lines: number } }[];
  const header = records[0]?.record ?? [];
  if (header.join(',') !== HEADER.join(',')) throw new Error(`${path}, row 1: header "${header.join(',')}" is not "${HEADER.join(',')}"`);
  const points: Point[] = [];
  const seen = new Map<string, number>();
  for (const { record, info } of records.slice(1)) {
    const fail = (field: string, msg: string): never => {
      throw new Error(`${path}, row ${info.lines}, field ${field}: ${msg}`);
    };
    if (record.length !== HEADER.length) fail('*', `${record.length} fields, expected ${HEADER.length}`);
    const [label, date, valueText] = record as [string, string, string];
    const place = resolveLabel(label);
    if (place === null) fail('region', `unresolved region label "${label}"`);
    const m = /^(\d{4})-12-31$/.exec(date);
    if (!m) fail('date', `"${date}" is not a year-end date YYYY-12-31 (the export is annual)`);
    const year = Number(m![1]);
    const key = `${place}|${year}`;
    if (seen.has(key)) fail('date', `duplicate ${place} ${year} (first at row ${seen.get(key)})`);
    seen.set(key, info.lines);
    let value: number | null = null;
    let nullReason: string | null = null;
    if (valueText.trim() === '' || valueText.trim() === '-') nullReason = valueText.trim() === '' ? 'empty in the source export' : 'source cell "-": not published';
    else {
      if (!/^\d+$/.test(valueText)) fail('value', `"${valueText}" is not a whole number of tenge`);
      value = Number(valueText);
      if (value === 0) fail('value', '0 where the export would leave a missing value empty');
    }
    points.push({
      metric: 'income_per_capita_nominal', place: place!, ...annualPeriod(year), value, null_reason: nullReason, status: 'final',
      unit: INCOME_UNIT, source_id: sourceId, note: value === null ? null : TRUNCATED,
    });
  }
  if (points.length === 0) throw new Error(`${path}: no data rows`);
  const breaks = markBorderChanges(points);
  points.sort((a, b) => (a.place + a.period < b.place + b.period ? -1 : 1));
  return { points, breaks };
}
