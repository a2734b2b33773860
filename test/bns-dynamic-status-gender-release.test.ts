// The Social Code table's sheet "status and gender" (bns-dynamic/NOTES.md): two tables on one sheet, the
// self-employed by employment status in the national definition by quarter and year 2013-2018 (blocks
// headed over each group of columns) and the other categories of the employed population by year
// 2019-2024 (blocks headed in the label column), in the release built from the pinned snapshots, through
// the production app: every cell equal to its raw cell at its period and sex; the rows read and checked
// against the sheet "by status"; the 2016 cells of men and women printed one row up flagged, not moved;
// each table's own footnotes.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { declaredPart, servedDynamicTables } from './support/dynamic-release.js';

const SOURCE = 'bns-dyn-self-employed-social-code';
const PART = 2; // the parts: "2019-2024 по кв", "by status", "status and gender"

describe('the self-employed by status and sex, and the other categories of the employed, in the real release', () => {
  const { observation, compareEveryCell } = servedDynamicTables();
  const at = (id: string, period: string, sex = '_T') => observation(id, 'KZ', period, { sex });

  test('every cell of both tables equals its raw cell through v1', async () => {
    // 10 statuses by 30 periods (2013-2018, quarters and year), 12 categories by 6 years, 3 sexes each
    assert.equal(await compareEveryCell(SOURCE, PART), 10 * 30 * 3 + 12 * 6 * 3);
  });

  test('raw cells read by hand', async () => {
    assert.equal((await at('self_employed_status_employers', '2013-Q1')).value, 160405); // B10
    assert.equal(
      (await at('self_employed_status_cooperative_below_minimum', '2018', 'F')).value,
      34,
    ); // AE50
    assert.equal(
      (await at('employed_other_categories_plot_sale_below_minimum', '2024', 'F')).value,
      14477,
    ); // G104
    const none = await at('employed_other_categories_private_practice_inactive', '2019', 'M'); // B84 "-"
    assert.equal(none.value, null);
    assert.match(none.null_reason, /source cell "-"/u);
  });

  test('the totals and the two statuses are the sheet "by status"\'s country cells but in the I quarter of 2015 and one cell of men', async () => {
    const { part, raw } = await declaredPart(SOURCE, PART);
    const of: Record<string, string> = {
      'Self-employed': 'self_employed_by_region',
      'Other categories of the employed population': 'self_employed_by_region',
      'productively employed': 'self_employed_productive_by_region',
      'unproductively employed': 'self_employed_unproductive_by_region',
    };
    const differ: string[] = [];
    let equal = 0;
    for (const c of raw.cells) {
      const id = of[c.label];
      if (id === undefined) continue;
      const o = await at(id, c.period.period, part.blocks[Number(c.block)]!.dimensions!.sex);
      if (o.value === c.value) equal++;
      else differ.push(c.address);
    }
    assert.equal(equal, 314);
    assert.deepEqual(differ, ['L7', 'L9', 'L14', 'L22', 'L24', 'N24', 'L29', 'L37', 'L39', 'L44']);
  });

  test('the 2016 cells of men and women printed one row up are published as printed, flagged, the raw cell named', async () => {
    const family = await at('self_employed_status_family_helpers', '2016', 'M');
    assert.deepEqual([family.value, family.status], [25870, 'suspicious']);
    assert.match(
      family.note,
      /the cell U32 of the sheet "status and gender" holds 25,870: .*look(s)? printed one row up/u,
    );
    const own = await at('self_employed_status_plot_own_consumption', '2016', 'F');
    assert.deepEqual([own.value, own.status], [5020, 'suspicious']);
    // the all-population cells of the same column are as printed
    const all = await at('self_employed_status_family_helpers', '2016');
    assert.deepEqual([all.value, all.status], [9824, 'final']);
  });

  test('each table its own footnotes: the methodology on the first, the Law on employment on the second', async () => {
    const first = (await at('self_employed_status_employers', '2016', 'F')).note;
    assert.match(
      first,
      /footnote 1\) of the table: Structure of self-employed according to the "Method of determining the self-employed"/u,
    );
    assert.match(
      first,
      /footnote 2\) of the table: Hereinafter data are created according to new standards of employment/u,
    );
    const second = (await at('employed_other_categories_independent_unregistered', '2024', 'M'))
      .note;
    assert.match(
      second,
      /footnote \* of the table: Data according to the Law of the Republic of Kazakhstan "On employment of the population"/u,
    );
    assert.doesNotMatch(second, /Method of determining|Social Code/u);
  });
});
