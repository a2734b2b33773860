// The Bureau's bulletin on the innovation activity of enterprises, 2022 (Kazakh edition), in the real
// release, through the production app's v1 API: every cell of its 15 regional sheets equals the raw
// cell, and each trap the snapshots README names for the file is read as it means.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import * as XLSX from '@e965/xlsx';
import { snapshotsDir } from '../src/lib/config.js';
import { bulletinSpecOf } from '../src/sources/bns-bulletin-points.js';
import { readBulletinTable } from '../src/sources/bns-bulletin-table.js';
import { servedBulletins } from './support/bulletin-release.js';
import { declaredBulletin, declaredSheet } from './support/bulletin-declared.js';

const SOURCE = 'bns-innovation-activity-2022';
const FILE = join(
  snapshotsDir(),
  'bns-2026/innovation_activity_of_enterprises_by_region_2022_kk.xls',
);

describe('the innovation activity bulletin in the real release', () => {
  const served = servedBulletins();

  test('every cell of every regional sheet equals what v1 answers', async () => {
    const { reader } = await declaredBulletin(SOURCE);
    assert.deepEqual(
      reader.parts.map((p) => p.sheet),
      ['1', '3', '4', '5', '7', '9', '11', '13', '14', '16', '18', '19', '20', '21', '22'],
    );
    // 101 published columns of 21 rows (three totals are read, checked and published from another sheet)
    assert.equal(await served.compareEveryCell(SOURCE), 101 * 21);
  });

  test('the totals of sheets "11" and "13" equal the expenditure of sheet "9", and column B of "14" the enterprises with innovations of "1": published once', async () => {
    const published = async (id: string) =>
      new Map((await served.observations(id, '2022')).map((o) => [o.place, o.value]));
    const { reader } = await declaredBulletin(SOURCE);
    const compare = async (sheet: string, id: string) => {
      const { raw } = await declaredSheet(SOURCE, sheet);
      const values = await published(id);
      const column = raw.filter((c) => c.column === 'B');
      assert.equal(column.length, 21);
      for (const c of column)
        assert.equal(
          values.get(`place:${reader.places[c.label]}`),
          c.value,
          `${sheet}!${c.address}`,
        );
    };
    await compare('11', 'innovation_expenditure');
    await compare('13', 'innovation_expenditure');
    await compare('14', 'enterprises_with_innovations');
    for (const sheet of ['11', '13', '14'])
      assert.equal((await declaredSheet(SOURCE, sheet)).part.columns['B']!.skip, true);
  });

  test('the cells\' Latin "x" is confidential, as the legend\'s Cyrillic "х" says', async () => {
    const legend = XLSX.read(readFileSync(FILE), { sheets: 'Шартты белгілер' }).Sheets[
      'Шартты белгілер'
    ]!;
    assert.equal(legend['B17']!.v, '«\u0445» – деректер құпия');
    const { reader } = await declaredBulletin(SOURCE);
    let confidential = 0;
    for (const part of reader.parts)
      for (const c of (await declaredSheet(SOURCE, part.sheet)).raw)
        if (c.nullReason?.includes('confidential')) confidential++;
    // 73 in the bulletin: the others are on its national sheets by economic activity, not declared
    assert.equal(confidential, 50);
  });

  test('"Шығыс  Қазақстан" with its double space is East Kazakhstan; "Астана қаласы" is Astana', async () => {
    const raw = XLSX.read(readFileSync(FILE), { sheets: '1' }).Sheets['1']!;
    assert.equal(raw['A21']!.v, 'Шығыс  Қазақстан');
    // sheet "1", B21 and B22
    const count = async (place: string) =>
      (await served.observations('innovation_survey_enterprises', '2022', { place }))[0]!.value;
    assert.deepEqual([await count('KZ-63'), await count('KZ-71')], [raw['B21']!.v, raw['B22']!.v]);
  });

  test('the employees "at the end of the reporting period" are published at 31 December 2022, an instant', async () => {
    const [o] = await served.observations('innovation_survey_employees', '2022-12-31', {
      place: 'KZ',
    });
    // sheet "1", E4
    assert.equal(o!.value, 2467764);
    assert.equal((await served.observations('innovation_survey_employees', '2022')).length, 0);
  });

  test('the band "0%" printed as the number 0 in a percent format is the header "0" of sheet "5"', async () => {
    const { part } = await declaredSheet(SOURCE, '5');
    assert.match(part.columns['B']!.header, / саны 0$/u);
    const ind = await served.indicator('enterprises_revenue_increase_from_innovation_0');
    assert.match(ind.notes, /printed as the number 0 in a percent format/u);
  });

  test('the rows under sheet "22" (the bulletin number, its authors) are never read: without its end the sheet fails', async () => {
    const { part, reader, raw } = await declaredSheet(SOURCE, '22');
    assert.equal(part.endsAt, '№ 7-15 /3053-ВН');
    assert.equal(Math.max(...raw.map((c) => Number(c.address.replace(/^[A-Z]+/u, '')))), 24);
    const { endsAt: _end, ...unended } = part;
    await assert.rejects(
      readBulletinTable(FILE, bulletinSpecOf(unended, reader.places)),
      /sheet "22", cell A26, field label: row "№ 7-15 \/3053-ВН" is no place/u,
    );
  });

  test("the Kazakh names are the bulletin's words, reviewed; the Russian and English ones unreviewed", async () => {
    const { indicators } = await declaredBulletin(SOURCE);
    assert.equal(indicators.length, 101);
    for (const i of indicators)
      assert.deepEqual(
        [i.name_review?.kk.status, i.name_review?.ru.status, i.name_review?.en.status],
        ['reviewed', 'unreviewed', 'unreviewed'],
        i.id,
      );
  });
});
