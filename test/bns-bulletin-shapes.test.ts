// The shape of the Bureau's regional bulletin tables (src/sources/bns-bulletin-table.ts), read from a
// staged bulletin: each declared column is found by the words printed over it, and a column, row or
// end the declaration does not account for fails the build naming the cell.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { snapshotsDir } from '../src/lib/config.js';
import { readBulletinTable, type BulletinTableSpec } from '../src/sources/bns-bulletin-table.js';
import { bulletinSpecOf } from '../src/sources/bns-bulletin-points.js';
import { declaredSheet } from './support/bulletin-declared.js';

const WATER = join(snapshotsDir(), 'bns-2026/water_supply_sewerage_by_region_2022.xls');
const PLACES = [
  'Республика Казахстан',
  'Абай',
  'Акмолинская',
  'Актюбинская',
  'Алматинская',
  'Атырауская',
  'Западно-Казахстанская',
  'Жамбылская',
  'Жетісу',
  'Карагандинская',
  'Костанайская',
  'Кызылординская',
  'Мангистауская',
  'Павлодарская',
  'Северо-Казахстанская',
  'Туркестанская',
  'Ұлытау',
  'Восточно-Казахстанская',
  'г. Астана',
  'г. Алматы',
  'г. Шымкент',
];
// sheet "8." of the water bulletin: four measures, the header in one row
const SHEET_8: BulletinTableSpec = {
  sheet: '8.',
  places: PLACES,
  columns: {
    B: { header: 'Израсходовано на собственные производственные нужды, тыс. куб.м.' },
    C: { header: 'Утечка и неучтенный расход, тыс.куб.м всего' },
    D: { header: 'в % ко всей поданной воде в сеть' },
    E: { header: 'Среднесуточный отпуск в расчете на одного жителя, литров' },
  },
};

describe('a regional bulletin table', () => {
  test('each declared column is read under the words printed over it, every place once', async () => {
    const cells = await readBulletinTable(WATER, SHEET_8);
    assert.equal(cells.length, 21 * 4);
    const kz = cells.filter((c) => c.label === 'Республика Казахстан');
    assert.deepEqual(
      kz.map((c) => c.address),
      ['B5', 'C5', 'D5', 'E5'],
    );
  });

  test('the words over two header rows are joined top-down (a group heading over its column)', async () => {
    const cells = await readBulletinTable(WATER, {
      sheet: '1.',
      places: PLACES,
      columns: {
        B: {
          header: 'Количество предприятий и их подразделений и индивидуальных предпринимателей',
        },
        C: { header: 'Число водопроводных сооружений' },
        D: { header: 'из них водозаборных сооружений' },
        E: { header: 'водоочистных сооружений' },
        F: { header: 'отдельных водопроводных сетей' },
        G: { header: 'из них, находящиеся в аренде и концессии' },
        H: { header: 'единиц уличных водоразборов (будок, колонок, кранов)' },
        I: { header: 'аварий' },
        J: { header: 'из них, на сетях' },
      },
    });
    assert.equal(cells.find((c) => c.address === 'D9')!.value, 3356);
  });

  test('a column headed other than declared fails naming the cell and both texts', async () => {
    await assert.rejects(
      readBulletinTable(WATER, {
        ...SHEET_8,
        columns: { ...SHEET_8.columns, D: { header: 'в % к поданной воде' } },
      }),
      /sheet "8\.", cell D4, field header: column D is headed "в % ко всей поданной воде в сеть", the declaration says "в % к поданной воде"/u,
    );
  });

  test('a value in a column the declaration does not name fails', async () => {
    const { E: _e, ...three } = SHEET_8.columns;
    await assert.rejects(
      readBulletinTable(WATER, { ...SHEET_8, columns: three }),
      /cell E5, field value: a value in a column the declaration does not name/u,
    );
  });

  test('a row whose label is no declared place fails, so a renamed region is never published under another', async () => {
    await assert.rejects(
      readBulletinTable(WATER, { ...SHEET_8, places: PLACES.filter((p) => p !== 'Жетісу') }),
      /cell A13, field label: row "Жетісу" is no place the declaration names/u,
    );
  });

  test('the rows under the table (the bulletin number, its authors) are never read: without its end the sheet fails', async () => {
    const { part, reader, raw } = await declaredSheet('bns-water-supply-sewerage-2022', '11.2');
    assert.equal(part.endsAt, '№ 6-7/3042-ВН');
    // the table's last row is 22 (East Kazakhstan); the number is row 25, the authors rows 27-29
    assert.equal(Math.max(...raw.map((c) => Number(c.address.replace(/^[A-Z]+/u, '')))), 22);
    const { endsAt: _end, ...unended } = part;
    await assert.rejects(
      readBulletinTable(WATER, bulletinSpecOf(unended, reader.places)),
      /sheet "11\.2", cell A25, field label: row "№ 6-7\/3042-ВН" is no place the declaration names/u,
    );
  });
});

describe('a regional bulletin table in blocks, its places in column B', () => {
  const INCOME = join(
    snapshotsDir(),
    'bns-2026/income_differentiation_low_income_population_by_region_2024q4.xlsx',
  );

  test('each block of places is read under its heading, every place once in each', async () => {
    const { part, reader, raw } = await declaredSheet('bns-income-differentiation-2024q4', '1');
    assert.equal(part.labelColumn, 1);
    assert.deepEqual(
      [0, 1, 2].map((b) => raw.filter((c) => c.block === b && c.column === 'C').length),
      [21, 21, 18],
    );
    // a block declared out of its printed order fails naming the heading's cell
    const [total, urban, rural] = part.blocks!;
    await assert.rejects(
      readBulletinTable(
        INCOME,
        bulletinSpecOf({ ...part, blocks: [total!, rural!, urban!] }, reader.places),
      ),
      /sheet "1", cell B27, field label: block "In urban areas" out of the declared order/u,
    );
    // without the blocks, the urban block's heading is a row the declaration does not name
    const { blocks: _b, ...unblocked } = part;
    await assert.rejects(
      readBulletinTable(INCOME, bulletinSpecOf(unblocked, reader.places)),
      /cell B27, field label: row "In urban areas" is no place the declaration names/u,
    );
  });
});
