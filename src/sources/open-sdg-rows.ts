// A row of an Open SDG data file made into one observation of the model: its declared corrections
// applied (a row re-read where its cells are shifted, a code recoded where it stands for another
// place), its REF_AREA mapped to a place of Dala, its sex, urban/rural and age codes to the model's
// (src/lib/dimensions.ts; an empty cell and `_T` are the total), its value parsed. Everything the
// reader changes or doubts is said in the observation's note, naming the file and line it read
// (kazstat-sdg NOTES, "The worst traps"); a row it cannot read stops the build naming them.
import type { PointStatus } from './records.js';
import { parseOpenSdgCsv, type OpenSdgRow } from './open-sdg-csv.js';

/** A row whose cells are shifted, read as the declaration says it should read. */
export interface Reread {
  file: string;
  line: number;
  /** The row as the file writes it: the build fails when it no longer does. */
  raw: string;
  /** The row as it should read, in the file's columns. */
  read: string;
  status: 'final' | 'suspicious';
  note: string;
}

/** A code that stands for another: rows of a file (by line, or by years and cells) get other cells. */
export interface Recode {
  file: string;
  lines?: number[];
  years?: [number, number];
  where: Record<string, string>;
  set: Record<string, string>;
  status: 'final' | 'suspicious';
  note: string;
}

export interface RowRules {
  /** REF_AREA code -> place of the model (ISO 3166-2, KZ, or a former unit). */
  places: Record<string, string>;
  rereads: Reread[];
  recodes: Recode[];
}

export interface Observation {
  file: string;
  line: number;
  year: number;
  place: string;
  /** The codes of the columns that are no dimension of the model (SERIES, UNIT_MEASURE, ...). */
  split: Record<string, string>;
  sex: string;
  area: string;
  age: string;
  value: number;
  status: PointStatus;
  notes: string[];
}

/** The columns that are dimensions of the model, and the column the reader never joins on. */
const MODEL_COLUMNS = new Set(['Year', 'Value', 'REF_AREA', 'SEX', 'URBANISATION', 'AGE', 'GeoCode']);
const TURKISTAN = 'KZYUZ';
const SHYMKENT = 'KZSHY';
const SOUTH_KAZAKHSTAN = 'KZONT';
// Abai, Jetisu and Ulytau exist from 2022 (the 2022 reform)
const NEW_IN_2022 = new Set(['KZABY', 'KZZHS', 'KZULU']);
// the platform's age codes that say something else than their SDMX syntax (translations/*/AGE.yml)
const AGE_READ: Record<string, { code: string; why: string }> = {
  Y15: { code: 'Y_GE15', why: 'the platform\'s age code "Y15" is its total of the age groups 15 and over (no entry in AGE.yml), read as Y_GE15' },
  M25T28: { code: 'Y25T28', why: 'the platform\'s age code "M25T28" is labelled "25-28" in AGE.yml beside years, read as 25 to 28 years' },
  M29T34: { code: 'Y29T34', why: 'the platform\'s age code "M29T34" is labelled "29-34" in AGE.yml beside years, read as 29 to 34 years' },
};

const at = (file: string, line: number) => `${file} line ${line}`;

/** The rows of one data file as observations; `text` is the file's content. */
export function observationsOf(file: string, text: string, rules: RowRules, isAge: (code: string) => boolean): Observation[] {
  const parsed = parseOpenSdgCsv(text, file);
  const splitColumns = parsed.columns.filter((c) => !MODEL_COLUMNS.has(c));
  const rows = parsed.rows.map((row) => correct(file, parsed.columns, row, rules));
  for (const r of rules.rereads) if (r.file === file && !parsed.rows.some((row) => row.line === r.line))
    throw new Error(`${at(file, r.line)}: a declared re-read names a line the file does not have`);
  // a Turkistan row before 2018 with no Shymkent row beside it is the former South Kazakhstan's territory
  const blockOf = (c: Record<string, string | undefined>) =>
    parsed.columns.filter((k) => k !== 'REF_AREA' && k !== 'Value' && k !== 'GeoCode').map((k) => (c[k] ?? '').trim()).join('|');
  const withShymkent = new Set(rows.filter((r) => r.cells.REF_AREA === SHYMKENT).map((r) => blockOf(r.cells)));
  return rows.map(({ row, cells, status, notes }) => {
    const where = at(file, row.line);
    const year = Number(cells.Year);
    if (!Number.isInteger(year) || year < 1990 || year > 2100) throw new Error(`${where}: Year ${JSON.stringify(cells.Year)} is no year`);
    let code = (cells.REF_AREA ?? '').trim();
    if (code === TURKISTAN && year < 2018 && !withShymkent.has(blockOf(cells))) {
      code = SOUTH_KAZAKHSTAN;
      status = 'suspicious';
      notes.push(`${where}: code ${TURKISTAN} (Turkistan) in ${year}, before the 2018 split and with no Shymkent row beside it: read as the former South Kazakhstan region, Shymkent included (the file does not say)`);
    }
    const place = code === '' ? 'KZ' : rules.places[code];
    if (place === undefined) throw new Error(`${where}: REF_AREA ${JSON.stringify(code)} is no place the declaration maps`);
    if (NEW_IN_2022.has(code) && year < 2022) {
      status = 'suspicious';
      notes.push(`${where}: the region (${code}) exists from 2022; the platform gives its ${year} value without saying how it was made`);
    }
    const age = ageOf((cells.AGE ?? '').trim(), where, notes, isAge);
    return {
      file,
      line: row.line,
      year,
      place,
      // an explicit total (ACTIVITY "_T" in 8-5-1) is the empty cell's total, not a measure of its own
      split: Object.fromEntries(splitColumns.map((c) => [c, totalIsEmpty((cells[c] ?? '').trim())])),
      sex: codeOf(cells.SEX, ['M', 'F'], 'SEX', where),
      area: codeOf(cells.URBANISATION, ['U', 'R'], 'URBANISATION', where),
      age,
      value: valueOf(cells.Value, where, notes),
      status,
      notes,
    };
  });
}

