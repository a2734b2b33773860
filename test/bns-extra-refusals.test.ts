// The bns-extra readers refuse a bad cell of a table written here, naming the file, row and field:
// a text cell in a BIFF table, an unknown region label, a zero where the table prints "-", a decimal
// in the whole-tenge income export, and a footnote whose years disagree with the reader.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { readIncomeCsv } from '../src/sources/bns-income-csv.js';
import { readYearGrid } from '../src/sources/bns-year-grid.js';
import { tempDir } from './support/temp-dir.js';
import { S, SNAP, resolve } from './support/bns-extra-tables.js';

describe('bns-extra readers refuse a bad cell naming file, row and field', () => {
  const dir = tempDir('dala-bns-extra-');

  test('a text cell in a BIFF table', async () => {
    const wb = XLSX.read(readFileSync(join(SNAP, S.EMISSIONS_FILE)));
    wb.Sheets['ООС']!['D7'] = { t: 's', v: 'n/a' };
    const path = join(dir, 'emissions.xls');
    writeFileSync(path, XLSX.write(wb, { bookType: 'biff8', type: 'buffer' }) as Buffer);
    await assert.rejects(
      readYearGrid(path, S.EMISSIONS_SPEC, resolve),
      /emissions\.xls, sheet "ООС", row 7, column D \("Актюбинская", 2007\), field value: expected a number/,
    );
  });

  test('an unknown region label in an xlsx table', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(join(SNAP, S.HOSPITALS_FILE));
    wb.worksheets[0]!.getCell('A5').value = 'Актюбинск';
    const path = join(dir, 'hospitals.xlsx');
    await wb.xlsx.writeFile(path);
    await assert.rejects(
      readYearGrid(path, S.HOSPITALS_SPEC, resolve),
      /hospitals\.xlsx, sheet "Число больничных организаций", row 5, column A, field label: unresolved region label "Актюбинск"/,
    );
  });

  test('a zero where the table would print "-"', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(join(SNAP, S.HOSPITALS_FILE));
    wb.worksheets[0]!.getCell('C4').value = 0;
    const path = join(dir, 'hospitals-zero.xlsx');
    await wb.xlsx.writeFile(path);
    await assert.rejects(
      readYearGrid(path, S.HOSPITALS_SPEC, resolve),
      /row 4, column C \("Акмолинская", 2004\), field value: 0 where/,
    );
  });

  test('a decimal in the whole-tenge income export', async () => {
    const text = readFileSync(join(SNAP, S.INCOME_FILE), 'utf8').replace(
      'КЫЗЫЛОРДИНСКАЯ ОБЛАСТЬ,2016-12-31,56251',
      'КЫЗЫЛОРДИНСКАЯ ОБЛАСТЬ,2016-12-31,56251.5',
    );
    const path = join(dir, 'income.csv');
    writeFileSync(path, text);
    await assert.rejects(
      readIncomeCsv(path, resolve),
      /income\.csv, row 3, field value: "56251\.5" is not a whole number/,
    );
  });

  test('a footnote whose years disagree with the reader stops the build', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(join(SNAP, S.LIFE_EXPECTANCY_FILE));
    for (const ws of wb.worksheets)
      if (String(ws.getCell('A70').value ?? '').startsWith('*'))
        ws.getCell('A70').value = '*Данные за 1999-2017гг. по Южно-Казахстанской области.';
    const path = join(dir, 'le.xlsx');
    await wb.xlsx.writeFile(path);
    await assert.rejects(
      readYearGrid(path, S.LIFE_EXPECTANCY_SPEC, resolve),
      /footnote .* gives 1999-2017, the reader expects 1999-2016/,
    );
  });
});
