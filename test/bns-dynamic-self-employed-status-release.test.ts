// The Bureau's self-employed population by employment status, region and sex (bns-dynamic/NOTES.md, the
// sheet "by status" of the Social Code table, its header five rows deep) in the release built from the
// pinned snapshots, through the production app: every cell equal to its raw cell at its region,
// period and sex; the footnotes reaching their columns (2015 on, 2019 on through the misprinted key);
// the former South Kazakhstan and its successors apart; Astana's zeros kept as values.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { servedDynamicTables } from './support/dynamic-release.js';

const SOURCE = 'bns-dyn-self-employed-social-code';
const PART = 1; // the parts: "2019-2024 по кв", "by status"

describe('the self-employed by status, region and sex in the real release', () => {
  const { observation, compareEveryCell } = servedDynamicTables();

  test('every cell of the sheet equals its raw cell through v1', async () => {
    assert.equal(await compareEveryCell(SOURCE, PART), 3 * 22 * 36 * 3);
  });

  test('raw cells read by hand, each at its sex', async () => {
    const at = (id: string, place: string, period: string, sex: string) =>
      observation(id, place, period, { sex });
    // B9, C9, D9: the country in the I quarter of 2013, all persons
    assert.equal((await at('self_employed_by_region', 'KZ', '2013-Q1', '_T')).value, 2634753);
    assert.equal(
      (await at('self_employed_productive_by_region', 'KZ', '2013-Q1', '_T')).value,
      1534844,
    );
    assert.equal(
      (await at('self_employed_unproductive_by_region', 'KZ', '2013-Q1', '_T')).value,
      1099909,
    );
    // B32: men, the same quarter; DE76: women in Shymkent city, 2024, unproductively employed
    assert.equal((await at('self_employed_by_region', 'KZ', '2013-Q1', 'M')).value, 1390767);
    assert.equal(
      (await at('self_employed_unproductive_by_region', 'KZ-79', '2024', 'F')).value,
      697,
    );
  });

  test('the footnotes reach their columns: the methodology everywhere, the 19th ICLS from 2015, annual data from 2019 through the misprinted key', async () => {
    const q1 = await observation('self_employed_by_region', 'KZ', '2013-Q1', { sex: '_T' });
    assert.match(q1.note, /footnote 1\) of the table: Structure of self-employed/u);
    assert.doesNotMatch(q1.note, /19th ICLS/u);
    assert.match(
      (await observation('self_employed_by_region', 'KZ', '2016-Q1', { sex: '_T' })).note,
      /footnote 2\) of the table: Hereinafter data are created according to new standards of employment/u,
    );
    const y2019 = await observation('self_employed_productive_by_region', 'KZ-11', '2019', {
      sex: 'F',
    });
    assert.match(
      y2019.note,
      /footnote 4\) of the table: Hereinafter, data in accordanse with ILO standards will be compiled on an annual basis/u,
    );
    assert.match(
      y2019.note,
      /the header "2019 3\)" is read as "2019 4\)": a misprint of the table/u,
    );
  });

  test('South Kazakhstan to 2017, Turkestan from 2018; Abai, Zhetisu and "Ulytay" from 2022', async () => {
    assert.equal(
      (
        await observation('self_employed_by_region', 'KZ-SOUTH-KAZAKHSTAN-LEGACY', '2017', {
          sex: '_T',
        })
      ).value,
      482649,
    );
    assert.equal(
      (
        await observation('self_employed_by_region', 'KZ-SOUTH-KAZAKHSTAN-LEGACY', '2018-Q1', {
          sex: '_T',
        })
      ).value,
      null,
    );
    assert.equal(
      (await observation('self_employed_by_region', 'KZ-61', '2018-Q1', { sex: '_T' })).value,
      345885,
    );
    assert.equal(
      (await observation('self_employed_by_region', 'KZ-61', '2013-Q1', { sex: '_T' })).value,
      null,
    );
    const ulytau = await observation('self_employed_by_region', 'KZ-62', '2021', { sex: '_T' });
    assert.match(ulytau.null_reason, /source cell "-"/u);
  });

  test("Astana's unproductively employed printed 0 are values, where its self-employed equal its productively employed", async () => {
    for (const period of ['2016-Q2', '2018-Q3', '2018-Q4']) {
      const zero = await observation('self_employed_unproductive_by_region', 'KZ-71', period, {
        sex: '_T',
      });
      assert.deepEqual([zero.value, zero.status], [0, 'final']);
      assert.equal(
        (await observation('self_employed_by_region', 'KZ-71', period, { sex: '_T' })).value,
        (await observation('self_employed_productive_by_region', 'KZ-71', period, { sex: '_T' }))
          .value,
      );
    }
  });
});
