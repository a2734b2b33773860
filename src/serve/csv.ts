// CSV answers (RFC 4180, UTF-8, header row, CRLF, as the release's own CSV files): rows are
// streamed through csv-stringify as they are read, so a large answer is never held whole.
// Nested values flatten one level (names.en, names.ru, names.kk); deeper ones are JSON text; a
// missing value is an empty cell, never 0 (its reason has its own column where the data has one).
import { stringify } from 'csv-stringify';
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

export const CSV_MEDIA_TYPE = 'text/csv; charset=utf-8; header=present';

type Row = Record<string, unknown>;

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Column names of an item: its keys, one level of nested objects spelled `parent.child`. */
export function columnsOf(item: Row): string[] {
  return Object.entries(item).flatMap(([key, value]) =>
    value && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value).map((k) => `${key}.${k}`) : [key],
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
 * Streams items as CSV. Columns come from the first item (and `columns`, listed first, when an
 * empty answer must still have its header).
 */
export function sendCsv(reply: FastifyReply, items: Iterable<Row>, opts: { columns?: string[]; filename?: string } = {}): FastifyReply {
  const iterator = items[Symbol.iterator]();
  const first = iterator.next();
  const columns = [...new Set([...(opts.columns ?? []), ...(first.done ? [] : columnsOf(first.value))])];
  function* rows(): Generator<string[]> {
    if (!first.done) yield columns.map((c) => cell(valueAt(first.value, c)));
    for (let next = iterator.next(); !next.done; next = iterator.next()) yield columns.map((c) => cell(valueAt(next.value, c)));
  }
  const body = Readable.from(rows()).pipe(stringify({ header: true, columns, record_delimiter: 'windows' }));
  reply.type(CSV_MEDIA_TYPE);
  if (opts.filename) reply.header('content-disposition', `inline; filename="${opts.filename}"`);
  return reply.send(body);
}
