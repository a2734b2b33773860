// The Bureau's "Gross value added and Volume index by sectors" (oil and gas, raw sources sectors) in the
// real release, through the production app's v1 API: every cell of its three sheets by code equals the
// raw cell the shape reader reads; the sheet "total" (the sector in column A over its measures in B)
// repeats their sector rows, read and checked, equal in every cell but one, which is flagged and named;
// the misprinted row label and the year footnotes reach what they cover.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { declaredPart, servedDynamicTables } from './support/dynamic-release.js';

const SOURCE = 'bns-dyn-oil-gas-raw-sources-sectors';

describe('the oil and gas and raw materials sectors in the real release', () => {
  const served = servedDynamicTables();
  const observation = (id: string, period: string) => served.observation(id, 'KZ', period);

  test('every cell of the sheets "GVA", "Index" and "Structure" equals what v1 answers', async () => {
    let compared = 0;
    for (const index of [0, 1, 2]) compared += await served.compareEveryCell(SOURCE, index);
    assert.equal(compared, 3 * 32 * 14);
  });

  test('the sheet "total" is read and checked: its sectors equal the published ones but for the raw materials share of 2018', async () => {
    const { raw } = await declaredPart(SOURCE, 3);
    const ids: Record<string, string> = {
      'Oil and gas sector': 'oil_gas_sector',
      'Non oil and gas sector': 'non_oil_gas_sector',
      'Raw sources sector': 'raw_sources_sector',
      'Non-raw sources sector': 'non_raw_sources_sector',
    };
    const measures: Record<string, string> = {
      GVA: 'gva',
      'volume index': 'gva_volume_index',
      'share in GDP': 'gva_share_of_gdp',
    };
    const differ: string[] = [];
    for (const c of raw.cells) {
      const [sector, measure] = c.label.split(' / ');
      const id = `${measures[measure!]!}_${ids[sector!]!}`;
      const o = await observation(id, c.period.period);
      if (o.value !== c.value)
        differ.push(
          `${id} ${c.period.period}: ${String(c.value)} at total!${c.address}, ${o.value} published`,
        );
    }
    assert.equal(raw.cells.length, 4 * 3 * 14);
    assert.deepEqual(differ, [
      'gva_share_of_gdp_raw_sources_sector 2018: 19.3 at total!L12, 19.4 published',
    ]);
    // the share printed twice is published from "Structure", marked suspicious, both cells named
    const o = await observation('gva_share_of_gdp_raw_sources_sector', '2018');
    assert.equal(o.status, 'suspicious');
    assert.match(
      o.note,
      /19\.4 on the sheet "Structure" \(K30\), published here, and 19\.3 on the sheet "total" \(L12\)/,
    );
    const ind = await served.indicator('gva_share_of_gdp_raw_sources_sector');
    assert.match(
      ind.notes,
      /equal in every cell but this row's 2018: 19\.3 there \(total!L12\), 19\.4 here/,
    );
  });

  test('the row of code 422122 misprinted on "Structure" is the local pipelines, as on the other sheets', async () => {
    // E10 of "Structure", 2012: 0.2
    assert.equal(
      (await observation('gva_share_of_gdp_local_pipelines_construction', '2012')).value,
      0.2,
    );
    const ind = await served.indicator('gva_share_of_gdp_local_pipelines_construction');
    assert.match(ind.names.en, /construction of local pipelines/);
    assert.match(ind.notes, /labelled "Structure of GDP by the production method"/);
  });

  test('footnote 1) reaches 2017 on, not before; footnote 2) says 2023 was republished; each base and unit is named', async () => {
    assert.equal((await observation('gva_oil_gas_sector', '2016')).note, null);
    assert.match(
      (await observation('gva_oil_gas_sector', '2019')).note,
      /footnote 1\) of the table: Since 2017/,
    );
    assert.match(
      (await observation('gva_volume_index_mining', '2023')).note,
      /footnote 2\) of the table: Data for 2023 have been republished/,
    );
    const index = await served.indicator('gva_volume_index_oil_gas_sector');
    assert.deepEqual(
      [index.base.kind, index.base.name.ru],
      ['same-period-previous-year', 'предыдущий год = 100'],
    );
    assert.equal((await served.indicator('gva_oil_gas_sector')).unit_name.kk, 'млн теңге');
  });
});
