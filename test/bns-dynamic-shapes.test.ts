// The shape reader of the Bureau's dynamic tables (periods across, labelled rows in blocks) on the
// pinned snapshots themselves (bns-dynamic/, found through DALA_SNAPSHOTS as the build finds them):
// each trap bns-dynamic/NOTES.md names for these files, read exactly as the Bureau prints it.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { snapshotsDir } from '../src/lib/config.js';
import { readDynamicCell, EMPTY_CELL, NO_CASE } from '../src/sources/bns-dynamic-cell.js';
import { readDynamicTable, type DynamicCell } from '../src/sources/bns-dynamic-table.js';

const file = (name: string) => join(snapshotsDir(), 'bns-dynamic', name);
const at = (cells: DynamicCell[], address: string, block?: string) => {
  const c = cells.find((x) => x.address === address && (block === undefined || x.block === block));
  assert.ok(c, `no cell ${address}`);
  return c;
};

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

  test('months across, of the one year the title names, under a header repeated for each base; "Наурыз" is March', async () => {
    const spec = {
      sheet: 'Проды',
      periods: 'flows' as const,
      monthsOf: 2025,
      repeatedHeaders: true as const,
      blocks: [
        { heading: null, id: 'prev-month' },
        { heading: 'by December of the previous year', id: 'dec' },
        { heading: 'to the corresponding month of the previous year', id: 'month' },
        { heading: 'to the corresponding period of the previous year', id: 'period' },
      ],
    };
    const t = await readDynamicTable(file('cpi_by_region_2025.xlsx'), spec);
    const january = at(t.cells, 'B4', 'prev-month');
    assert.equal(january.label, 'Republic of Kazakhstan');
    assert.equal(january.value, 101.4);
    assert.deepEqual(january.period, {
      period: '2025-01',
      period_start: '2025-01-01',
      period_end: '2025-01-31',
    });
    // the last block's header reads "Наурыз " (Kazakh) between "February" and "April"
    const march = at(t.cells, 'D76', 'period');
    assert.equal(march.header, 'Наурыз');
    assert.equal(march.period.period_end, '2025-03-31');
    assert.equal(march.value, 106.7);
    // April to December are printed with nothing under them: null, with the reason
    const april = at(t.cells, 'E4', 'prev-month');
    assert.equal(april.value, null);
    assert.equal(april.nullReason, EMPTY_CELL);
    // each block has the 21 rows under its own header: no row read twice, none under another's months
    assert.equal(t.cells.length, 4 * 21 * 12);
    await assert.rejects(
      readDynamicTable(file('cpi_by_region_2025.xlsx'), { ...spec, monthsOf: 2024 }),
      /neither the title "Food price index in 2025" nor the row under the months names the year 2024/,
    );
  });

  test('block headings printed in the first year column, the label column empty, open their blocks only when declared so', async () => {
    const path = file(
      'price_index_of_manufacturing_enterprises_for_industrial_products_by_activity.xls',
    );
    const spec = {
      sheet: 'PPI_Regions',
      periods: 'flows' as const,
      blocks: [
        { heading: 'At the end of the period, to December of the previous year', id: 'dec' },
        { heading: 'To previous year', id: 'prev' },
      ],
    };
    // row 4: column A empty, the heading in B (the 1992 column)
    await assert.rejects(
      readDynamicTable(path, spec),
      /cell A4, field label: values in a row without a label/,
    );
    const t = await readDynamicTable(path, { ...spec, headingsInValues: true });
    assert.equal(at(t.cells, 'B5', 'dec').value, 3916.9);
    assert.equal(at(t.cells, 'B27', 'prev').value, 2565.1);
    // "Turkistan1)" and "Karagandy2)": the key cut from the label, kept as the row's marker
    const turkistan = at(t.cells, 'B20', 'dec');
    assert.deepEqual([turkistan.label, turkistan.markers], ['Turkistan', ['1)']]);
    assert.equal(t.footnotes.get('2)'), '2022 Karagandy region, including Ulytau region');
    // Ulytau's cells before 2023 are empty, not "…"
    assert.equal(at(t.cells, 'AF21', 'dec').nullReason, EMPTY_CELL);
    assert.equal(t.cells.length, 2 * 21 * 33);
  });

  test('a label with two keys ("mln.tenge1) 2)") is cut to its name and carries both keys', async () => {
    const t = await readDynamicTable(file('gdp_per_capita_gdp_in_mln_usd.xls'), {
      sheet: 'GDP per capita',
      periods: 'flows',
      blocks: [{ heading: null, id: 'all' }],
    });
    const gdp = at(t.cells, 'B4');
    assert.equal(gdp.label, 'Gross domestic product at current prices, mln.tenge');
    assert.deepEqual(gdp.markers, ['1)', '2)']);
    // "GDP per capita, US dollars2) 3) ": the trailing space squashed, both keys kept
    assert.deepEqual(at(t.cells, 'AJ10').markers, ['7)', '2)', '3)']);
    assert.equal(at(t.cells, 'AJ10').period.period, '2024');
    // footnotes printed "1)- 1990-1992 ...": the key, then the text
    assert.match(t.footnotes.get('1)')!, /1990-1992 - of roubles/);
  });

  test('a footnote printed "1 )" is key 1); label keys copied from another sheet are cut, said, and never applied when declared so', async () => {
    const path = file('labour_productivity_indices.xls');
    const yoy = await readDynamicTable(path, {
      sheet: '2010-2023 years',
      periods: 'flows',
      blocks: [{ heading: null, id: 'all' }],
    });
    assert.match(yoy.footnotes.get('1)')!, /excludes conditional accommodation/);
    const spec = {
      sheet: '2019 год =100',
      periods: 'flows' as const,
      blocks: [{ heading: null, id: 'all' }],
    };
    // as printed, "Real estate activities 1)" would take this sheet's 1): "Data for 2023 have been republished"
    const plain = await readDynamicTable(path, spec);
    assert.ok(at(plain.cells, 'B20').markers.includes('1)'));
    const t = await readDynamicTable(path, { ...spec, labelKeysNotHere: ['1)', '2)'] });
    const re = at(t.cells, 'B20');
    assert.equal(re.label, 'Real estate activities');
    assert.deepEqual(re.markers, []);
    assert.match(re.notes.join(' '), /carries key 1\), which is not this sheet's footnote 1\)/);
    assert.deepEqual(at(t.cells, 'B7').markers, []);
  });

  test("a footnote key glued to a label before its unit is that row's key when declared so, the unit kept", async () => {
    const spec = {
      sheet: 'Empoyees and unemployed',
      periods: 'flows' as const,
      blocks: [{ heading: null, id: 'all' }],
    };
    const path = file('main_indicators_of_labour_market_year.xlsx');
    // as printed, "...(at the age of 15-24 years)1), %" is a label with no key
    const plain = await readDynamicTable(path, spec);
    assert.deepEqual(at(plain.cells, 'B10').markers, []);
    const t = await readDynamicTable(path, { ...spec, keysBeforeUnit: true });
    const youth = at(t.cells, 'B10');
    assert.equal(youth.label, 'Youth unemployment rate (at the age of 15-24 years), %');
    assert.deepEqual(youth.markers, ['1)']);
    const duration = at(t.cells, 'E13');
    assert.equal(duration.label, 'The average duration of unemployment, months');
    assert.deepEqual(duration.markers, ['3)']);
    assert.equal(duration.value, 14.9);
    // a key at the end of a label, and "20144)" on the 2014 header, read as before
    assert.deepEqual(at(t.cells, 'O12').markers, ['4)']);
    assert.equal(at(t.cells, 'O12').period.period, '2014');
    // the used range runs to row 14650: the rows below the footnotes are empty, none is read
    assert.equal(t.cells.length, 11 * 24);
  });

  test('columns under each year are named by the rows under the year header, joined down to the first label', async () => {
    const path = file('unobserved_economy_dynamics.xls');
    const spec = {
      sheet: '2017-2023',
      periods: 'flows' as const,
      blocks: [{ heading: null, id: 'all' }],
    };
    // undeclared, the row naming the columns under the years is a row of values without a label: refused
    await assert.rejects(
      readDynamicTable(path, spec),
      /cell A5, field label: values in a row without a label/,
    );
    await assert.rejects(
      readDynamicTable(path, { ...spec, subColumns: ['Unobserved economy'] }),
      /cell C5: a column "including illegal" under 2017 year that the declaration does not name/,
    );
    const t = await readDynamicTable(path, {
      ...spec,
      subColumns: ['Unobserved economy', 'including illegal'],
    });
    const illegal = at(t.cells, 'O7');
    assert.deepEqual(
      [illegal.sub, illegal.period.period, illegal.value],
      ['including illegal', '2023', 0.41],
    );
    assert.deepEqual(at(t.cells, 'N7').sub, 'Unobserved economy');
    // "2023 year2)" keeps its key on both of its columns
    assert.deepEqual(at(t.cells, 'O7').markers, ['*', '2)']);
    assert.equal(t.cells.length, 23 * 14);
  });

  test('a title outside the label column is read where the declaration says, its key reaching every value', async () => {
    const spec = {
      sheet: 'Self-employed by TEA',
      periods: 'flows' as const,
      headingsInValues: true as const,
      ignore: ['Including'],
      blocks: [
        { heading: 'All population', id: 'all' },
        { heading: 'Male', id: 'male' },
        { heading: 'Female', id: 'female' },
      ],
    };
    const path = file('self_employed_ilo_standards.xlsx');
    // "Self-employed population by economic activity1)" is in B1, column A empty
    const plain = await readDynamicTable(path, spec);
    assert.deepEqual(at(plain.cells, 'B8').markers, []);
    const t = await readDynamicTable(path, { ...spec, titleColumn: 1 });
    const agriculture = at(t.cells, 'B8');
    assert.deepEqual(
      [agriculture.label, agriculture.value, agriculture.markers],
      ['Agriculture, forestry and fishing', 1691601, ['1)']],
    );
    assert.equal(at(t.cells, 'B56').block, 'female');
    assert.match(t.footnotes.get('1)')!, /OKED/);
  });

  test('blocks under repeated two-row headers: a heading printed again across the row, a block the table names by its place alone', async () => {
    const path = file('young_people_in_the_labour_market.xlsx');
    const spec = {
      sheet: 'Regions',
      periods: 'flows' as const,
      repeatedHeaders: true as const,
      titleColumn: 1,
      ignore: ['thsd.persons', 'in percent'],
      unprintedKeys: ['4)'],
      blocks: [
        { heading: null, id: 'labour force' },
        { heading: 'Employed population', id: 'employed' },
        { heading: 'Self-employed', id: 'self-employed' },
        { heading: 'Unemployed population', id: 'unemployed' },
        { heading: 'Youth unemployment rate', id: 'rate' },
        { heading: 'Not in the Labour force (economically non-active population)', id: 'outside' },
      ],
    };
    // a repeated header continues the block above it (years in row blocks): without the block the table
    // prints no heading for, the employees would be read as more employed, so the declaration names it
    assert.equal(at((await readDynamicTable(path, spec)).cells, 'BX60').block, 'employed');
    const t = await readDynamicTable(path, {
      ...spec,
      blocks: [...spec.blocks, { heading: null, id: 'employees', segment: 2 }],
    });
    const employees = at(t.cells, 'BX60');
    assert.deepEqual(
      [employees.block, employees.period.period, employees.value],
      ['employees', '2015', 1734.8],
    );
    // "...for 2001-20241)": key 1) on the title, not "20241)"
    assert.deepEqual(employees.markers, ['1)', '2)']);
    // "Employed population" in A29, AA29, BE29, BV29 is one heading
    assert.equal(at(t.cells, 'B33').block, 'employed');
    assert.equal(t.cells.length, 7 * 22 * 120);
  });

  test('one year over its months is a header, repeated for every year down the sheet', async () => {
    const t = await readDynamicTable(
      file('main_indicators_of_labour_market_per_month_2010_2024_estimated_data.xlsx'),
      {
        sheet: '2010-2025 ',
        periods: 'flows',
        repeatedHeaders: true,
        titleColumn: 1,
        blocks: [{ heading: null, id: 'all' }],
      },
    );
    // "January " (a trailing space) under 2010, "February" under 2025
    assert.deepEqual(at(t.cells, 'B6').period, {
      period: '2010-01',
      period_start: '2010-01-01',
      period_end: '2010-01-31',
    });
    assert.equal(at(t.cells, 'C113').period.period, '2025-02');
    assert.equal(at(t.cells, 'C113').value, 4.6);
    // "2020*" marks the column it is glued to; April 2020 is an empty cell
    assert.deepEqual(at(t.cells, 'B76').markers, ['*']);
    assert.equal(at(t.cells, 'E76').value, null);
    assert.equal(t.cells.length, 16 * 12 * 4);
  });

  test('a header repeated down the sheet is refused unless the declaration says the table repeats it', async () => {
    await assert.rejects(
      readDynamicTable(file('average_subsistence_level_per_capita.xlsx'), {
        sheet: '1',
        periods: 'flows',
        blocks: [{ heading: null, id: 'level' }],
      }),
      /cell A26, field label: values in a row without a label/,
    );
  });

  test('a cell that is neither a number nor a convention is refused with its address', () => {
    assert.throws(
      () => readDynamicCell({ t: 's', v: '12 3,4,5' }, new Set(), 'f.xls, sheet "1", cell C7'),
      /f\.xls, sheet "1", cell C7, field value: expected a number/,
    );
    assert.equal(readDynamicCell({ t: 's', v: '78.8*' }, new Set(['*']), 'w').value, 78.8);
  });
});
