// Two shapes of the dynamic-table reader on the Bureau's tables before 2010 (bns-dynamic/NOTES.md):
// a sheet whose years another sheet of the table prints too (the labour productivity of all branches
// in "2002-2010" and again in "2007-2009") is published once where the two agree, and fails the
// build where they differ; a unit row above the header ("mln. rubles" over 1990-1992, "mln. tenge"
// from 1993) gives each value its own unit, and a unit cell printed otherwise fails the build.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { snapshotsDir } from '../src/lib/config.js';
import { readDynamicPoints, type DynamicPointsSpec } from '../src/sources/bns-dynamic-points.js';
import { readDynamicTable } from '../src/sources/bns-dynamic-table.js';

const INDICES = join(snapshotsDir(), 'bns-dynamic/labour_productivity_indices.xls');
const CURRENT = join(snapshotsDir(), 'bns-dynamic/gdp_by_production_method_current_prices.xls');
// the branches of the sheet "2007-2009" other than its total and industry
const BRANCHES = [
  'Agriculture, hunting, forestry, fish-breeding',
  'Mining and quarrying',
  'Manufacturing',
  'Production and distribution of electricity, gas and water',
  'Construction',
  'Trade, repair of motor vehicles, personal and households goods',
  'Hotels and restaurants',
  'Transport and communications',
  'Financial activities',
  'Real estate activities, lease and services rendered to consumers',
  'Government administration',
  'Education',
  'Healthcare and social services',
  'Providing of other services',
];

const spec = (rows2007: Record<string, string>, skip: string[]): DynamicPointsSpec => ({
  source_id: 'test',
  parts: [
    {
      sheet: '2002-2010',
      periods: 'flows',
      blocks: [{ heading: null, rows: { 'Total for branches': 'total' } }],
      skip: ['Production of goods', 'Production of services'],
    },
    {
      sheet: '2007-2009',
      periods: 'flows',
      blocks: [{ heading: null, rows: rows2007 }],
      skip,
      overlap: { sheet: '2002-2010', years: [2007, 2009] },
    },
  ],
  places: {},
  units: { total: 'percent', industry: 'percent' },
  footnotes: [],
  moves: [],
  suspicious: [],
});

describe('a key two sheets of a table print', () => {
  test('is published once, from the sheet named, where the two agree', async () => {
    const points = await readDynamicPoints(
      INDICES,
      spec({ 'Total for branches': 'total', Industry: 'industry' }, BRANCHES),
    );
    // all branches: 9 years x 4 periods of "2002-2010", 2010 included, none again from "2007-2009"
    assert.equal(points.filter((p) => p.metric === 'total').length, 9 * 4);
    assert.equal(points.filter((p) => p.metric === 'total' && p.period === '2008').length, 1);
    // industry, which "2002-2010" does not print, is published from "2007-2009"
    assert.equal(points.filter((p) => p.metric === 'industry').length, 3 * 4);
  });

  test('fails the build naming both cells where they differ', async () => {
    // industry read as all branches: "2007-2009"!B8 108.1 against "2002-2010"!V7 109.1
    await assert.rejects(
      readDynamicPoints(INDICES, spec({ Industry: 'total' }, [...BRANCHES, 'Total for branches'])),
      /sheet "2007-2009", cell B8: 108\.1 read, while .*sheet "2002-2010", cell V7 publishes 109\.1/u,
    );
  });
});

describe('a unit row above the header', () => {
  const current = (printed: string): DynamicPointsSpec => ({
    source_id: 'test',
    parts: [
      {
        sheet: 'AUCBNE 1990-1997',
        periods: 'flows',
        blocks: [{ heading: null, rows: { 'Gross domestic product': 'gdp' } }],
        skip: [],
        unitCells: {
          B3: { printed, units: { 'million KZT': 'mln RUB' } },
          E3: { printed: 'mln. tenge' },
        },
      },
    ],
    places: {},
    units: { gdp: 'million KZT' },
    footnotes: [],
    moves: [],
    suspicious: [],
  });

  test('gives 1990-1992 the unit printed over them and 1993 on its own', async () => {
    const table = await readDynamicTable(CURRENT, {
      sheet: 'AUCBNE 1990-1997',
      periods: 'flows',
      blocks: [{ heading: null, id: '0' }],
    });
    const labels = new Set(table.cells.map((c) => c.label));
    labels.delete('Gross domestic product');
    const s = current('mln. rubles');
    s.parts[0]!.skip = [...labels];
    const points = await readDynamicPoints(CURRENT, s);
    assert.deepEqual(
      points.map((p) => [p.period, p.unit]),
      [1990, 1991, 1992, 1993, 1994, 1995, 1996, 1997].map((y) => [
        String(y),
        y <= 1992 ? 'mln RUB' : 'million KZT',
      ]),
    );
    assert.match(points[0]!.note!, /unit over this column \(B3\): "mln\. rubles"/u);
  });

  test('fails the build where the cell prints another unit than declared', async () => {
    await assert.rejects(
      readDynamicPoints(CURRENT, current('mln. tenge')),
      /cell B3, field unit: "mln\. rubles" printed, the declaration says "mln\. tenge"/u,
    );
  });
});
