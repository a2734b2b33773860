// Header cells of the Bureau's dynamic tables that the table misprints (bns-dynamic/NOTES.md: the
// Social Code table's "I quarterone)", a machine-translated "I quarter1)"), read as the declaration
// says they are meant, and the misprint said on every value under them.
import type * as XLSX from '@e965/xlsx';

const squash = (t: string) => t.replace(/[\s\u00a0]+/gu, ' ').trim();

/**
 * The sheet's cells as a header reads them (a declared misprint replaced by its meaning), and the note
 * a value under a column header owes its misprint (null: the header was printed right).
 */
export function misprintedHeaders(
  cell: (r: number, c: number) => XLSX.CellObject | undefined,
  declared: Readonly<Record<string, string>> = {},
): { headerCell: typeof cell; noteOf: (header: string) => string | null } {
  const misprints = new Map(Object.entries(declared));
  const met = new Map<string, string>(); // the meant text -> the printed one, as met
  const headerCell = (r: number, c: number) => {
    const x = cell(r, c);
    const meant = x?.t === 's' ? misprints.get(squash(String(x.v))) : undefined;
    if (meant === undefined) return x;
    met.set(squash(meant), squash(String(x!.v)));
    return { ...x!, v: meant };
  };
  const noteOf = (header: string) => {
    // a header under its year reads "2019 I quarter1)": the part the cell printed follows the year
    const own = header.replace(/^\d{4} /u, '');
    const printed = met.get(own);
    return printed === undefined ? null : `the header "${printed}" is read as "${own}": a misprint of the table`;
  };
  return { headerCell, noteOf };
}
