// Where a sheet of the Bureau's dynamic tables ends. A bulletin prints its number, its date and its
// authors' names, telephones and e-mail under its last table (bns-dynamic/NOTES.md: the labour
// productivity bulletin, sheet "4", rows 27-31): the declaration names the row that ends the table,
// and neither it nor any row under it is read, so nothing personal reaches a value, a note or an error.

/**
 * The last row of the table: the sheet's last, or the one above the declared row that ends it (which
 * must be there: a changed sheet fails the build rather than reading on into its authors' names).
 */
export function lastRow(
  header: number,
  end: number,
  labelText: (r: number) => string,
  endsAt: string | undefined,
  at: (r: number) => string,
): number {
  if (endsAt === undefined) return end;
  for (let r = header + 1; r <= end; r++) if (labelText(r) === endsAt) return r - 1;
  throw new Error(`${at(header)}: no row "${endsAt}" ends the table`);
}
