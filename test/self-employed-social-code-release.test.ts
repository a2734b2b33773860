// The Bureau's other categories of the employed population by the Social Code in the real release,
// through the production app's v1 API: every published cell equals the raw cell the shape reader
// reads, and each trap bns-dynamic/NOTES.md names for the file is what a user meets.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { declaredPart, servedDynamicTables } from './support/dynamic-release.js';

const SOURCE = 'bns-dyn-self-employed-social-code';

describe('other categories of employed population (Social Code) in the real release', () => {
  const served = servedDynamicTables();

  test('every cell of the six blocks by region equals what v1 answers', async () => {
    // 6 categories x 21 rows (the country and 20 regions) x 6 years x (4 quarters + year)
    assert.equal(await served.compareEveryCell(SOURCE), 6 * 21 * 6 * 5);
  });

  test('"I quarterone)" is the I quarter with a key the table prints no text for; the title\'s "*" reaches every value', async () => {
    const q1 = await served.observation(
      'employed_social_code_individual_entrepreneurs',
      'KZ',
      '2019-Q1',
    );
    assert.equal(q1.value, 1554916);
    assert.match(q1.note, /the header "I quarterone\)" is read as "I quarter1\)"/);
    assert.match(q1.note, /prints no text for footnote 1\)/);
    assert.match(q1.note, /in accordance with the Social Code/);
    const q2 = await served.observation(
      'employed_social_code_individual_entrepreneurs',
      'KZ',
      '2019-Q2',
    );
    assert.doesNotMatch(q2.note, /quarterone/);
    assert.match(q2.note, /in accordance with the Social Code/);
    // "IV квартал" in the English edition (Y16): the IV quarter of 2023
    assert.equal(
      (await served.observation('employed_social_code_individual_entrepreneurs', 'KZ', '2023-Q4'))
        .value,
      1626732,
    );
  });

  test('"S-Kazakhstan" is North Kazakhstan and "V-Kazakhstan" East Kazakhstan; the regions add up to the country', async () => {
    // row 31, between Pavlodar and Turkestan: Северо-Казахстанская in the Russian order
    assert.equal(
      (
        await served.observation(
          'employed_social_code_individual_entrepreneurs',
          'KZ-59',
          '2019-Q1',
        )
      ).value,
      34463,
    );
    assert.equal(
      (
        await served.observation(
          'employed_social_code_individual_entrepreneurs',
          'KZ-63',
          '2019-Q1',
        )
      ).value,
      143541,
    );
    const { raw } = await declaredPart(SOURCE);
    const sums = new Map<string, number>();
    const country = new Map<string, number | null>();
    for (const c of raw.cells.filter((x) => x.block !== '0')) {
      const key = `${c.block}|${c.period.period}`;
      if (c.label === 'The Republic of Kazakhstan') country.set(key, c.value);
      else sums.set(key, (sums.get(key) ?? 0) + (c.value ?? 0));
    }
    assert.equal(country.size, 6 * 30);
    for (const [key, v] of country) assert.equal(sums.get(key), v ?? 0, key);
    // the sheet's one 0, among "-" in Atyrau's row of cooperative members (AB130): flagged as doubtful
    const zero = await served.observation(
      'employed_social_code_cooperative_members',
      'KZ-23',
      '2024-Q2',
    );
    assert.deepEqual([zero.value, zero.status], [0, 'suspicious']);
    // Abai, Zhetisu and Ulytau from 2022: "-" before, null with its reason
    const abai = await served.observation(
      'employed_social_code_independent_workers',
      'KZ-10',
      '2021',
    );
    assert.equal(abai.value, null);
    assert.match(abai.null_reason, /no case/);
  });

  test("the national block at the top is checked against each block's country row, published once: one cell differs", async () => {
    const { raw } = await declaredPart(SOURCE);
    const heading = [
      'Individual entrepreneurs',
      'Individuals in private practice',
      'Civil law contract for the provision of services mainly with several customers',
      'Founders (participants) of economic partnerships and founders, shareholders (participants) of joint-stock companies',
      'Members of production cooperatives',
      'Independent Workers',
    ];
    const country = new Map(
      raw.cells
        .filter((c) => c.label === 'The Republic of Kazakhstan')
        .map((c) => [`${c.block}|${c.period.period}`, c.value]),
    );
    const top = raw.cells.filter((c) => c.block === '0');
    assert.equal(top.length, 6 * 30);
    const differ = top.filter(
      (c) => country.get(`${heading.indexOf(c.label) + 1}|${c.period.period}`) !== c.value,
    );
    assert.deepEqual(
      differ.map((c) => `${c.address} ${c.value}`),
      ['Q6 7321'],
    );
    // the block by region's figure is the one published, and the notes name the other
    const published = await served.observation(
      'employed_social_code_private_practice',
      'KZ',
      '2022-Q1',
    );
    assert.equal(published.value, 6892);
    assert.match((await served.indicator('employed_social_code_private_practice')).notes, /7,321/);
  });
});
