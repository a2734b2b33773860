// The Bureau's self-employed population by employment status under the ILO standards (bns-dynamic/
// NOTES.md, the sheet "By employment status" of the ILO self-employed table: blocks of all, urban and
// rural population, each with its men and women) in the release built from the pinned snapshots,
// through the production app: every cell equal to its raw cell at its period, sex and area; the
// sheet's own footnote 1 beside the sheet by activity's other "1)"; the 19th ICLS from the 2015 year on.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { servedDynamicTables } from './support/dynamic-release.js';

const SOURCE = 'bns-dyn-self-employed-ilo';
const PART = 1; // the parts: "Self-employed by TEA", "By employment status"

describe('the self-employed by employment status, sex and area in the real release', () => {
  const { observation, indicator, compareEveryCell } = servedDynamicTables();

  test('every cell of the sheet equals its raw cell through v1', async () => {
    // four statuses, 71 periods (2006-2018 by quarter and year, 2019-2024), 3 areas by 3 sexes
    assert.equal(await compareEveryCell(SOURCE, PART), 4 * 71 * 9);
  });

  test('raw cells read by hand, each at its sex and area', async () => {
    const at = async (id: string, period: string, sex: string, area: string) =>
      (await observation(id, 'KZ', period, { sex, area })).value;
    assert.equal(await at('self_employed_employers', '2006-Q1', '_T', '_T'), 106184); // B8
    assert.equal(await at('self_employed_own_account_workers', '2024', 'M', '_T'), 1132261); // BT16
    assert.equal(await at('self_employed_cooperative_members', '2006-Q1', '_T', 'U'), 6787); // B31
    assert.equal(await at('self_employed_employers', '2006-Q1', 'M', 'U'), 37795); // B36
    assert.equal(await at('self_employed_unpaid_family_workers', '2006-Q1', 'F', 'R'), 36358); // B67
    // BE38: "-", no urban male cooperative members in the I quarter of 2017
    const none = await observation('self_employed_cooperative_members', 'KZ', '2017-Q1', {
      sex: 'M',
      area: 'U',
    });
    assert.equal(none.value, null);
    assert.match(none.null_reason, /source cell "-"/u);
  });

  test("the sheet's footnotes: its own 1) on every value, the census of 2009 on its column, the 19th ICLS from the 2015 year on", async () => {
    const noteAt = async (period: string, sex = '_T', area = '_T') =>
      (await observation('self_employed_employers', 'KZ', period, { sex, area })).note as string;
    const q1 = await noteAt('2006-Q1');
    assert.match(
      q1,
      /footnote 1\) of the table: Structure of self-employed according to the standards of International Labour Organization/u,
    );
    assert.doesNotMatch(q1, /OKED/u);
    const expected: [string, RegExp][] = [
      [
        '2011-Q3',
        /footnote 2\) of the table: Data are given in the context of extended population size/u,
      ],
      [
        '2016-Q1',
        /footnote 3\) of the table: Hereinafter data are created according to new standards of employment/u,
      ],
      [
        '2019',
        /footnote 4\) of the table: Hereinafter, data in accordanse with ILO standards will be compiled on an annual basis/u,
      ],
    ];
    for (const [period, note] of expected)
      assert.match(await noteAt(period, 'F', 'R'), note, period);
    assert.doesNotMatch(await noteAt('2015-Q4'), /19th ICLS/u);
  });

  test('the indicators carry sex and area and say the total row is not published again', async () => {
    const i = await indicator('self_employed_own_account_workers');
    assert.match(
      i.notes,
      /row "Self-employed" \(the four statuses added up, in every cell\) is read and checked here and not published/u,
    );
  });
});
