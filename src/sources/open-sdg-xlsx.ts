// A workbook among an Open SDG repository's data files (data/indicator_3-1-1.xlsx beside
// indicator_3-1-1.csv). Open SDG reads only the CSV; the workbook is read here (SheetJS, the
// project's workbook library) only to check that it holds the CSV's rows, so the indicator is
// published once, from the CSV, and a workbook that says something else stops the build.
import { readFile } from 'node:fs/promises';
import * as XLSX from '@e965/xlsx';
import { parseOpenSdgCsv } from './open-sdg-csv.js';

/** Refuses a workbook whose first sheet's rows (by column name) differ from the CSV's. */
export async function checkWorkbookMatchesCsv(workbookPath: string, csvText: string, where: string): Promise<void> {
  const wb = XLSX.read(await readFile(workbookPath), { cellFormula: false });
  const sheet = wb.Sheets[wb.SheetNames[0]!]!;
  const grid = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, blankrows: false, defval: '' });
  const header = (grid[0] ?? []).map((c) => String(c).trim());
  const csv = parseOpenSdgCsv(csvText, where);
  const cellText = (v: unknown) => (typeof v === 'number' ? String(v) : String(v ?? '').trim());
  const rows = grid.slice(1).map((r) => Object.fromEntries(header.map((h, k) => [h, cellText(r[k])])));
  const same =
    rows.length === csv.rows.length &&
    csv.rows.every((row, i) =>
      csv.columns.every((c) => {
        const a = (row.cells[c] ?? '').trim();
        const b = rows[i]![c] ?? '';
        return c === 'Value' ? Number(a) === Number(b) : a === b;
      }),
    );
  if (!same)
    throw new Error(`${where}: the workbook beside it holds other rows than the CSV (${rows.length} rows, the CSV ${csv.rows.length}); which one the platform means is not known`);
}
