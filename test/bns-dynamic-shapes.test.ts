// The shape reader of the Bureau's dynamic tables (periods across, labelled rows in blocks) on the
// pinned snapshots themselves (bns-dynamic/, found through DALA_SNAPSHOTS as the build finds them):
// each trap bns-dynamic/NOTES.md names for these files, read exactly as the Bureau prints it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { NO_CASE } from '../src/sources/bns-dynamic-cell.js';
import { readDynamicTable } from '../src/sources/bns-dynamic-table.js';
import { at, file } from './support/dynamic-snapshot.js';

describe('dynamic tables with periods across', () => {
  test('housing prices are instants at the end of each year, footnote keys cut from the digits they are glued to', async () => {
    const sale = await readDynamicTable(file('housing_market_prices.xls'), {
      sheet: 'Sale of new housing',
      periods: 'end-of-period',
      blocks: [{ heading: null, id: 'price' }],
    });
    // "160 0005)": 160 000 tenge per square metre under the Nurly Zher programme (footnote 5)
    const zhezkazgan = at(sale.cells, 'X12');
    assert.equal(zhezkazgan.label, 'Zhezkazgan');
    assert.equal(zhezkazgan.value, 160000);
    assert.deepEqual(zhezkazgan.period, {
      period: '2023-12-31',
      period_start: '2023-12-31',
      period_end: '2023-12-31',
    });
    assert.ok(zhezkazgan.markers.includes('5)'));
    assert.equal(
      sale.footnotes.get('5)'),
      'Prices for new housing sold under the Nurly Zher program.',
    );
    // footnote 2 is printed with a superscript parenthesis ("2⁾Prices ..."): the same key
    assert.equal(at(sale.cells, 'N19').value, 106000);
    assert.deepEqual(at(sale.cells, 'N19').markers.slice(-1), ['2)']);
    // "..." (three full stops) is not available, not zero
    const shymkent2003 = at(sale.cells, 'D8');
    assert.equal(shymkent2003.value, null);
    assert.match(shymkent2003.nullReason!, /not available/);
    // the title's "1)" reaches every value of the sheet
    assert.ok(sale.cells.filter((c) => c.value !== null).every((c) => c.markers[0] === '1)'));

    const resale = await readDynamicTable(file('housing_market_prices.xls'), {
      sheet: 'Resale of apartments',
      periods: 'end-of-period',
      blocks: [{ heading: null, id: 'price' }],
    });
    // national 2022 "4821971)" = 482 197 with note 1 (weighted average from January 2022), never 4 821 971
    const national2022 = at(resale.cells, 'W5');
    assert.equal(national2022.value, 482197);
    assert.equal(national2022.period.period, '2022-12-31');
  });

  test('tariff indices by region keep both bases apart and read "100.01)" as 100.0 with its "including" footnote', async () => {
    const t = await readDynamicTable(
      file('index_of_tariffs_for_transportation_of_goods_by_all_modes_of_transport.xls'),
      {
        sheet: 'regions',
        periods: 'flows',
        blocks: [
          { heading: 'At the end of the period, to December of the previous year', id: 'dec' },
          { heading: 'To previous year', id: 'prev' },
        ],
      },
    );
    const almaty2022 = at(t.cells, 'U9', 'dec');
    assert.equal(almaty2022.label, 'Almaty');
    assert.equal(almaty2022.value, 100);
    assert.deepEqual(almaty2022.markers, ['1)']);
    assert.equal(t.footnotes.get('1)'), 'including the Zhetisu region.');
    assert.equal(at(t.cells, 'U31', 'prev').value, 100.7);
    assert.equal(at(t.cells, 'U22', 'dec').value, 101.8);
    // numbers stored as text are read as the numbers they print
    assert.equal(at(t.cells, 'B5', 'dec').value, 110.2);
    assert.match(at(t.cells, 'B5', 'dec').notes[0]!, /holds the text "110.2"/);
    // 21 places, 22 years, two bases
    assert.equal(t.cells.length, 21 * 22 * 2);
    assert.match(at(t.cells, 'B6', 'dec').nullReason!, /"…": not available/);
  });

  test('text numbers with decimal commas, no-break space padding and one or two glued keys', async () => {
    const t = await readDynamicTable(
      file('labour_market_dynamics_by_countries_of_the_world.xlsx'),
      {
        sheet: 'KLMI_CIS',
        periods: 'flows',
        unprintedKeys: ['10)'],
        blocks: [
          'Economically active population, thsd. persons',
          'Employed population, thsd. persons',
          'Employees, thsd. persons',
          'Unemployed population, thsd. persons',
          'Unemployment rate, %',
          'Youth unemployment rate (at the age of 15-24 years), %',
        ].map((heading, i) => ({ heading, id: `m${i}` })),
      },
    );
    assert.equal(at(t.cells, 'B5').value, 4368.1); // "4368,1\u00a0"
    const armenia = at(t.cells, 'S6');
    assert.equal(armenia.value, 1293.8); // "1293,86)" = 1293,8 and note 6
    assert.deepEqual(armenia.markers, ['1)', '6)']); // "Armenia1)" and the glued 6)
    assert.equal(armenia.label, 'Armenia');
    assert.equal(at(t.cells, 'T10').value, 919.3);
    // "76659,210)": note 10 is glued but never printed (nine footnotes are): 76659.2, said so
    const russia = at(t.cells, 'R11');
    assert.equal(russia.value, 76659.2);
    assert.ok(russia.notes.includes('the table prints no text for footnote 10)'));
    // "180663)6)": two keys glued one after the other
    const ukraine = at(t.cells, 'T14');
    assert.equal(ukraine.value, 18066);
    assert.deepEqual(ukraine.markers, ['3)', '6)']);
    // "Belarus1,2)": two keys on one label
    assert.deepEqual(at(t.cells, 'B7').markers, ['1)', '2)']);
    assert.equal(at(t.cells, 'B7').label, 'Belarus');
  });

  test('a key glued to a value that the table never prints fails the build naming the cell', async () => {
    await assert.rejects(
      readDynamicTable(file('labour_market_dynamics_by_countries_of_the_world.xlsx'), {
        sheet: 'KLMI_CIS',
        periods: 'flows',
        blocks: [{ heading: 'Economically active population, thsd. persons', id: 'a' }],
      }),
      /sheet "KLMI_CIS", cell R11 \("Russia8\)", "2017"\), field value: expected a number/,
    );
  });

  test('GDP quarters are cumulative from 1 January, named so, and the 2024 columns carry the flash-estimate note', async () => {
    const t = await readDynamicTable(file('gdp_by_production_method_current_prices.xls'), {
      sheet: '2010-2024',
      periods: 'flows',
      blocks: [{ heading: null, id: 'gdp' }],
    });
    const goods2010 = t.cells.filter(
      (c) => c.label === 'Production of goods' && c.period.period.startsWith('2010'),
    );
    assert.deepEqual(
      goods2010.map((c) => [c.period.period, c.period.period_start, c.period.period_end, c.value]),
      [
        ['2010-Q1', '2010-01-01', '2010-03-31', 1697091.9],
        ['2010-H1', '2010-01-01', '2010-06-30', 3795387.2],
        ['2010-9M', '2010-01-01', '2010-09-30', 6312654.9],
        ['2010', '2010-01-01', '2010-12-31', 9841623.2],
      ],
    );
    assert.equal(t.footnotes.get('3)'), 'flash estimates.');
    const flash = t.cells.filter(
      (c) => c.period.period.startsWith('2024') && c.markers.includes('3)'),
    );
    assert.deepEqual([...new Set(flash.map((c) => c.period.period))], ['2024']);
    assert.ok(
      at(t.cells, 'AG4').markers.includes('1)'),
      '"2017 year1)": the 2017 methodology note',
    );
  });

  test('quarters under their year are calendar quarters; a "-" is no case, not a zero', async () => {
    const t = await readDynamicTable(file('unemployment_rate.xlsx'), {
      sheet: 'Regions_quarter',
      periods: 'flows',
      blocks: [{ heading: null, id: 'rate' }],
    });
    const q = at(t.cells, 'B6');
    assert.equal(q.label, 'Republic of Kazakhstan');
    assert.deepEqual(q.period, {
      period: '2001-Q1',
      period_start: '2001-01-01',
      period_end: '2001-03-31',
    });
    assert.equal(q.value, 12.7);
    assert.equal(at(t.cells, 'D6').period.period_start, '2001-07-01');
    assert.equal(at(t.cells, 'F6').period.period, '2001');
    // "year2)" on 2015: the 19th ICLS note reaches that column
    const y2015 = at(t.cells, 'BX6');
    assert.equal(y2015.period.period, '2015');
    assert.ok(y2015.markers.includes('2)'));
    const abai = at(t.cells, 'B7');
    assert.equal(abai.value, null);
    assert.equal(abai.nullReason, NO_CASE);
  });

  test('a base heading repeated under each group heading opens the block of its own group', async () => {
    const t = await readDynamicTable(
      file('index_of_prices_and_tariffs_for_consumer_goods_and_services_by_region.xlsx'),
      {
        sheet: 'eng',
        periods: 'flows',
        blocks: [
          'Goods and services',
          'Food products',
          'Non-food products',
          'Paid services',
        ].flatMap((g) => [
          {
            heading: 'at the end of the period, by December of the previous year',
            within: g,
            id: `${g}|dec`,
          },
          {
            heading: 'January-December to January-December of the previous year',
            within: g,
            id: `${g}|avg`,
          },
        ]),
      },
    );
    // 1993 national consumer prices, December to December: 2265 (hyperinflation), food 1993 in row 51
    assert.equal(at(t.cells, 'B6').block, 'Goods and services|dec');
    assert.equal(at(t.cells, 'B6').value, 2265);
    assert.equal(at(t.cells, 'B51').block, 'Food products|dec');
    assert.equal(at(t.cells, 'B163').block, 'Paid services|avg');
    // 21 places x 32 years x 8 blocks; the unmarked "*)" footnote is read
    assert.equal(t.cells.length, 21 * 32 * 8);
    assert.match(t.footnotes.get('*')!, /1993-2017 for the South Kazakhstan region/);
  });

  test('a year with no quarters under it, its footnote before the word ("20193) year"), is the whole year', async () => {
    const t = await readDynamicTable(file('youth_unemployment_rate_age_15_24.xlsx'), {
      sheet: 'Regions_quarter',
      periods: 'flows',
      blocks: [{ heading: null, id: 'rate' }],
    });
    const y2019 = at(t.cells, 'CN6');
    assert.deepEqual([y2019.period.period, y2019.value], ['2019', 3.6]);
    assert.ok(y2019.markers.includes('3)'));
    assert.equal(at(t.cells, 'CS6').period.period, '2024');
    assert.equal(at(t.cells, 'CM6').period.period, '2018');
  });

  test('construction prices mix numbers and text with a decimal comma in one row', async () => {
    const t = await readDynamicTable(file('price_index_in_construction.xls'), {
      sheet: '1',
      periods: 'flows',
      blocks: [
        { heading: 'at the end of the period, by December of the previous year', id: 'dec' },
        { heading: 'to the previous year', id: 'prev' },
      ],
    });
    assert.equal(at(t.cells, 'U5', 'dec').value, 104.4); // "104,4"
    assert.equal(at(t.cells, 'B5', 'dec').value, 179.2); // a number
    assert.equal(t.cells.length, 4 * 30 * 2);
  });
});
