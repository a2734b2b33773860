// The self-employed youth by employment status, sex and area (bns-dynamic/NOTES.md, the youth table's
// sheet "employment status_ILO": blocks of all, urban and rural population, each with its men and women,
// annual 2001-2024) in the release built from the pinned snapshots, through the production app: every
// cell equal to its raw cell at its year, sex and area; both notes numbered 1) and the unmarked 2) on
// every value; the total row read and checked against the self-employed youth of the sheet "Regions".
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { declaredTable, servedDynamicTables } from './support/dynamic-release.js';

const SOURCE = 'bns-dyn-young-people';

describe('the self-employed youth by employment status in the real release', () => {
  const { observation, compareEveryCell } = servedDynamicTables();
  const at = (id: string, period: string, sex = '_T', area = '_T') =>
    observation(id, 'KZ', period, { sex, area });

  test('every cell of the sheet equals its raw cell through v1', async () => {
    const { reader } = await declaredTable(SOURCE);
    const part = reader.parts.findIndex((p) => p.sheet === 'employment status_ILO');
    // four statuses, 24 years, 3 areas by 3 sexes
    assert.equal(await compareEveryCell(SOURCE, part), 4 * 24 * 9);
  });

  test('raw cells read by hand, as the table displays them', async () => {
    assert.equal((await at('youth_self_employed_employers', '2001')).value, 7.6); // B8
    const rural = await at('youth_self_employed_own_account_workers', '2023', '_T', 'R'); // X51 382.949
    assert.equal(rural.value, 382.9);
    assert.match(rural.note, /the cell holds 382\.949/u);
    const none = await at('youth_self_employed_cooperative_members', '2017', '_T', 'U'); // R31 "-"
    assert.equal(none.value, null);
    assert.match(none.null_reason, /source cell "-"/u);
  });

  test('both notes numbered 1) and the unmarked 2) are said on every value', async () => {
    const note = (await at('youth_self_employed_unpaid_family_workers', '2001', 'F', 'R')).note;
    assert.match(
      note,
      /Structure of self-employed according to the standards of International Labour Organization; and, printed under the same key, According to the sample survey of employment of the population/u,
    );
    assert.match(
      note,
      /footnote 2\) of the table: Here and further, .*\(printed under the table with no marker on any year/u,
    );
  });
});
