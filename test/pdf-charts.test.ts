// The drawing rules of the PDF charts, checked on their inputs: gaps stay gaps, breaks cut the line,
// another unit is never plotted on the axis, regions without a value keep a "not published" row, and
// figures are formatted per language with the unit's fixed decimals.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ChartSeries } from '../src/publish/pdf/chart-inputs.js';
import { decimalsFor, formatFigure } from '../src/publish/pdf/numbers.js';
import { unitName } from '../src/lib/units.js';
import { rankRows } from '../src/publish/pdf/ranked-bars.js';
import { runs } from '../src/publish/pdf/trend-chart.js';
import { chartBreaks, mainUnit } from '../src/publish/contracts/pdf-charts.js';
import type { Indicator, Point } from '../src/model/types.js';

function series(values: ([number | null, string] | null)[], from = 2010): ChartSeries {
  // null entries are years missing from the series altogether.
  const points = values.flatMap((v, i) =>
    v === null
      ? []
      : [
          {
            period: String(from + i),
            period_start: `${from + i}-01-01`,
            period_end: `${from + i}-12-31`,
            value: v[0],
            status: 'final' as const,
            unit: v[1],
          },
        ],
  );
  return { label: 'test', points };
}
const periodsOf = (r: ReturnType<typeof runs>) => r.map((run) => run.map((p) => p.p.period));

describe('trend line runs', () => {
  test('a null value ends the line: the missing year is a gap, never drawn as zero', () => {
    const r = runs(
      series([
        [1, 'u'],
        [2, 'u'],
        [null, 'u'],
        [4, 'u'],
        [5, 'u'],
      ]),
      'u',
      [],
    );
    assert.deepEqual(periodsOf(r), [
      ['2010', '2011'],
      ['2013', '2014'],
    ]);
  });

  test('a year absent from the series is a gap too', () => {
    const r = runs(series([[1, 'u'], [2, 'u'], null, [4, 'u']]), 'u', []);
    assert.deepEqual(periodsOf(r), [['2010', '2011'], ['2013']]);
  });

  test('a series break starts a new line after the rule', () => {
    const r = runs(
      series([
        [1, 'u'],
        [2, 'u'],
        [3, 'u'],
        [4, 'u'],
      ]),
      'u',
      [2012],
    );
    assert.deepEqual(periodsOf(r), [
      ['2010', '2011'],
      ['2012', '2013'],
    ]);
  });

  test('values in another unit are not plotted on the axis', () => {
    const r = runs(
      series(
        [
          [46767.4, 'mln RUB'],
          [82408.5, 'mln RUB'],
          [25081.8, 'mln KZT'],
          [399354.7, 'mln KZT'],
        ],
        1991,
      ),
      'mln KZT',
      [],
    );
    assert.deepEqual(periodsOf(r), [['1993', '1994']]);
  });
});

describe('breaks and units from the model', () => {
  const point = (period: string, unit: string): Point => ({
    metric: 'grp',
    place: 'KZ',
    period,
    period_start: `${period}-01-01`,
    period_end: `${period}-12-31`,
    value: 1,
    null_reason: null,
    status: 'final',
    unit,
    source_id: 'bns-grp',
    note: null,
  });
  const grp = { id: 'grp', series_breaks: ['1993', '2018', '2011'] } as Indicator;
  const points = [
    point('1992', 'mln RUB'),
    point('1993', 'mln KZT'),
    point('2011', 'mln KZT'),
    point('2018', 'mln KZT'),
  ];

  test('a change of unit is labelled a currency break, a reform year a border break', () => {
    assert.deepEqual(chartBreaks(grp, points), [
      { at: '1993-01-01', label: '1993 currency' },
      { at: '2018-01-01', label: '2018 borders' },
      { at: '2011-01-01', label: '2011 break' },
    ]);
  });

  test('the axis unit is the one most values are published in', () => {
    assert.equal(mainUnit(points, 'x'), 'mln KZT');
  });
});

describe('ranked regions', () => {
  test('regions without a value stay, after the ranked ones, and are never ranked as zero', () => {
    const rows = rankRows([
      { label: 'B', value: 2, status: 'final', null_reason: null },
      { label: 'Abai', value: null, status: 'final', null_reason: 'not published for 2021' },
      { label: 'C', value: 0, status: 'final', null_reason: null },
      { label: 'A', value: 9, status: 'preliminary', null_reason: null },
    ]);
    assert.deepEqual(
      rows.map((r) => r.label),
      ['A', 'B', 'C', 'Abai'],
    );
  });
});

describe('figures per language', () => {
  test('a rate keeps its decimal: 4 reads 4.0 %', () => {
    const d = decimalsFor('percent', [4, 4.9]);
    assert.equal(formatFigure('en', 4, 'percent', d), '4.0 %');
    assert.equal(formatFigure('ru', 4, 'percent', d), '4,0 %');
  });

  test('kk and ru group thousands with a thin space and write a decimal comma; en uses commas', () => {
    const d = decimalsFor('mln KZT', [8449346.4, 120561096.4]);
    assert.equal(formatFigure('en', 8449346.4, 'mln KZT', d), '8,449,346.4 mln KZT');
    assert.equal(formatFigure('ru', 8449346.4, 'mln KZT', d), '8\u202f449\u202f346,4 млн тенге');
    assert.equal(formatFigure('kk', 8449346.4, 'mln KZT', d), '8\u202f449\u202f346,4 млн теңге');
  });

  test("a unit is printed in the explorer's words, an SDG code and a unit the page had no word for too", () => {
    assert.equal(formatFigure('ru', 12.5, 'PT', 1), '12,5 %');
    assert.equal(formatFigure('ru', 73.2, 'years', 1), '73,2 года');
    assert.equal(formatFigure('en', 1, 'years', 0), '1 year');
    assert.equal(formatFigure('kk', 449.2, 'KZT per USD', 1), '449,2 АҚШ долларына теңге');
    for (const lang of ['kk', 'ru', 'en'] as const)
      for (const unit of ['million KZT', 'PER_100000_POP', 'thousand m3', 'days'])
        assert.equal(
          formatFigure(lang, 5, unit, 0),
          `5 ${unitName(lang, unit, 5)}`,
          `${unit} in ${lang}`,
        );
    // but the abbreviations a printed column takes
    assert.equal(formatFigure('ru', 1134642, 'persons', 0), '1\u202f134\u202f642 чел.');
    assert.equal(formatFigure('ru', 1.5, 'mln RUB (Soviet/Russian rouble)', 1), '1,5 млн руб.');
  });

  test('a series prints its values with the decimals most of them are published with, and a value with more prints every one', () => {
    assert.equal(decimalsFor('thousand persons', [542.672, 540, 541.5]), 3, 'one each: the most');
    assert.equal(decimalsFor('persons', [1134642, 1135000]), 0);
    // an SDG series published with one decimal and one value computed to eight
    const d = decimalsFor('percent', [0.1, 12.4, 7, 99.85781028]);
    assert.equal(d, 1);
    assert.equal(formatFigure('en', 0.1, 'percent', d), '0.1 %', 'no digits the source never gave');
    assert.equal(formatFigure('en', 7, 'percent', d), '7.0 %');
    assert.equal(formatFigure('en', 99.85781028, 'percent', d), '99.85781028 %', 'no digit hidden');
  });
});
