// The Bureau's employed population by economic activity and region (bns-dynamic/NOTES.md, the sheet
// "TEA_regions" of employed_population_by_economic_activity.xlsx: a block of rows per year 2010-2024,
// the regions as column groups of five) in the release built from the pinned snapshots, through the
// production app: every cell equal to its raw cell at its region and period, and v1 holding nothing
// the sheet does not; the keys the sheet prints no text for; the formulas that divide by 1,000 flagged
// as doubtful; the zeros the survey prints kept as values; the national sheet linked as the same concept.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { declaredPart, servedDynamicTables } from './support/dynamic-release.js';

const SOURCE = 'bns-dyn-employment-by-activity';
const PART = 2; // the parts: "TEA_RK", "KZ RK", "TEA_regions"

describe('the table of the employed by activity and region in the real release', () => {
  const { json, observation, indicator } = servedDynamicTables();

  test('every cell of the sheet equals its raw cell through v1, and v1 holds no other', async () => {
    const { part, reader, raw } = await declaredPart(SOURCE, PART);
    assert.equal(part.sheet, 'TEA_regions');
    const rows = part.blocks[0]!.rows!;
    const byPeriod = new Map<string, Map<string, (typeof raw.cells)[number]>>();
    for (const c of raw.cells) {
      const key = `${rows[c.label]}|${c.period.period}`;
      if (!byPeriod.has(key)) byPeriod.set(key, new Map());
      const place = reader.places![c.sub!]!;
      assert.ok(!byPeriod.get(key)!.has(place), `${c.address}: ${key} ${place} twice`);
      byPeriod.get(key)!.set(place, c);
    }
    let compared = 0;
    for (const [key, cells] of byPeriod) {
      const [id, period] = key.split('|') as [string, string];
      const q = new URLSearchParams({ indicator: id, period, limit: '100' });
      const body = await json(`/api/v1/observations?${q}`);
      assert.equal(body.meta.next_cursor ?? null, null);
      const served = new Map<string, { value: number | null; null_reason: string | null }>(
        body.data.map((o: { place: string }) => [o.place.replace(/^place:/u, ''), o]),
      );
      assert.deepEqual([...served.keys()].sort(), [...cells.keys()].sort(), key);
      for (const [place, c] of cells) {
        assert.equal(served.get(place)!.value, c.value, `${c.address} (${c.label}, ${c.header})`);
        if (c.value === null) assert.ok(served.get(place)!.null_reason, `${c.address}: no reason`);
        compared++;
      }
    }
    assert.equal(compared, 30_375);
  });

  test('raw cells read by hand: the country, a region and the two sections the national sheet leaves out', async () => {
    // B6: the country, 2010 I quarter (8029.31 shown 8,029.3); G35: Akmola, 2011 I quarter (418.426)
    assert.equal(
      (await observation('employed_by_activity_total_by_region', 'KZ', '2010-Q1')).value,
      8029.3,
    );
    assert.equal(
      (await observation('employed_by_activity_total_by_region', 'KZ-11', '2011-Q1')).value,
      418.4,
    );
    // B27 households 23.731, B28 extraterritorial 0.601: national figures of this sheet only
    assert.equal(
      (await observation('employed_by_activity_households_by_region', 'KZ', '2010-Q1')).value,
      23.7,
    );
    assert.equal(
      (await observation('employed_by_activity_extraterritorial_by_region', 'KZ', '2010-Q1')).value,
      0.6,
    );
    // L27: Aktobe's households in 2010 "-"; L85: Aktobe's households in 2012, an empty cell
    const none = await observation('employed_by_activity_households_by_region', 'KZ-15', '2010-Q1');
    assert.deepEqual(
      [none.value, none.null_reason],
      [null, 'source cell "-": no case, or the unit did not exist then'],
    );
    assert.equal(
      (await observation('employed_by_activity_households_by_region', 'KZ-15', '2012-Q1'))
        .null_reason,
      'empty cell in the source table',
    );
    // "Nur-Sultan city" (2019-2021) and "Astana  city" (2022, two spaces) are Astana
    assert.equal(
      (await observation('employed_by_activity_total_by_region', 'KZ-71', '2019-Q1')).value,
      527,
    );
    assert.equal(
      (await observation('employed_by_activity_total_by_region', 'KZ-71', '2022-Q1')).value,
      625.6,
    );
  });

  test('the keys the sheet prints no text for are said on their values, and on nothing else', async () => {
    const turkestan = await observation('employed_by_activity_total_by_region', 'KZ-61', '2010-Q1');
    assert.equal(turkestan.value, 840.6);
    assert.match(
      turkestan.note,
      /no text for footnote 1\) \(marked on "Turkestanskaya 2010 I quarter 1\)"\)/u,
    );
    assert.match(
      (await observation('employed_by_activity_total_by_region', 'KZ-61', '2015-Q1')).note,
      /no text for footnote 2\)/u,
    );
    assert.doesNotMatch(
      (await observation('employed_by_activity_total_by_region', 'KZ-61', '2010-Q2')).note,
      /footnote/u,
    );
    assert.match(
      (await observation('employed_by_activity_total_by_region', 'KZ', '2015')).note,
      /no text for footnote 1\) \(marked on "Republic of Kazakhstan 2015 year1\)"\)/u,
    );
    for (const place of ['KZ-33', 'KZ-35', 'KZ-63'])
      for (const period of ['2022-Q2', '2023-Q2', '2024-Q2'])
        assert.match(
          (await observation('employed_by_activity_total_by_region', place, period)).note,
          /no text for footnote 3\)/u,
          `${place} ${period}`,
        );
  });

  test('the formulas dividing by 1,000 are published as printed and flagged; the survey zeros are values', async () => {
    for (const q of [1, 2, 3, 4]) {
      const o = await observation('employed_by_activity_industry_by_region', 'KZ-79', `2010-Q${q}`);
      assert.deepEqual([o.value, o.status], [0, 'suspicious']);
      assert.match(
        o.note,
        /\/1000 divides the sum of Shymkent city's four industrial sections by 1,000/u,
      );
    }
    // its year's industry (24.49, no formula) is a value
    assert.equal(
      (await observation('employed_by_activity_industry_by_region', 'KZ-79', '2010')).status,
      'final',
    );
    const water = await observation('employed_by_activity_water_supply_by_region', 'KZ', '2024');
    assert.deepEqual([water.value, water.status], [0.1, 'suspicious']);
    assert.match(water.note, /=\(F389-F390-F391-F392\)\/1000/u);
    assert.equal(
      (await observation('employed_by_activity_water_supply_by_region', 'KZ', '2024-Q4')).value,
      85.1,
    );
    // CK65: Shymkent's agriculture in the III quarter of 2012 is printed 0 (its year 2.0 is the mean of 4.2, 3.8, 0, 0)
    const zero = await observation(
      'employed_by_activity_agriculture_by_region',
      'KZ-79',
      '2012-Q3',
    );
    assert.deepEqual([zero.value, zero.status], [0, 'final']);
  });

  test('the national sheet and the survey table by region are linked as the same concept, with their differences', async () => {
    const education = await indicator('employed_by_activity_education_by_region');
    assert.deepEqual(
      education.same_concept.map((s: { indicator: string }) => s.indicator),
      ['indicator:employed_by_activity_education'],
    );
    assert.match(
      education.same_concept[0].difference,
      /equal but in 2 cells \(2010 I quarter: 798 there, 797\.9 here; 2010 year: 816\.3 there, 816\.2 here\)/u,
    );
    // the same cell of the two sheets where they agree
    assert.equal(
      (await observation('employed_by_activity_education_by_region', 'KZ', '2011-Q1')).value,
      (await observation('employed_by_activity_education', 'KZ', '2011-Q1')).value,
    );
    const total = await indicator('employed_by_activity_total_by_region');
    assert.equal(total.same_concept[0].indicator, 'indicator:employed_quarterly');
    assert.equal((await observation('employed_quarterly', 'KZ-15', '2019-Q4')).value, 418.6);
    assert.equal(
      (await observation('employed_by_activity_total_by_region', 'KZ-15', '2019-Q4')).value,
      416.5,
    );
  });
});
