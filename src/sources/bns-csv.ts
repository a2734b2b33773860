// Reader for the Bureau regional CSV transcriptions (`bns/*.csv`, passports in sources/passports.json):
// columns indicator,year,repo_region_code,iso_3166_2,kato,value,unit, one row per place and year.
// As found in the snapshots: the national row is `national,KZ,000000000`; the abolished South
// Kazakhstan region is `YKO,"KZ-YUZ(former South Kazakhstan, to 2017)",` with no KATO; 2015 is absent
// from the labour tables; some 2007/2008 rates carry long computed decimals.
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { Point } from './records.js';
import { annualPeriod } from './bns-periods.js';
import { SOUTH_KAZAKHSTAN_LEGACY } from './bns-reforms.js';
import { markBorderChanges } from './bns-breaks.js';
import { roundTo } from './bns-grid-checks.js';

/** The 20 ISO 3166-2:KZ codes (snapshots/reference/iso-3166-2-kz.json): "KZ-" + first two KATO digits. */
export const KZ_ISO_CODES: readonly string[] = [
  'KZ-10', 'KZ-11', 'KZ-15', 'KZ-19', 'KZ-23', 'KZ-27', 'KZ-31', 'KZ-33', 'KZ-35', 'KZ-39',
  'KZ-43', 'KZ-47', 'KZ-55', 'KZ-59', 'KZ-61', 'KZ-62', 'KZ-63', 'KZ-71', 'KZ-75', 'KZ-79',
];

export const EXPECTED_COLUMNS = ['indicator', 'year', 'repo_region_code', 'iso_3166_2', 'kato', 'value', 'unit'] as const;

export const NOT_PUBLISHED = 'not published in the source table';
export const NO_ROW = 'no row for this place and year in the source table';

/** A known fault or break to mark on one point; `expect` guards against a stale annotation. */
export interface Annotation {
  place: string;
  year: number;
  expect?: number;
  status?: Point['status'];
  note: string;
}

export interface BnsCsvSpec {
  metric: string;
  unit: string; // the unit every row must state, and the unit of the points
  source_id?: string; // default: 'bns-' + the file name without .csv
  decimals?: number; // the source's published precision; longer values are rounded and noted
  annotations?: Annotation[];
}

interface Row {
  line: number;
  place: string;
  year: number;
  value: number | null;
  nullReason: string | null;
  status: Point['status'];
  notes: string[];
}

function placeOf(iso: string, code: string, kato: string, fail: (field: string, msg: string) => never): string {
  if (iso === 'KZ') {
    if (code !== 'national' || kato !== '000000000') fail('kato', `national row must be national/KZ/000000000, found ${code}/${iso}/${kato}`);
    return 'KZ';
  }
  if (/^KZ-YUZ\b/.test(iso)) {
    if (kato !== '') fail('kato', `the former South Kazakhstan row has no KATO, found "${kato}"`);
    return SOUTH_KAZAKHSTAN_LEGACY;
  }
  if (!KZ_ISO_CODES.includes(iso)) fail('iso_3166_2', `unknown ISO 3166-2 code "${iso}"`);
  if (kato !== `${iso.slice(3)}0000000`) fail('kato', `KATO "${kato}" does not match ${iso}`);
  return iso;
}

