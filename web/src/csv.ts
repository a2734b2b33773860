// The rows a view shows, as RFC 4180 CSV (CRLF line ends, a field with a comma, quote or line break
// quoted, quotes doubled). Every row says its period, unit, status and source, so a row read alone
// still says what it is.
export interface CsvRow {
  place: string;
  place_name: string;
  metric: string;
  dimensions: Readonly<Record<string, string>>; // the breakdown's codes, one column each after metric
  period: string;
  period_end: string;
  value: number | null;
  unit: string;
  status: string;
  null_reason: string | null; // why a value is empty: the release's reason, or why Dala derived none
  source_id: string;
  source_title: string;
  source_url: string | null;
  note: string | null;
  release: string;
}

type Column = Exclude<keyof CsvRow, 'dimensions'>;
const BEFORE: Column[] = ['place', 'place_name', 'metric'];
const AFTER: Column[] = [
  'period',
  'period_end',
  'value',
  'unit',
  'status',
  'null_reason',
  'source_id',
  'source_title',
  'source_url',
  'note',
  'release',
];

export const csvField = (v: unknown) => {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** The rows as CSV: one column per dimension of the indicator (its code list: src/lib/dimensions.ts), as the API's CSVs have. */
export function csvText(rows: CsvRow[]): string {
  const dims = [...new Set(rows.flatMap((r) => Object.keys(r.dimensions)))];
  const head = [...BEFORE, ...dims, ...AFTER];
  const line = (r: CsvRow) =>
    [...BEFORE.map((k) => r[k]), ...dims.map((d) => r.dimensions[d]), ...AFTER.map((k) => r[k])]
      .map(csvField)
      .join(',');
  return [head.join(','), ...rows.map(line)].join('\r\n') + '\r\n';
}