function correct(file: string, columns: string[], row: OpenSdgRow, rules: RowRules) {
  let cells = row.cells;
  let status: PointStatus = 'final';
  const notes: string[] = [];
  const reread = rules.rereads.find((r) => r.file === file && r.line === row.line);
  if (reread) {
    if (reread.raw !== row.raw)
      throw new Error(`${at(file, row.line)}: reads ${JSON.stringify(row.raw)}, the declared re-read expects ${JSON.stringify(reread.raw)}`);
    cells = parseOpenSdgCsv(`${columns.join(',')}\n${reread.read}`, file).rows[0]!.cells;
    status = reread.status;
    notes.push(`${at(file, row.line)} reads ${JSON.stringify(row.raw)}: ${reread.note}`);
  } else if (row.short) throw new Error(`${at(file, row.line)}: ${JSON.stringify(row.raw)} has fewer fields than the header`);
  for (const r of rules.recodes) {
    if (r.file !== file) continue;
    const year = Number(cells.Year);
    if (r.lines && !r.lines.includes(row.line)) continue;
    if (r.years && (year < r.years[0] || year > r.years[1])) continue;
    if (Object.entries(r.where).some(([c, v]) => (cells[c] ?? '').trim() !== v)) {
      if (r.lines) throw new Error(`${at(file, row.line)}: ${JSON.stringify(row.raw)} is not the row the declared recode expects (${JSON.stringify(r.where)})`);
      continue;
    }
    cells = { ...cells, ...r.set };
    status = r.status === 'suspicious' ? 'suspicious' : status;
    notes.push(`${at(file, row.line)} reads ${JSON.stringify(row.raw)}: ${r.note}`);
  }
  return { row, cells, status, notes };
}

const totalIsEmpty = (code: string) => (code === '_T' ? '' : code);

function codeOf(cell: string | undefined, codes: string[], column: string, where: string): string {
  const code = (cell ?? '').trim();
  if (code === '' || code === '_T') return '_T';
  if (!codes.includes(code)) throw new Error(`${where}: ${column} ${JSON.stringify(code)} is none of _T, ${codes.join(', ')}`);
  return code;
}

function ageOf(code: string, where: string, notes: string[], isAge: (code: string) => boolean): string {
  if (code === '' || code === '_T') return '_T';
  const read = AGE_READ[code];
  if (read) {
    notes.push(`${where}: ${read.why}`);
    return read.code;
  }
  if (!isAge(code)) throw new Error(`${where}: AGE ${JSON.stringify(code)} is no age code of the model (src/lib/dimensions.ts)`);
  return code;
}

// Float noise (values written with 10 to 17 decimals, 15.626779999999995): published as the platform
// displays a value by default (Open SDG's dataRounding: rounded to 2 decimals); any value written
// with fewer decimals is published exactly as written.
export const NOISE_DECIMALS = 10;

function valueOf(cell: string | undefined, where: string, notes: string[]): number {
  const text = (cell ?? '').trim();
  if (!/^-?\d+(\.\d+)?$/.test(text)) throw new Error(`${where}: Value ${JSON.stringify(cell ?? '')} is no number`);
  const value = Number(text);
  const decimals = text.split('.')[1]?.length ?? 0;
  if (decimals < NOISE_DECIMALS) return value;
  const shown = Math.round(value * 100) / 100;
  notes.push(`${where}: the file writes ${text}; published as the platform displays it, to 2 decimals`);
  return shown;
}
