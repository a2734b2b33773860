// The Bureau's bulletin of the main indicators of income differentiation, IV quarter of 2024 (English
// edition), in the real release, through the production app's v1 API: every cell of its seven regional
// sheets equals the raw cell, and each trap the snapshots README names for the file is read as it means.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { servedBulletins } from './support/bulletin-release.js';
import { declaredBulletin, declaredSheet } from './support/bulletin-declared.js';

const SOURCE = 'bns-income-differentiation-2024q4';

describe('the income differentiation bulletin in the real release', () => {
  const served = servedBulletins();

  test('every cell of every regional sheet equals what v1 answers, for the IV quarter of 2024', async () => {
    const { reader } = await declaredBulletin(SOURCE);
    assert.deepEqual(
      reader.parts.map((p) => p.sheet),
      ['1', '2', '3', '4', '5', '7', '9'],
    );
    // sheet "1": 6 columns of 21 + 21 + 18 rows; "2": 7 of 21; "3", "4", "5": 5 of 21; "7", "9": 6 of 21
    assert.equal(await served.compareEveryCell(SOURCE), 6 * 60 + 7 * 21 + 3 * 5 * 21 + 2 * 6 * 21);
  });

  test('sheet "1" has its places in column B in three blocks: total, urban and rural, the rural one without the three cities', async () => {
    const rows = async (area: string) =>
      served.observations('low_income_population_below_subsistence', '2024-Q4', { area });
    assert.equal((await rows('_T')).length, 21);
    assert.equal((await rows('U')).length, 21);
    const rural = await rows('R');
    assert.equal(rural.length, 18);
    for (const city of ['place:KZ-71', 'place:KZ-75', 'place:KZ-79'])
      assert.ok(!rural.some((o) => o.place === city), city);
    // D6, D28, D50: the country in all, urban and rural
    const kz = (area: string) =>
      served.observations('low_income_population_below_subsistence', '2024-Q4', {
        place: 'KZ',
        area,
      });
    assert.deepEqual(
      [(await kz('_T'))[0]!.value, (await kz('U'))[0]!.value, (await kz('R'))[0]!.value],
      [968755, 454594, 514161],
    );
  });

  test('"…" in the food-basket columns is a null with its reason, never 0', async () => {
    // sheet "1", F7: Abay
    const [abay] = await served.observations('low_income_households_below_food_basket', '2024-Q4', {
      place: 'KZ-10',
      area: '_T',
    });
    assert.equal(abay!.value, null);
    assert.match(abay!.null_reason!, /not available/u);
  });

  test('"Abay" and "Kostanay" are this bulletin\'s spellings of Abai and Kostanai', async () => {
    // sheet "5", F5 and F14
    const ratio = async (place: string) =>
      (await served.observations('funds_ratio_decile', '2024-Q4', { place }))[0]!.value;
    assert.deepEqual([await ratio('KZ-10'), await ratio('KZ-39')], [4.58, 5.24]);
  });

  test('the title\'s "*" and the note "1)" printed under sheet "1" are both said; the note\'s row is declared, never read as a place', async () => {
    const { part } = await declaredSheet(SOURCE, '1');
    assert.equal(part.ignore?.length, 1);
    assert.match(
      part.ignore![0]!,
      /^1\)From January 1, 2018, the structure of the living wage was changed/u,
    );
    const ind = await served.indicator('low_income_population_below_subsistence_share');
    assert.match(ind.notes, /marked "\*"/u);
    assert.match(
      ind.notes,
      /"1\)": from 1 January 2018 the structure of the subsistence minimum changed/u,
    );
  });

  test('labels with line breaks and padding are read as words: the header "share of population\\nin percents"', async () => {
    const { part } = await declaredSheet(SOURCE, '1');
    assert.equal(part.columns['E']!.header, 'share of population in percents');
  });

  test('the rows "For reference:" under sheets "3" and "4" end the table: no national row by household size is read as a place', async () => {
    for (const sheet of ['3', '4']) {
      const { part, raw } = await declaredSheet(SOURCE, sheet);
      assert.equal(part.endsAt, 'For reference:');
      assert.equal(Math.max(...raw.map((c) => Number(c.address.replace(/^[A-Z]+/u, '')))), 25);
    }
  });

  test("a cell shown 0.0 is the legend's insignificant value: 0 with that note", async () => {
    // sheet "5", C9: the severity of poverty in Atyrau
    const [o] = await served.observations('poverty_severity', '2024-Q4', { place: 'KZ-23' });
    assert.equal(o!.value, 0);
    assert.match(o!.note!, /insignificant value/u);
  });

  test("the English names are the bulletin's words, reviewed; the Russian and Kazakh ones unreviewed; no national-only sheet is declared", async () => {
    const { indicators, reader } = await declaredBulletin(SOURCE);
    assert.equal(indicators.length, 36);
    for (const i of indicators)
      assert.deepEqual(
        [i.name_review?.en.status, i.name_review?.ru.status, i.name_review?.kk.status],
        ['reviewed', 'unreviewed', 'unreviewed'],
        i.id,
      );
    // the sheet with the bulletin's authors ("16") is one of the national distributions, never read
    assert.ok(
      !reader.parts.some((p) =>
        ['6', '8', '10', '11', '12', '13', '14', '15', '16'].includes(p.sheet),
      ),
    );
    const cost = indicators.find((i) => i.id === 'cost_of_living_per_capita_quarter')!;
    assert.equal(cost.same_concept?.[0]?.indicator, 'subsistence_minimum_per_capita');
  });
});
