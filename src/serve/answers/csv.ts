// CSV answers (RFC 4180, UTF-8, header row, CRLF, written as the release's own CSV files are:
// src/lib/csv.ts). Every CSV answer is bounded before it is made: a v1 collection is one page
// (limit <= 100, as its JSON), a time-slice table is the rows of the JSON answer of the same request. So it is made whole, as
// bytes, and goes through the answer machinery like JSON (src/serve/answers/): cached, tagged with
// its own ETag, compressed, 304 on If-None-Match. Whole collections are downloaded as the sealed
// CSV files under /data/, which the answers link to (rel="alternate").
// Nested values flatten one level (names.en, names.ru, names.kk); deeper ones are JSON text; a
// missing value is an empty cell, never 0 (its reason has its own column where the data has one).
import type { FastifyReply } from 'fastify';
import { csvField, csvLine } from '../../lib/csv.js';

export const CSV_MEDIA_TYPE = 'text/csv; charset=utf-8; header=present';

type Row = Record<string, unknown>;

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A value as the CSV text of its cell: empty for null, quoted where it must be. */
export const csvCell = (value: unknown): string => csvField(cell(value));

/** Column names of an item: its keys, one level of nested objects spelled `parent.child`. */
export function columnsOf(item: Row): string[] {
  return Object.entries(item).flatMap(([key, value]) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.keys(value).map((k) => `${key}.${k}`)
      : [key],
  );
}

function valueAt(item: Row, column: string): unknown {
  if (column in item) return item[column];
  const dot = column.indexOf('.');
  if (dot < 0) return undefined;
  const parent = item[column.slice(0, dot)];
  return parent && typeof parent === 'object' ? (parent as Row)[column.slice(dot + 1)] : undefined;
}

/**
 * Columns written after an item's own, whose cells are the same for many items (the indicator and
 * dimension codes of a series key): `cellsOf` gives them as CSV text (csvLine), made once and reused,
 * so a row costs a lookup, not a cell per column.
 */
export interface TrailingColumns {
  names: readonly string[];
  cellsOf: (item: Row) => string;
}

/** What a CSV answer is made of: bounded items, columns listed first, columns after theirs. */
export interface CsvTable {
  rows: Iterable<Row>;
  columns?: string[];
  trailing?: TrailingColumns;
}

/**
 * A table whose records the route wrote itself (./csv.ts's rules, each record ended by CRLF), under a
 * header of `columns`: for thousands of rows that share most of their cells' text.
 */
export interface CsvRecords {
  columns: readonly string[];
  records: string;
}

/**
 * The CSV of bounded items. Columns come from the first item (and `columns`, listed first, when an
 * empty answer must still have its header), then the trailing ones.
 */
export function csvBytes(
  items: Iterable<Row>,
  columns: string[] = [],
  trailing?: TrailingColumns,
): Buffer {
  const list = [...items];
  const header = [...new Set([...columns, ...(list.length ? columnsOf(list[0]!) : [])])];
  const after = trailing?.names.length ? trailing : undefined;
  let text = `${csvLine(after ? [...header, ...after.names] : header)}\r\n`;
  for (const item of list) {
    text += header.map((c) => csvCell(valueAt(item, c))).join(',');
    text += after ? `,${after.cellsOf(item)}\r\n` : '\r\n';
  }
  return Buffer.from(text);
}

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** Sends a table (bounded items, or records written already) as CSV, named `filename`; with format=csv-excel, after a UTF-8 byte order mark. */
export function sendCsv(
  reply: FastifyReply,
  table: CsvTable | CsvRecords,
  filename?: string,
): FastifyReply {
  reply.type(CSV_MEDIA_TYPE);
  if (filename) reply.header('content-disposition', `inline; filename="${filename}"`);
  const bytes =
    'records' in table
      ? Buffer.from(`${csvLine(table.columns)}\r\n${table.records}`)
      : csvBytes(table.rows, table.columns, table.trailing);
  const excel = (reply.request.query as { format?: string } | undefined)?.format === 'csv-excel';
  return reply.send(excel ? Buffer.concat([UTF8_BOM, bytes]) : bytes);
}
