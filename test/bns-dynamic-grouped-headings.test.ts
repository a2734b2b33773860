// The dynamic-table reader on blocks headed in the value columns and nested in groups (bns-dynamic/
// NOTES.md, the ILO self-employed table's sheet "By employment status"): "All population", "Urban
// population" and "Rural population", each followed by its own "Male" and "Female" printed over each
// group of columns. A heading that blocks are declared within opens their group, so each "Male" is the
// one of its group; and a footnote key the workbook's sheets print with other words ("1)" is OKED on
// the sheet by activity, the ILO structure on this one) must say the declared words under every sheet.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { snapshotsDir, SOURCES_DIR } from '../src/lib/config.js';
import { readDynamicPoints } from '../src/sources/bns-dynamic-points.js';
import { readDynamicTable, type DynamicTableSpec } from '../src/sources/bns-dynamic-table.js';
import { dynamicTableSpec } from '../src/sources/registry/compile.js';
import { loadRegistry } from '../src/sources/registry/load.js';
import type { DynamicTableReader } from '../src/sources/registry/reader-schemas.js';

const FILE = join(snapshotsDir(), 'bns-dynamic/self_employed_ilo_standards.xlsx');
const groups = ['All population', 'Urban population', 'Rural population'];
const SPEC: DynamicTableSpec = {
  sheet: 'By employment status',
  periods: 'flows',
  titleColumn: 1,
  headingsInValues: true,
  ignore: ['including:'],
  blocks: groups.flatMap((g) => [
    { heading: g, id: g },
    { heading: 'Male', id: `${g} male`, within: g },
    { heading: 'Female', id: `${g} female`, within: g },
  ]),
};

describe('blocks headed in the value columns within groups headed there too', () => {
  test("each Male and Female block is its group's", async () => {
    const t = await readDynamicTable(FILE, SPEC);
    const of = (a: string) => {
      const c = t.cells.find((x) => x.address === a)!;
      return [c.block, c.label, c.period.period, c.value];
    };
    assert.deepEqual(of('B8'), ['All population', 'employers', '2006-Q1', 106184]);
    assert.deepEqual(of('B15'), ['All population male', 'employers', '2006-Q1', 74016]);
    assert.deepEqual(of('B29'), ['Urban population', 'employers', '2006-Q1', 58854]);
    assert.deepEqual(of('B36'), ['Urban population male', 'employers', '2006-Q1', 37795]);
    assert.deepEqual(of('B64'), ['Rural population female', 'employers', '2006-Q1', 11109]);
    assert.equal(new Set(t.cells.map((c) => c.block)).size, 9);
  });

  test('the same headings declared without their groups fail the build at the second group', async () => {
    const flat: DynamicTableSpec = {
      ...SPEC,
      blocks: [
        { heading: 'All population', id: 'all' },
        { heading: 'Male', id: 'male' },
        { heading: 'Female', id: 'female' },
        { heading: 'Urban population', id: 'urban' },
        { heading: 'Rural population', id: 'rural' },
      ],
    };
    await assert.rejects(
      readDynamicTable(FILE, flat),
      /cell A34, field label: "Self-employed" twice in block male/u,
    );
  });
});

describe('a footnote key each sheet prints with its own words', () => {
  test('the declared words must be said under every sheet that prints the key', async () => {
    const registry = await loadRegistry(SOURCES_DIR, (p) => join(snapshotsDir(), p));
    const table = registry.tables.find((t) => t.source.id === 'bns-dyn-self-employed-ilo')!;
    const spec = dynamicTableSpec(table, table.reader as DynamicTableReader);
    // the words of the sheet by activity only: the sheet by employment status prints another "1)"
    const oked = {
      ...spec,
      footnotes: spec.footnotes.map((f) =>
        f.key === '1)' ? { ...f, says: /Common Classifier of Economic Activities \(OKED\)$/u } : f,
      ),
    };
    await assert.rejects(
      readDynamicPoints(FILE, oked),
      /footnote "1\) Structure of self-employed according to the standards of International Labour Organization" does not say/u,
    );
  });
});
