// The shape reader of the Bureau's dynamic tables on the pinned snapshots: the layouts of the later
// tables (months across, headings in a year column, keys glued to labels and units, columns under each
// year, titles outside the label column, repeated headers down the sheet), each as the Bureau prints it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { readDynamicCell, EMPTY_CELL } from '../src/sources/bns-dynamic-cell.js';
import { readDynamicTable } from '../src/sources/bns-dynamic-table.js';
import { at, file } from './support/dynamic-snapshot.js';

describe('dynamic tables with periods across: the later layouts', () => {
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
