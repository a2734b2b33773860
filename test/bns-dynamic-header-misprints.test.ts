// The dynamic-table reader on the Social Code table of the Bureau (bns-dynamic/NOTES.md): a header
// cell the table misprints is read as the declaration says it is meant, and said on its values; the
// header repeated under each block with a stub in the label column ("Region name") and a unit word
// printed in the value columns ("human") are no data when declared, and fail the build otherwise.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { snapshotsDir } from '../src/lib/config.js';
import {
  readDynamicTable,
  type DynamicCell,
  type DynamicTableSpec,
} from '../src/sources/bns-dynamic-table.js';

const FILE = join(snapshotsDir(), 'bns-dynamic/self_employed_according_to_social_code.xlsx');
const SPEC: DynamicTableSpec = {
  sheet: '2019-2024 по кв',
  periods: 'flows',
  repeatedHeaders: true,
  ignore: ['Region name', 'human'],
  unprintedKeys: ['1)'],
  headerMisprints: { 'I quarterone)': 'I quarter1)' },
  blocks: [
    { heading: null, id: 'national' },
    { heading: 'Individual entrepreneurs', id: 'ie' },
    { heading: 'Individuals in private practice', id: 'pp' },
    {
      heading: 'Civil law contract for the provision of services mainly with several customers',
      id: 'civil',
    },
    {
      heading:
        'Founders (participants) of economic partnerships and founders, shareholders (participants) of joint-stock companies',
      id: 'founders',
    },
    { heading: 'Members of production cooperatives', id: 'coop' },
    { heading: 'Independent Workers', id: 'iw' },
  ],
};

const cellAt = (cells: readonly DynamicCell[], address: string) => {
  const c = cells.find((x) => x.address === address);
  assert.ok(c, `no cell ${address}`);
  return c;
};

describe('a misprinted header and a repeated header with a stub', () => {
  test('"I quarterone)" is the I quarter with key 1), the misprint said on each of its values', async () => {
    const t = await readDynamicTable(FILE, SPEC);
    const b5 = cellAt(t.cells, 'B5');
    assert.equal(b5.period.period, '2019-Q1');
    assert.equal(b5.value, 1554916);
    assert.ok(
      b5.notes.some(
        (n) => n === 'the header "I quarterone)" is read as "I quarter1)": a misprint of the table',
      ),
    );
    assert.ok(b5.notes.some((n) => /prints no text for footnote 1\)/.test(n)));
    // under the repeated headers too (B16, B43 ...), and nowhere else
    assert.ok(cellAt(t.cells, 'B17').notes.some((n) => /quarterone/.test(n)));
    assert.ok(!cellAt(t.cells, 'C17').notes.some((n) => /quarterone/.test(n)));
    // every block read: the national rows and 21 rows under each of six headers, 30 periods each
    assert.equal(t.cells.length, (6 + 6 * 21) * 30);
    assert.equal(cellAt(t.cells, 'AE172').label, 'Shymkent');
  });

  test('without the misprint declared, the column has no period and its values fail the build', async () => {
    const { headerMisprints: _, ...spec } = SPEC;
    await assert.rejects(
      readDynamicTable(FILE, spec),
      /sheet "2019-2024 по кв", cell B5, field value: a value in a column without a period header/,
    );
  });

  test('a stub or a unit word not declared as ignored fails the build naming its row', async () => {
    await assert.rejects(
      readDynamicTable(FILE, { ...SPEC, ignore: ['Region name'] }),
      /cell A14, field label: values in a row without a label/,
    );
    await assert.rejects(
      readDynamicTable(FILE, { ...SPEC, ignore: ['human'] }),
      /cell A16, field label: values in a row without a label/,
    );
  });
});
