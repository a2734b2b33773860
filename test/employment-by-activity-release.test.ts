// The Bureau's employed population by economic activity in the real release, through the production
// app's v1 API: every published cell of both declared sheets equals the raw cell the shape reader
// reads, and each trap bns-dynamic/NOTES.md names for the file is what a user meets.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { declaredPart, servedDynamicTables } from './support/dynamic-release.js';

const SOURCE = 'bns-dyn-employment-by-activity';

describe('employed population by economic activity in the real release', () => {
  const served = servedDynamicTables();

  test('every cell of the national sheet by quarter and of the psychologists sheet equals what v1 answers', async () => {
    // 20 branches x 15 years x (4 quarters + year); 21 rows x 3 years
    assert.equal(await served.compareEveryCell(SOURCE, 0), 20 * 15 * 5);
    assert.equal(await served.compareEveryCell(SOURCE, 1), 21 * 3);
  });

  test('"IY quarter" is the IV quarter, three stored decimals are published as displayed, the year is the table\'s own', async () => {
    const q = (period: string) =>
      served.observation('employed_by_activity_agriculture', 'KZ', period);
    // E6 holds 2257.801 under "IY quarter" of 2010, displayed "#,##0.0"
    const q4 = await q('2010-Q4');
    assert.equal(q4.value, 2257.8);
    assert.match(q4.note, /2257\.801/);
    // F6: the annual figure is the table's own, not the mean of its quarters (2276.35)
    assert.equal((await q('2010')).value, 2294.9);
  });

  test('the 19th ICLS footnote glued to the 2015 "year1)" reaches that column and every later one', async () => {
    const q = (period: string) =>
      served.observation('employed_by_activity_education', 'KZ', period);
    assert.match((await q('2015')).note, /19th ICLS/);
    assert.match((await q('2024-Q1')).note, /19th ICLS/);
    assert.doesNotMatch((await q('2014')).note ?? '', /19th ICLS/);
    assert.doesNotMatch((await q('2015-Q3')).note ?? '', /19th ICLS/);
    assert.match((await served.indicator('employed_by_activity_education')).notes, /series break/);
  });

  test('the total row is the national employed population of the table by region: checked in every cell, published once', async () => {
    const { raw } = await declaredPart(SOURCE, 0);
    const totals = raw.cells.filter(
      (c) => c.label === 'Total number of persons employed in the economy',
    );
    assert.equal(totals.length, 15 * 5);
    for (const c of totals) {
      const published = await served.observation('employed_quarterly', 'KZ', c.period.period);
      assert.equal(published.value, c.value, `TEA_RK!${c.address} (${c.header})`);
    }
    const res = await fetch(
      `${served.base()}/api/v1/indicators/indicator%3Aemployed_by_activity_total`,
    );
    assert.equal(res.status, 404, 'the total row is no indicator of its own');
  });

  test('psychologists: the title\'s "*" on every value, the branches add up to the total, the doubtful "-" of industry in 2024', async () => {
    const total = await served.observation('employed_psychologists', 'KZ', '2024');
    assert.equal(total.value, 23272);
    assert.match(total.note, /the NKZ was used/);
    const { part, raw } = await declaredPart(SOURCE, 1);
    const rows = part.blocks[0]!.rows!;
    for (const year of ['2022', '2023', '2024']) {
      const cells = raw.cells.filter((c) => c.period.period === year);
      // Industry is the sum of its four sections below it: left out of the branches' sum
      const branches = cells
        .filter((c) => !['Employed population, total', 'Industry'].includes(c.label))
        .reduce((s, c) => s + (c.value ?? 0), 0);
      const printed = cells.find((c) => c.label === 'Employed population, total')!.value;
      assert.equal(branches, printed, year);
    }
    assert.equal(Object.keys(rows).length, 21);
    // 2024: "-" for industry while manufacturing, one of its sections, is 84
    const industry = await served.observation(
      'employed_psychologists_by_activity_industry',
      'KZ',
      '2024',
    );
    assert.equal(industry.value, null);
    assert.match(industry.null_reason, /no case/);
    assert.equal(
      (await served.observation('employed_psychologists_by_activity_manufacturing', 'KZ', '2024'))
        .value,
      84,
    );
    assert.match(
      (await served.indicator('employed_psychologists_by_activity_industry')).notes,
      /doubtful/,
    );
  });
});
