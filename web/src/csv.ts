// The rows a view shows, as RFC 4180 CSV (CRLF line ends, a field with a comma, quote or line break
// quoted, quotes doubled). Every row says its period, unit, status and source, so a row read alone
// still says what it is.
export interface CsvRow {
  place: string;
  place_name: string;
  metric: string;
  period: string;
  period_end: string;
  value: number | null;
  unit: string;
  status: string;
  source_id: string;
  source_title: string;
  source_url: string | null;
  note: string | null;
  release: string;
}

const HEAD: (keyof CsvRow)[] = ['place', 'place_name', 'metric', 'period', 'period_end', 'value', 'unit', 'status', 'source_id', 'source_title', 'source_url', 'note', 'release'];

export const csvField = (v: unknown) => {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

export function csvText(rows: CsvRow[]): string {
  return [HEAD.join(','), ...rows.map((r) => HEAD.map((k) => csvField(r[k])).join(','))].join('\r\n') + '\r\n';
}
