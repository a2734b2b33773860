// One data file of an Open SDG data repository (data/indicator_<id>.csv, the "long" format): a `Year`
// column, disaggregation columns, then `Value`. Columns are selected by NAME, since their order differs
// from file to file; a byte order mark, CRLF line ends, empty lines and nameless trailing columns
// (a header and rows ending in ",,,,") are the files' own and read as nothing. A row whose field count
// is not the header's is kept as it is, with its fields in order, so a declared correction can say
// where its cells belong; the reader never guesses it (kazstat-sdg NOTES, "Shifted cells").
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';

/** A row of the file: its physical line (line 1 = the header) and its cells by column name. */
export interface OpenSdgRow {
  line: number;
  /** The row's text as written (without its line end), so a note can quote it. */
  raw: string;
  /** Cells by column name; a short row leaves its last columns undefined. */
  cells: Record<string, string | undefined>;
  /** Whether the row has fewer named fields than the header. */
  short: boolean;
}

export interface OpenSdgFile {
  /** The named columns, in the file's order (nameless trailing columns dropped). */
  columns: string[];
  rows: OpenSdgRow[];
}

export async function readOpenSdgCsv(path: string): Promise<OpenSdgFile> {
  return parseOpenSdgCsv(await readFile(path, 'utf8'), path);
}

export function parseOpenSdgCsv(text: string, where: string): OpenSdgFile {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const lines = body.split(/\r?\n/);
  const header = splitLine(lines[0] ?? '', where, 1);
  // nameless trailing columns: the header and every row end in empty fields (NOTES "trailing empty columns")
  let named = header.length;
  while (named > 0 && header[named - 1]!.trim() === '') named--;
  const columns = header.slice(0, named).map((c) => c.trim());
  if (!columns.includes('Year') || !columns.includes('Value'))
    throw new Error(`${where} line 1: an Open SDG data file has the columns Year and Value (has ${columns.join(', ')})`);
  if (header.slice(0, named).some((c) => c.trim() === ''))
    throw new Error(`${where} line 1: a nameless column among the named ones`);
  const rows: OpenSdgRow[] = [];
  lines.forEach((raw, i) => {
    if (i === 0 || raw.trim() === '') return;
    const fields = splitLine(raw, where, i + 1);
    const extra = fields.slice(named);
    if (extra.some((f) => f.trim() !== ''))
      throw new Error(`${where} line ${i + 1}: a value in a nameless column (${JSON.stringify(raw)})`);
    const own = fields.slice(0, named);
    const cells: Record<string, string | undefined> = {};
    columns.forEach((c, k) => (cells[c] = own[k]));
    rows.push({ line: i + 1, raw, cells, short: own.length < named });
  });
  return { columns, rows };
}

/** One CSV line's fields (RFC 4180 quoting, though the platform's files quote nothing). */
function splitLine(line: string, where: string, n: number): string[] {
  try {
    const parsed = parse(line, { relax_column_count: true }) as string[][];
    return parsed[0] ?? [''];
  } catch (e) {
    throw new Error(`${where} line ${n}: ${(e as Error).message}`);
  }
}
