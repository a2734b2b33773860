// The one CSV writer of the project (RFC 4180 section 2, UTF-8): the release's CSV files, the CSV
// answers and SDMX-CSV all write their text here. A field holding a quote, a comma, CR or LF is
// quoted, its quotes doubled; records end in CRLF, the last one too. Written here rather than with
// csv-stringify because on the request path its per-field machinery (casts, options looked up per
// field, formula checks we do not ask for) was about half the CPU of an answer of a few thousand
// rows (a snapshot over every layer), and with a CRLF record delimiter it left a field holding a
// bare LF or CR unquoted, which a reader then splits into two records; the rule itself is two lines.

const NEEDS_QUOTES = /[",\r\n]/;

/** One field as CSV text. */
export const csvField = (s: string): string =>
  NEEDS_QUOTES.test(s) ? `"${s.replaceAll('"', '""')}"` : s;

/** Cells as one line's text, without its record end. */
export const csvLine = (cells: readonly string[]): string => cells.map(csvField).join(',');

/** Records as CSV text, each ended by CRLF. */
export const csvText = (records: Iterable<readonly string[]>): string => {
  let text = '';
  for (const cells of records) text += `${csvLine(cells)}\r\n`;
  return text;
};
