// Cells of the Bureau's dynamic tables that are not what they print, each declared: a header the table
// misprints (the Social Code table's "I quarterone)", a machine-translated "I quarter1)"), read as meant
// with the misprint said on every value under it; a value cell misprinted ("63,,4"), read as the declared
// number with a note naming the raw cell; a cell that is no data (a stray 0.213 right of the methodology
// column, a remark in a year column), passed over once its declared content is checked (NOTES.md there).
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
    // or a year printed with its key ("2019 3)" read as "2019 4)")
    const meant = met.has(own) ? own : header;
    const printed = met.get(meant);
    return printed === undefined ? null : `the header "${printed}" is read as "${meant}": a misprint of the table`;
  };
  return { headerCell, noteOf };
}

/** A value cell the table misprints, by its address: the text it holds and the number it means. */
export interface CellMisprint {
  printed: string;
  meant: number;
  /** Why the text is that number (the row's other sex in the same year adds it up to 100). */
  why: string;
}

/**
 * The declared misprinted cells of a sheet: `read` gives a declared cell's value with the note naming
 * the raw cell (null for any other cell), and `unmet` the declared addresses never read, so a changed
 * table fails the build rather than reading a misprint silently or naming a cell that no longer holds it.
 */
export function misprintedCells(declared: Readonly<Record<string, CellMisprint>> = {}, where: (address: string) => string) {
  const met = new Set<string>();
  const read = (address: string, x: XLSX.CellObject | undefined) => {
    const m = declared[address];
    if (m === undefined) return null;
    if (x?.t !== 's' || String(x.v) !== m.printed)
      throw new Error(`${where(address)}, field value: the declared misprint "${m.printed}" is not there (found ${JSON.stringify(x?.v ?? null)})`);
    met.add(address);
    const note = `the cell ${address} holds the text ${JSON.stringify(m.printed)}, no number the Bureau's conventions read: a misprint, read as ${m.meant} (${m.why})`;
    return { value: m.meant, nullReason: null, markers: [] as string[], notes: [note] };
  };
  const unmet = () => Object.keys(declared).filter((a) => !met.has(a));
  return { read, unmet };
}

/**
 * Cells the declaration says are no data, by address, with the content each must hold: a 0 left right
 * of the methodology column, a remark in a row's first year column ("Statistical records of strikes and
 * lockouts are not kept."). `hide` makes a declared cell empty for the reader (after checking its
 * content); `unmet` gives the declared addresses never met.
 */
export function strayCells(declared: Readonly<Record<string, string | number>> = {}, where: (address: string) => string) {
  const met = new Set<string>();
  const hide = (address: string, x: XLSX.CellObject | undefined) => {
    if (!(address in declared)) return x;
    if (x === undefined || x.v !== declared[address])
      throw new Error(`${where(address)}: the declared stray content ${JSON.stringify(declared[address])} is not there (found ${JSON.stringify(x?.v ?? null)})`);
    met.add(address);
    return undefined;
  };
  const unmet = () => Object.keys(declared).filter((a) => !met.has(a));
  return { hide, unmet };
}
