// The Bureau's "Dynamics by countries of the world" (bns-dynamic/NOTES.md: the CIS countries' key
// labour-market indicators and the OECD's unemployment rates, copied by the Bureau) in the release built
// from the pinned snapshots, through the production app: only Kazakhstan's rows are Dala's. The OECD
// sheet's rate for Kazakhstan is published, every cell equal to its raw cell; the CIS sheet's rows for
// Kazakhstan equal the survey tables but in 2015 (the figures before the 19th ICLS) and are not
// published again; no other country's figure is published.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { declaredPart, servedDynamicTables } from './support/dynamic-release.js';

const SOURCE = 'bns-dyn-labour-market-countries';

describe("the table of other countries in the real release: Kazakhstan's rows", () => {
  const { json, observation, indicator, compareEveryCell } = servedDynamicTables();

  test("every cell of the OECD sheet's Kazakhstan row equals its raw cell, and v1 holds nothing else of the table", async () => {
    assert.equal(await compareEveryCell(SOURCE, 1), 2023 - 1995 + 1);
    const body = await json('/api/v1/observations?indicator=unemployment_rate_oecd&limit=100');
    assert.equal(body.data.length, 29);
    assert.deepEqual([...new Set(body.data.map((o: { place: string }) => o.place))], ['place:KZ']);
    // the CIS sheet is read and checked, not published: no observation names its source
    assert.equal(await compareEveryCell(SOURCE, 0), 0);
  });

  test('the text numbers with a decimal comma and the OECD footnote on the title', async () => {
    // B52 "11,0" (1995), G52 "12,8" (2000), V52 5.1 (2015)
    const y1995 = await observation('unemployment_rate_oecd', 'KZ', '1995');
    assert.equal(y1995.value, 11);
    assert.match(
      y1995.note,
      /footnote \* of the table: Data from the site http:\/\/www\.oecd\.org on 25\.12\.2024/u,
    );
    assert.match(y1995.note, /the cell holds the text "11,0"/u);
    assert.equal((await observation('unemployment_rate_oecd', 'KZ', '2000')).value, 12.8);
    assert.equal((await observation('unemployment_rate_oecd', 'KZ', '2015')).value, 5.1);
  });

  test("the OECD rate equals the survey's in 2001-2023 and is linked to it as the same concept", async () => {
    for (let y = 2001; y <= 2023; y++)
      assert.equal(
        (await observation('unemployment_rate_oecd', 'KZ', String(y))).value,
        (await observation('unemployment_rate_lfs_quarterly', 'KZ', String(y))).value,
        String(y),
      );
    const declared = await indicator('unemployment_rate_oecd');
    assert.deepEqual(
      declared.same_concept.map((s: { indicator: string }) => s.indicator),
      ['indicator:unemployment_rate_lfs_quarterly'],
    );
  });

  test("the CIS sheet's rows for Kazakhstan equal the survey tables but in 2015, the year before the 19th ICLS", async () => {
    const { raw } = await declaredPart(SOURCE, 0);
    const published = [
      'labour_force_quarterly',
      'employed_quarterly',
      'employees_quarterly',
      'unemployed_quarterly',
      'unemployment_rate_lfs_quarterly',
      'youth_unemployment_rate_15_24',
    ];
    const differ: string[] = [];
    let kazakhstan = 0;
    for (const c of raw.cells.filter((x) => x.label === 'Kazakhstan')) {
      kazakhstan++;
      const o = await observation(published[Number(c.block)]!, 'KZ', c.period.period);
      if (o.value !== c.value) differ.push(`${c.address} ${c.value} ${o.value}`);
    }
    assert.equal(kazakhstan, 6 * 23);
    assert.deepEqual(differ, [
      'P8 9074.9 8887.6',
      'P19 8623.8 8433.3',
      'P41 451.1 454.2',
      'P52 5 5.1',
      'P63 4.1 4.2',
    ]);
    // a key glued to another country's number is cut by the keys the table prints ("1293,86)": 1293.8, note 6)
    const armenia = raw.cells.find((x) => x.address === 'S6')!;
    assert.deepEqual(
      [armenia.label, armenia.value, armenia.markers],
      ['Armenia', 1293.8, ['1)', '6)']],
    );
  });
});
