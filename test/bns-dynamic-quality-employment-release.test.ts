// The Bureau's indicators for measuring the quality of employment in the release built from the
// pinned snapshots, through the production app (bns-dynamic/NOTES.md): every published cell equal to
// its raw cell; the rows the decent work indicators table also prints published once, from there, and
// equal to it in every cell ("63,,4" in Q24 as in Q46); the rows that differ kept and linked; the 2016
// informal employment that repeats 2015 flagged; "15 МРП" read as 15; 0.0 displayed published as 0.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { declaredPart, servedDynamicTables } from './support/dynamic-release.js';

const SOURCE = 'bns-dyn-quality-of-employment';
const OCCUPATIONS = [
  'managers',
  'professionals',
  'technicians',
  'clerical',
  'service_sales',
  'agriculture',
  'craft',
  'operators',
  'elementary',
  'not_elsewhere',
];

describe("the Bureau's indicators of the quality of employment in the real release", () => {
  const { json, observation, indicator, compareEveryCell } = servedDynamicTables();

  test('every published cell equals its raw cell through v1', async () => {
    assert.equal(await compareEveryCell(SOURCE), 1219);
  });

  test('the rows the decent work table also prints equal it in every cell and are not published twice', async () => {
    const { part, raw } = await declaredPart(SOURCE);
    const same: Record<string, [string, Record<string, string>]> = {
      '1a 1 Fatal industrial injury, person': ['occupational_fatal_injury_rate', {}],
      '1a 2 Industrial injuries with non-fatal outcome, person': [
        'occupational_nonfatal_injury_rate',
        {},
      ],
      '1b 1 Prevalence of child labor': ['child_labour_rate', { sex: '_T' }],
      boys: ['child_labour_rate', { sex: 'M' }],
      girls: ['child_labour_rate', { sex: 'F' }],
      '1c 1 The pay gap': ['gender_wage_gap', {}],
    };
    assert.deepEqual(Object.keys(same).sort(), [...part.skip!].sort());
    let compared = 0;
    for (const c of raw.cells) {
      const b = Number(c.block);
      const occupation = part.blocks[b]!.skip ? OCCUPATIONS[b - 1] : undefined;
      const [id, dims] = occupation
        ? [`occupation_sex_share_${occupation}`, { sex: c.label.startsWith('Men') ? 'M' : 'F' }]
        : (same[c.label] ?? []);
      if (id === undefined) continue;
      const o = await observation(id, 'KZ', c.period.period, dims);
      assert.equal(o.value, c.value, `${c.address} (${c.label}) = ${id}`);
      assert.match(JSON.stringify(o.source), /decent-work/);
      compared++;
    }
    assert.equal(compared, 6 * 23 + 10 * 2 * 23);
    const q24 = raw.cells.find((c) => c.address === 'Q24')!;
    assert.equal(q24.value, 63.4);
    assert.ok(q24.notes.some((n) => n.startsWith('the cell Q24 holds the text "63,,4"')));
  });

  test('hazardous child labour, informal employment and the employed by hours: kept where they differ, linked', async () => {
    assert.equal(
      (await observation('hazardous_child_labour_share_quality_table', 'KZ', '2020')).value,
      0.0005,
    );
    assert.equal((await observation('hazardous_child_labour_share', 'KZ', '2020')).value, 0.0047);
    assert.equal(
      (await observation('hazardous_child_labour_share_quality_table', 'KZ', '2019')).value,
      (await observation('hazardous_child_labour_share', 'KZ', '2019')).value,
    );
    for (const [sex, v] of [
      ['_T', 23],
      ['M', 22.8],
      ['F', 23.2],
    ] as const) {
      const o = await observation('informal_employment_rate_experimental', 'KZ', '2016', { sex });
      assert.equal(o.value, v);
      assert.equal(o.status, 'suspicious');
      assert.equal(
        (await observation('informal_employment_rate_experimental', 'KZ', '2015', { sex })).value,
        v,
      );
    }
    assert.equal(
      (await observation('informal_employment_rate_experimental', 'KZ', '2015', { sex: 'M' }))
        .status,
      'final',
    );
    assert.equal((await observation('employed_weekly_hours_total', 'KZ', '2015')).value, 8623.8);
    assert.equal((await observation('employed_quarterly', 'KZ', '2015')).value, 8433.3);
    for (const [id, other] of [
      ['hazardous_child_labour_share_quality_table', 'hazardous_child_labour_share'],
      ['informal_employment_rate_experimental', 'informal_sector_employment_share'],
      ['employed_weekly_hours_total', 'employed_quarterly'],
    ] as const)
      assert.match(JSON.stringify(await indicator(id)), new RegExp(`"indicator:${other}"`));
  });

  test('"15 МРП" is 15 monthly calculation indices, 0.0 displayed is the value 0, the strikes remark no value', async () => {
    const mci = await observation('sickness_benefit_ceiling_mci', 'KZ', '2022');
    assert.equal(mci.value, 25);
    assert.match(mci.note, /"25 МРП"/);
    const flexible = await observation('flexible_hours_share', 'KZ', '2004');
    assert.equal(flexible.value, 0);
    assert.match(flexible.note, /0\.0390155331113356/);
    const strikes = await json('/api/v1/search?q=strikes%20lockouts');
    assert.doesNotMatch(JSON.stringify(strikes), /Statistical records of strikes/);
  });
});
