// The dynamic-table reader's months of a year the title does not name (`monthsOf` with the year alone
// in the row under the months), on the pinned "CPI for main 12 groups" (bns-dynamic/NOTES.md): one
// sheet per year, all titled "CPI for main 12 groups", the year printed as "2008 year" under January
// ... December; percentage changes, not index levels; and the traps NOTES names for the file.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { snapshotsDir } from '../src/lib/config.js';
import { readDynamicTable, type DynamicTableSpec } from '../src/sources/bns-dynamic-table.js';

const FILE = join(snapshotsDir(), 'bns-dynamic', 'cpi_for_main_12_groups.xls');
const BLOCKS = [
  { heading: 'of previous month', id: 'month' },
  { heading: 'of December of previous year', id: 'dec' },
  // the heading begins with a Cyrillic "о" (U+043E), as the table prints it
  { heading: '\u043ef corespondence month of previous year', id: 'same' },
  { heading: 'of December of 2000 year', id: 'dec2000' },
];
const sheet = (year: number, monthsOf = year): DynamicTableSpec => ({
  sheet: `monthly ${year}`,
  periods: 'flows',
  monthsOf,
  blocks: year <= 2020 ? BLOCKS : BLOCKS.slice(0, 3),
});
const cellAt = async (spec: DynamicTableSpec, address: string) => {
  const c = (await readDynamicTable(FILE, spec)).cells.find((x) => x.address === address);
  assert.ok(c, `no cell ${address}`);
  return c;
};

describe('months of the year printed under them', () => {
  test('"2008 year" under the months gives them their year; a sheet read as another year fails', async () => {
    const jan = await cellAt(sheet(2008), 'B6');
    assert.deepEqual(
      [jan.label, jan.value, jan.period.period, jan.block],
      ['All goods and services', 1.1, '2008-01', 'month'],
    );
    await assert.rejects(
      readDynamicTable(FILE, sheet(2008, 2009)),
      /neither the title "CPI for main 12 groups" nor the row under the months names the year 2009/,
    );
  });

  test('values are percentage changes as displayed: a fall is negative, float noise is cut to the shown decimals', async () => {
    // transport, December 2008 on November: -2.1 (a fall of 2.1 percent, not an index of 97.9)
    assert.equal((await cellAt(sheet(2008), 'M13')).value, -2.1);
    // I25 holds 5.400000000000006, displayed 5.4 (format 0.0)
    assert.equal((await cellAt(sheet(2008), 'I25')).value, 5.4);
    // B6 of 2023 holds 1.0999999999999943: 1.1
    assert.equal((await cellAt(sheet(2023), 'B6')).value, 1.1);
    // C8 of 2014 (alcoholic beverages and tobacco, February on January) is empty: null, never 0
    const empty = await cellAt(sheet(2014), 'C8');
    assert.deepEqual([empty.value, empty.period.period], [null, '2014-02']);
    assert.match(empty.nullReason!, /empty cell/);
  });

  test('from 2021 a sheet has three bases, December 2000 gone; 2025 holds January-March only', async () => {
    await assert.rejects(
      readDynamicTable(FILE, { ...sheet(2021), blocks: BLOCKS }),
      /block "of December of 2000 year" has no rows/,
    );
    const t = await readDynamicTable(FILE, sheet(2025));
    const all = t.cells.filter((c) => c.label === 'All goods and services' && c.block === 'month');
    assert.deepEqual(
      all.filter((c) => c.value !== null).map((c) => [c.period.period, c.value]),
      [
        ['2025-01', 1.1],
        ['2025-02', 1.5],
        ['2025-03', 1.3],
      ],
    );
    assert.ok(all.slice(3).every((c) => c.value === null && /empty cell/.test(c.nullReason!)));
    // the same-month block under its Cyrillic-lettered heading: 10.0 in March 2025
    assert.equal(t.cells.find((c) => c.address === 'D34')!.block, 'same');
  });

  test('a Latin "of" for the Cyrillic heading is a heading the declaration does not name', async () => {
    const latin = {
      ...sheet(2024),
      blocks: [
        BLOCKS[0]!,
        BLOCKS[1]!,
        { heading: 'of corespondence month of previous year', id: 'same' },
      ],
    };
    await assert.rejects(
      readDynamicTable(FILE, latin),
      /a heading "оf corespondence month of previous year" the declaration does not name/,
    );
  });
});
