// CSV beside every tabular JSON (RFC 4180, UTF-8, header row). Missing values are empty cells,
// with the reason in its own column, never 0.
import { stringify } from 'csv-stringify/sync';

export function toCsv(columns: string[], rows: Record<string, unknown>[]): Buffer {
  return Buffer.from(
    stringify(
      rows.map((r) =>
        columns.map((c) => (r[c] === null || r[c] === undefined ? '' : String(r[c]))),
      ),
      { header: true, columns, record_delimiter: 'windows' },
    ),
  );
}