/** Reads one Bureau CSV into annual points; any bad row throws naming file, row (line) and field. */
export async function readBnsCsv(path: string, spec: BnsCsvSpec): Promise<Point[]> {
  const text = await readFile(path, 'utf8');
  const records = parse(text, {
    bom: true,
    info: true,
    relax_column_count: true, // a short or long row is reported below with its row number
    record_delimiter: ['\r\n', '\n'], // the snapshots use CRLF; an edited copy may mix in LF
  }) as unknown as { record: string[]; info: { lines: number } }[];
  const header = records[0]?.record ?? [];
  if (header.join(',') !== EXPECTED_COLUMNS.join(',')) {
    throw new Error(`${path}, row 1: header "${header.join(',')}" is not "${EXPECTED_COLUMNS.join(',')}"`);
  }
  const fileName = path.split('/').pop() ?? path;
  const sourceId = spec.source_id ?? `bns-${fileName.replace(/\.csv$/i, '')}`;
  const rows: Row[] = [];
  const seen = new Map<string, number>();
  let indicator: string | null = null;

  for (const { record, info } of records.slice(1)) {
    const line = info.lines;
    const fail = (field: string, msg: string): never => {
      throw new Error(`${path}, row ${line}, field ${field}: ${msg}`);
    };
    if (record.length !== EXPECTED_COLUMNS.length) fail('*', `${record.length} fields, expected ${EXPECTED_COLUMNS.length}`);
    const [ind, yearText, code, iso, kato, valueText, unit] = record.map((f) => f.trim()) as [string, string, string, string, string, string, string];
    if (indicator === null) indicator = ind;
    if (ind !== indicator) fail('indicator', `"${ind}" differs from "${indicator}" of the first row`);
    if (!/^\d{4}$/.test(yearText)) fail('year', `"${yearText}" is not a four-digit year`);
    const year = Number(yearText);
    if (code === '') fail('repo_region_code', 'empty');
    const place = placeOf(iso, code, kato, fail);
    if (unit !== spec.unit) fail('unit', `"${unit}", expected "${spec.unit}"`);
    const key = `${place}|${year}`;
    if (seen.has(key)) fail('year', `duplicate ${place} ${year} (first at row ${seen.get(key)})`);
    seen.set(key, line);

    const notes: string[] = [];
    let value: number | null = null;
    let nullReason: string | null = null;
    if (valueText === '') {
      nullReason = 'empty in the source table';
    } else {
      if (!/^-?\d+(\.\d+)?$/.test(valueText)) fail('value', `"${valueText}" is not a number`);
      value = Number(valueText);
      if (value < 0) fail('value', `${valueText} is negative`);
      // The Bureau leaves a missing value empty; a 0 in these tables can only stand for "missing".
      if (value === 0) fail('value', '0 where the source would leave a missing value empty');
      const places = valueText.split('.')[1]?.length ?? 0;
      if (spec.decimals !== undefined && places > spec.decimals) {
        value = roundTo(value, spec.decimals);
        notes.push(`rounded from ${valueText} to the source's published precision (${spec.decimals} decimal${spec.decimals === 1 ? '' : 's'})`);
      }
    }
    rows.push({ line, place, year, value, nullReason, status: 'final', notes });
  }
  if (rows.length === 0) throw new Error(`${path}: no data rows`);

  rows.push(...gapRows(rows));
  applyAnnotations(path, rows, spec.annotations ?? []);

  const points = rows.map((r): Point => {
    const notes = r.notes;
    return {
      metric: spec.metric,
      place: r.place,
      ...annualPeriod(r.year),
      value: r.value,
      null_reason: r.nullReason,
      status: r.status,
      unit: spec.unit,
      source_id: sourceId,
      note: notes.length > 0 ? notes.join('; ') : null,
    };
  });
  // the same border notes as every other family: one rule for every indicator of a changed place
  markBorderChanges(points);
  return points.sort((a, b) => a.place.localeCompare(b.place) || a.period.localeCompare(b.period));
}

/**
 * Years missing inside a place's own run of years become null points: 'not published in the source
 * table' when no place has the year (2015 in the labour tables), otherwise 'no row ...'. Years
 * before a place's first or after its last row are not invented.
 */
function gapRows(rows: Row[]): Row[] {
  const yearsAll = new Set(rows.map((r) => r.year));
  const byPlace = new Map<string, Set<number>>();
  for (const r of rows) byPlace.set(r.place, (byPlace.get(r.place) ?? new Set()).add(r.year));
  const gaps: Row[] = [];
  for (const [place, years] of byPlace) {
    const sorted = [...years].sort((a, b) => a - b);
    for (let y = sorted[0]! + 1; y < sorted[sorted.length - 1]!; y++) {
      if (years.has(y)) continue;
      gaps.push({ line: 0, place, year: y, value: null, nullReason: yearsAll.has(y) ? NO_ROW : NOT_PUBLISHED, status: 'final', notes: [] });
    }
  }
  return gaps;
}

function applyAnnotations(path: string, rows: Row[], annotations: Annotation[]): void {
  for (const a of annotations) {
    const row = rows.find((r) => r.place === a.place && r.year === a.year);
    if (!row || row.value === null) throw new Error(`${path}: annotation for ${a.place} ${a.year} matches no value`);
    if (a.expect !== undefined && row.value !== a.expect) {
      throw new Error(`${path}, row ${row.line}, field value: annotated as ${a.expect} but the file has ${row.value}`);
    }
    row.notes.push(a.note);
    if (a.status) row.status = a.status;
  }
}
