// The Bureau's bulletin of labour productivity by region (January-September 2024) in the real release,
// through the production app's v1 API: every published cell of the two sheets of indices equals the
// raw cell the shape reader reads, and each trap bns-dynamic/NOTES.md names for the file is what a
// user meets (the authors under sheet "4" are covered by the personal-data scan of the release).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { servedDynamicTables } from './support/dynamic-release.js';

const SOURCE = 'bns-dyn-labour-productivity-by-region-2024-9m';

describe('labour productivity by region (bulletin) in the real release', () => {
  const served = servedDynamicTables();

  test('every cell of the indices to 2019 and to 2022 equals what v1 answers', async () => {
    // 17 regions with values x (5 years x 4 parts + 3 of 2024); 20 regions x (2 x 4 + 3)
    assert.equal(await served.compareEveryCell(SOURCE, 0), 17 * 23);
    assert.equal(await served.compareEveryCell(SOURCE, 1), 20 * 11);
  });

  test('periods are totals from 1 January, never added up; the base is stated in three languages', async () => {
    const q = (period: string) =>
      served.observation('labour_productivity_index_2022_100_by_region', 'KZ-62', period);
    const h1 = await q('2024-H1');
    assert.deepEqual(
      [h1.value, h1.period_start, h1.period_end],
      [115.9, '2024-01-01', '2024-06-30'],
    );
    assert.equal((await q('2024-9M')).value, 118);
    const ind = await served.indicator('labour_productivity_index_2022_100_by_region');
    assert.equal(ind.period_kind, 'cumulative');
    assert.equal(ind.frequency, 'quarterly-cumulative');
    assert.deepEqual([ind.base.kind, ind.base.year], ['fixed-year', 2022]);
    assert.ok(ind.base.name.kk && ind.base.name.ru);
  });

  test('the empty rows of the new regions against 2019 are not published; the regions keep one row across 2022', async () => {
    for (const place of ['KZ-10', 'KZ-33', 'KZ-62']) {
      const q = new URLSearchParams({
        indicator: 'labour_productivity_index_2019_100_by_region',
        place,
      });
      assert.equal((await served.json(`/api/v1/observations?${q}`)).data.length, 0, place);
    }
    // Karagandy 2019 H1 is in the borders before the reform, still including Ulytau
    const k = await served.observation(
      'labour_productivity_index_2019_100_by_region',
      'KZ-35',
      '2019-H1',
    );
    assert.equal(k.value, 100);
    assert.match(k.note, /before the 2022-06-08 reform/);
  });

  test('the national index of the dynamic table and the regional one of the bulletin name each other', async () => {
    for (const year of [2019, 2022]) {
      const regional = await served.indicator(`labour_productivity_index_${year}_100_by_region`);
      assert.equal(
        regional.same_concept[0].indicator,
        `indicator:labour_productivity_index_${year}_100`,
      );
      const national = await served.indicator(`labour_productivity_index_${year}_100`);
      assert.ok(
        national.same_concept.some((s: { indicator: string }) => s.indicator === regional.id),
      );
    }
  });
});
