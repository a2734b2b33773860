// CSV beside every tabular JSON (RFC 4180, UTF-8, header row: src/lib/csv.ts). Missing values are
// empty cells, with the reason in its own column, never 0.
import { csvText } from '../lib/csv.js';

export function toCsv(columns: string[], rows: Record<string, unknown>[]): Buffer {
  return Buffer.from(
    csvText([
      columns,
      ...rows.map((r) =>
        columns.map((c) => (r[c] === null || r[c] === undefined ? '' : String(r[c]))),
      ),
    ]),
  );
}
