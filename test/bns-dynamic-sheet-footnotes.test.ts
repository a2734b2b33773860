// A footnote key the sheets of one workbook print with other words, each declared for its sheet
// (bns-dynamic/NOTES.md, the Social Code table: "*" is the Social Code under the sheet by quarter and the
// Law "On employment of the population" under the sheet "status and gender"; "1)" is the Committee's
// methodology in two wordings). Each sheet's text is checked against its own declared words and reaches
// that sheet's values only; a key declared once for both fails the build at the sheet whose words differ.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { snapshotsDir, SOURCES_DIR } from '../src/lib/config.js';
import { readDynamicPoints, type DynamicPointsSpec } from '../src/sources/bns-dynamic-points.js';
import { dynamicTableSpec } from '../src/sources/registry/compile.js';
import { loadRegistry } from '../src/sources/registry/load.js';
import type { DynamicTableReader } from '../src/sources/registry/reader-schemas.js';

const FILE = join(snapshotsDir(), 'bns-dynamic/self_employed_according_to_social_code.xlsx');

async function declared(): Promise<DynamicPointsSpec> {
  const registry = await loadRegistry(SOURCES_DIR, (p) => join(snapshotsDir(), p));
  const table = registry.tables.find((t) => t.source.id === 'bns-dyn-self-employed-social-code')!;
  return dynamicTableSpec(table, table.reader as DynamicTableReader);
}

describe('footnotes declared per sheet', () => {
  test("each sheet's key reaches its own values with its own words", async () => {
    const points = await readDynamicPoints(FILE, await declared());
    const at = (metric: string, period: string) =>
      points.find(
        (p) =>
          p.metric === metric &&
          p.place === 'KZ' &&
          p.period === period &&
          (p.dimensions?.sex ?? '_T') === '_T',
      )!;
    const code = at('employed_social_code_founders', '2019').note!;
    assert.match(
      code,
      /footnote \* of the table: Employment categories are indicated in accordance with the Social Code/u,
    );
    const law = at('employed_other_categories_founders_unregistered', '2019').note!;
    assert.match(
      law,
      /footnote \* of the table: Data according to the Law of the Republic of Kazakhstan "On employment of the population"/u,
    );
    assert.doesNotMatch(law, /Social Code|Method of determining/u);
    const status = at('self_employed_status_employers', '2013-Q1').note!;
    assert.match(
      status,
      /footnote 1\) of the table: Structure of self-employed according to the "Method of determining the self-employed"/u,
    );
    assert.doesNotMatch(status, /On employment of the population/u);
  });

  test('the Social Code "*" declared for every sheet fails the build at the sheet that prints the Law under it', async () => {
    const spec = await declared();
    const everywhere = {
      ...spec,
      footnotes: spec.footnotes.flatMap((f) =>
        f.key !== '*' ? [f] : f.sheet === 'status and gender' ? [] : [{ ...f, sheet: undefined }],
      ),
    };
    await assert.rejects(
      readDynamicPoints(FILE, everywhere),
      /footnote "\* Data according to the Law of the Republic of Kazakhstan "On employment of the population"" does not say/u,
    );
  });

  test('a footnote declared for a sheet the table does not read fails the build', async () => {
    const spec = await declared();
    const elsewhere = {
      ...spec,
      footnotes: spec.footnotes.map((f) =>
        f.key === '*' && f.sheet === 'status and gender' ? { ...f, sheet: 'status and sex' } : f,
      ),
    };
    await assert.rejects(
      readDynamicPoints(FILE, elsewhere),
      /footnote "\*" is declared for the sheet "status and sex", which the table does not read/u,
    );
  });
});
