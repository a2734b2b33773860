// The Bureau's bulletin on water supply and sewerage, 2022 (Russian edition), in the real release,
// through the production app's v1 API: every cell of its 35 regional sheets equals the raw cell, and
// each trap the snapshots README names for the file is read as it means.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import * as XLSX from '@e965/xlsx';
import { snapshotsDir } from '../src/lib/config.js';
import { servedBulletins } from './support/bulletin-release.js';
import { declaredBulletin, declaredSheet } from './support/bulletin-declared.js';

const SOURCE = 'bns-water-supply-sewerage-2022';
const FILE = join(snapshotsDir(), 'bns-2026/water_supply_sewerage_by_region_2022.xls');

describe('the water supply and sewerage bulletin in the real release', () => {
  const served = servedBulletins();

  test('every cell of every regional sheet equals what v1 answers, in all, urban and rural', async () => {
    const { reader } = await declaredBulletin(SOURCE);
    assert.equal(reader.parts.length, 35);
    // 11 sheets in all (21 rows), 12 urban (21) and 12 rural (18), times their columns
    assert.equal(await served.compareEveryCell(SOURCE), 5871);
  });

  test('the Latin "x" of the cells is confidential, as the legend\'s Cyrillic "х" says: a null with that reason', async () => {
    const legend = XLSX.read(readFileSync(FILE), { sheets: 'Усл.обозначения' }).Sheets[
      'Усл.обозначения'
    ]!;
    assert.equal(legend['B14']!.v, '«\u0445» – данные конфиденциальны');
    let latin = 0;
    const { reader } = await declaredBulletin(SOURCE);
    for (const part of reader.parts)
      for (const c of (await declaredSheet(SOURCE, part.sheet)).raw)
        if (c.nullReason?.includes('confidential')) latin++;
    assert.equal(latin, 237);
    // Kostanai, sheet "1.", G19: "x"
    const [o] = await served.observations('water_separate_networks_leased', '2022', {
      place: 'KZ-39',
      area: '_T',
    });
    assert.equal(o!.value, null);
    assert.match(o!.null_reason!, /confidential/u);
  });

  test('the rural sheets have no rows for Astana, Almaty and Shymkent: no rural value is published for them', async () => {
    const rural = await served.observations('water_supply_facilities', '2022', { area: 'R' });
    assert.equal(rural.length, 18);
    for (const city of ['place:KZ-71', 'place:KZ-75', 'place:KZ-79'])
      assert.ok(!rural.some((o) => o.place === city), city);
    // the urban sheet holds them, equal to the sheet in all (sheet "1.", C27: Astana, 4)
    const [astana] = await served.observations('water_supply_facilities', '2022', {
      place: 'KZ-71',
      area: 'U',
    });
    assert.equal(astana!.value, 4);
  });

  test('"Жетісу" and "Ұлытау", printed in Kazakh amid the Russian names, are Zhetysu and Ulytau', async () => {
    // sheet "1.", B17 and B25
    const [zhetysu] = await served.observations('water_supply_enterprises', '2022', {
      place: 'KZ-33',
      area: '_T',
    });
    const [ulytau] = await served.observations('water_supply_enterprises', '2022', {
      place: 'KZ-62',
      area: '_T',
    });
    assert.deepEqual([zhetysu!.value, ulytau!.value], [22, 12]);
  });

  test('the Kazakh word in the Russian header of sheet "6." is read and left out of the Russian name', async () => {
    const { part } = await declaredSheet(SOURCE, '6.');
    assert.equal(part.columns['B']!.header, 'Поднято воды насосными станциями I подъема көтеруге');
    const ind = await served.indicator('water_lifted_first_lift');
    assert.equal(ind.names.ru, 'Поднято воды насосными станциями I подъема');
    assert.match(ind.notes, /prints a Kazakh word inside the Russian one/u);
  });

  test("the Russian names are the bulletin's words, reviewed; the Kazakh and English ones are marked unreviewed", async () => {
    const { indicators } = await declaredBulletin(SOURCE);
    assert.equal(indicators.length, 105);
    for (const i of indicators) {
      assert.equal(i.name_review?.ru.status, 'reviewed', i.id);
      assert.equal(i.name_review?.kk.status, 'unreviewed', i.id);
      assert.equal(i.name_review?.en.status, 'unreviewed', i.id);
    }
    const ind = await served.indicator('wastewater_treated_share');
    assert.deepEqual([ind.unit, ind.frequency], ['percent', 'annual']);
  });

  test('a cell shown 0.0 is an insignificant value by the legend, published as 0 with that note, never a null', async () => {
    // sheet "3.", E17: Kyzylorda's water mains replaced, 0 shown as 0.0
    const [o] = await served.observations('water_mains_replaced', '2022', {
      place: 'KZ-43',
      area: '_T',
    });
    assert.equal(o!.value, 0);
    assert.match(o!.note!, /insignificant value/u);
    const { indicators } = await declaredBulletin(SOURCE);
    assert.equal(indicators.find((i) => i.id === 'water_mains_replaced')!.zero_is_value, true);
  });

  test('the sheet by economic activity (national only) is not one of the regional sheets declared', async () => {
    const { reader } = await declaredBulletin(SOURCE);
    assert.ok(!reader.parts.some((p) => p.sheet === '9.'));
  });
});
