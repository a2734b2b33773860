// The employed youth by economic activity (bns-dynamic/NOTES.md, the sheet "TEA" of the table of young
// people in the labour market: quarters and years 2010-2024 across, the activities down) in the release
// built from the pinned snapshots, through the production app: every cell equal to its raw cell; this
// sheet's own footnotes 2) and 3), which the sheet "Regions" numbers otherwise; the total row read and
// checked against the employed youth of the sheet "Regions".
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { declaredTable, servedDynamicTables } from './support/dynamic-release.js';

const SOURCE = 'bns-dyn-young-people';

describe('the employed youth by economic activity in the real release', () => {
  const { observation, compareEveryCell } = servedDynamicTables();
  const part = async () =>
    (await declaredTable(SOURCE)).reader.parts.findIndex((p) => p.sheet === 'TEA');

  test('every cell of the sheet equals its raw cell through v1', async () => {
    // 20 activities by 15 years of four quarters and the year
    assert.equal(await compareEveryCell(SOURCE, await part()), 20 * 15 * 5);
  });

  test('raw cells read by hand, as the table displays them', async () => {
    const trade = await observation('youth_employed_by_activity_trade', 'KZ', '2010-Q1');
    assert.equal(trade.value, 353.5); // B14 353.52700000000004, displayed to one decimal
    assert.match(trade.note, /the cell holds 353\.52700000000004/u);
    assert.equal(
      (await observation('youth_employed_by_activity_health', 'KZ', '2024')).value,
      213.9,
    );
  });

  test("this sheet's footnotes: 2) over the whole year 2014, 3) the 19th ICLS from the 2015 year on", async () => {
    const note = async (period: string) =>
      (await observation('youth_employed_by_activity_education', 'KZ', period)).note as string;
    for (const period of ['2014-Q1', '2014-Q4', '2014'])
      assert.match(
        await note(period),
        /footnote 2\) of the table: According to a sample survey on employment of the population aged 15 years and older/u,
        period,
      );
    assert.doesNotMatch(await note('2013'), /footnote 2\)/u);
    assert.doesNotMatch(await note('2015-Q4'), /19th ICLS/u);
    assert.match(
      await note('2015'),
      /footnote 3\) of the table: Hereinafter data are created according to new standards of employment/u,
    );
    assert.match(await note('2024-Q1'), /19th ICLS/u);
  });
});
