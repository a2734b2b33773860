// Every trap the notes of the Bureau's SDG platform name (kazstat-sdg NOTES.md), read from the real
// snapshot exactly as the build reads it (the declaration sources/datasets/180-sdg-platform.json):
// codes that mean another region, shifted cells, keys written twice, regions before they existed,
// float noise, columns in another order, explicit totals, units, header-only files and the workbook.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import type { Point } from '../src/model/types.js';
import { pointsOfSources, registry, snapshot } from './support/registry.js';

const points = await pointsOfSources(['kazstat-sdg'], { resolve: snapshot, regions: [] });
const indicators = registry.tables.find((t) => t.source.id === 'kazstat-sdg')!.indicators;
const raw = async (id: string) =>
  (await readFile(snapshot(`kazstat-sdg/data/indicator_${id}.csv`), 'utf8')).split(/\r?\n/);

/** The one point of an indicator at a place, year and codes (totals where none is given). */
function cell(
  metric: string,
  place: string,
  year: number,
  dims: Record<string, string> = {},
): Point {
  const found = points.filter(
    (p) =>
      p.metric === metric &&
      p.place === place &&
      p.period === String(year) &&
      Object.entries(p.dimensions ?? {}).every(([d, c]) => (dims[d] ?? '_T') === c),
  );
  assert.equal(
    found.length,
    1,
    `${metric} ${place} ${year} ${JSON.stringify(dims)}: ${found.length} points`,
  );
  return found[0]!;
}

test('KZONT stands for North Kazakhstan in 5-5-2 (2020-2023): read as North Kazakhstan, flagged, the raw row named', async () => {
  const lines = await raw('5-5-2');
  assert.equal(lines[1650 - 1], '2020,PT,KZONT,U,,45.0,');
  const urban = cell('sdg_5_5_2', 'KZ-59', 2020, { area: 'U' });
  assert.equal(urban.value, 45.0);
  assert.equal(urban.status, 'suspicious');
  assert.match(
    urban.note!,
    /data\/indicator_5-5-2\.csv line 1650 reads "2020,PT,KZONT,U,,45\.0,": KZONT .* read as North Kazakhstan/,
  );
  // the former South Kazakhstan has no value in those years
  assert.ok(
    !points.some(
      (p) =>
        p.metric === 'sdg_5_5_2' && p.place === 'KZ-SOUTH-KAZAKHSTAN-LEGACY' && p.period >= '2018',
    ),
  );
  // the total and the age block swap Pavlodar and "KZONT" (43.3 / 40.6): neither is chosen
  const total = cell('sdg_5_5_2', 'KZ-59', 2020);
  assert.equal(total.value, null);
  assert.equal(total.status, 'suspicious');
  assert.match(total.null_reason!, /43\.3 at line 1632.*40\.6 at line 1764.*neither is published/);
});

test('KZONT stands for Pavlodar in 4-5-1-3 (2018): read as Pavlodar, flagged, the raw row named', () => {
  const p = cell('sdg_4_5_1_3', 'KZ-55', 2018);
  assert.equal(p.value, 17.6);
  assert.equal(p.status, 'suspicious');
  assert.match(p.note!, /indicator_4-5-1-3\.csv line 32 reads "2018,PT,KZONT,17\.6"/);
  assert.ok(
    !points.some(
      (x) =>
        x.metric === 'sdg_4_5_1_3' &&
        x.place === 'KZ-SOUTH-KAZAKHSTAN-LEGACY' &&
        x.period === '2018',
    ),
  );
});

test('KZATY stands for West Kazakhstan in 17-3-1-3 (2018-2023): Atyrau keeps its own row, West Kazakhstan gets the second', () => {
  assert.equal(cell('sdg_17_3_1_3_m_usd', 'KZ-23', 2018).value, 9932.2);
  assert.equal(cell('sdg_17_3_1_3_m_usd', 'KZ-23', 2018).status, 'final');
  const west = cell('sdg_17_3_1_3_m_usd', 'KZ-27', 2018);
  assert.equal(west.value, 1174.9);
  assert.equal(west.status, 'suspicious');
  assert.match(west.note!, /indicator_17-3-1-3\.csv line 70 reads "2018,M_USD,KZATY,KZ03,1174\.9"/);
});

test('KZYUZ stands for East Kazakhstan in the rural blocks of 8-6-1 and 8-7-1 (2010-2017)', () => {
  for (const [id, value] of [
    ['8_6_1', 6.8],
    ['8_7_1', 0.2],
  ] as const) {
    const east = cell(`sdg_${id}`, 'KZ-63', 2010, { area: 'R' });
    assert.equal(east.value, value);
    assert.equal(east.status, 'suspicious');
    assert.match(
      east.note!,
      /line 84 reads "2010,PT,KZYUZ,R,,[0-9.]+": .* read as East Kazakhstan/,
    );
    assert.ok(
      !points.some(
        (p) => p.metric === `sdg_${id};area=R` && p.place === 'KZ-61' && p.period === '2010',
      ),
    );
  }
});

test('values shifted into the wrong column are read where they belong (4-c-1-2, 8-6-1, 8-7-1)', () => {
  const national = cell('sdg_4_c_1_2', 'KZ', 2019);
  assert.equal(national.value, 32.8);
  assert.match(national.note!, /indicator_4-c-1-2\.csv line 2 reads "2019,PT,32\.8"/);
  assert.equal(cell('sdg_8_6_1', 'KZ-79', 2023, { area: 'U' }).value, 18.8);
  assert.equal(cell('sdg_8_7_1', 'KZ-47', 2020, { area: 'R' }).value, 0.1);
  // no place is made of a value
  assert.ok(!points.some((p) => /^\d/.test(p.place.replace(/^KZ-?/, 'x'))));
});

test('a key written twice with different values is published as no value, flagged, naming both lines (17 files)', () => {
  const twice = [
    '3-3-1-1',
    '4-1-1',
    '5-5-2',
    '7-2-1',
    '8-3-1-1',
    '8-3-1',
    '8-6-1',
    '8-7-1',
    '9-1-2',
    '9-2-2',
    '9-c-1',
    '11-3-1',
    '15-2-1',
    '17-3-1-2',
    '2-a-1',
  ];
  for (const id of twice) {
    const flagged = points.filter(
      (p) => p.value === null && p.null_reason?.includes(`data/indicator_${id}.csv gives this key`),
    );
    assert.ok(flagged.length > 0, id);
    assert.ok(
      flagged.every((p) => p.status === 'suspicious'),
      id,
    );
  }
  const y2022 = cell('sdg_3_3_1_1', 'KZ', 2022);
  assert.equal(y2022.value, null);
  assert.match(y2022.null_reason!, /786 at line 14, 686 at line 15/);
  // 17-3-1-3's six are West Kazakhstan's rows (corrected above); 11-6-2 is not published (cities)
  assert.ok(!indicators.some((i) => i.notation === '11.6.2'));
  // the same value twice is one point, its note naming both lines
  const repeated = cell('sdg_15_1_1', 'KZ-33', 2023);
  assert.equal(repeated.value, 3.7);
  assert.match(repeated.note!, /writes this key 2 times with the same value/);
});

test('Abai, Jetisu and Ulytau before 2022 are published flagged, the row named', () => {
  const abai = cell('sdg_6_3_1', 'KZ-10', 2019);
  assert.equal(abai.status, 'suspicious');
  assert.match(abai.note!, /indicator_6-3-1\.csv line \d+: the region \(KZABY\) exists from 2022/);
  assert.equal(cell('sdg_6_3_1', 'KZ-10', 2022).status, 'final');
});

test('float noise is published as the platform displays it (2 decimals); shorter values exactly as written', async () => {
  const lines = await raw('3-2-2');
  assert.equal(lines[69 - 1], '2010,PER_1000_LIVE_BIRTHS,M,KZAKM,U,12.135221034383127');
  const noisy = cell('sdg_3_2_2', 'KZ-11', 2010, { sex: 'M', area: 'U' });
  assert.equal(noisy.value, 12.14);
  assert.match(
    noisy.note!,
    /line 69: the file writes 12\.135221034383127; published as the platform displays it, to 2 decimals/,
  );
  // 17-8-1 writes Zhambyl 2011 as 33.94220855041687
  assert.equal(cell('sdg_17_8_1', 'KZ-31', 2011).value, 33.94);
  assert.equal(cell('sdg_3_2_1', 'KZ-11', 2010).value, 16.99);
  assert.equal(cell('sdg_3_2_1', 'KZ-11', 2010).note, null);
});

test('columns are read by name in any order, and an explicit _T is the total an empty cell means', async () => {
  // 3-2-1: SEX,URBANISATION,REF_AREA; 3-2-2: SEX,REF_AREA,URBANISATION
  assert.match((await raw('3-2-1'))[0]!, /^Year,UNIT_MEASURE,SEX,URBANISATION,REF_AREA,Value/);
  assert.match((await raw('3-2-2'))[0]!, /^Year,UNIT_MEASURE,SEX,REF_AREA,URBANISATION,Value/);
  assert.equal(cell('sdg_3_2_1', 'KZ', 2010).value, 19.55);
  // 8-5-1's ACTIVITY _T rows repeat the national total: one indicator, one point a year
  assert.ok(!indicators.some((i) => i.id === 'sdg_8_5_1_t'));
  assert.match(
    cell('sdg_8_5_1', 'KZ', 2019).note ?? '',
    /writes this key 2 times with the same value/,
  );
});

test('units: the UNIT_MEASURE code, the Units column, free text, or the configuration', () => {
  const unit = (id: string) => indicators.find((i) => i.id === id)!;
  assert.equal(unit('sdg_3_2_1').unit, 'PER_1000_LIVE_BIRTHS');
  assert.equal(unit('sdg_3_2_1').unit_name!.ru, 'на 1000 родившихся');
  assert.equal(unit('sdg_9_3_1').unit, 'млрд.тенге');
  assert.equal(unit('sdg_4_c_1_1').unit, 'PT');
  assert.equal(unit('sdg_3_7_2').unit, 'на 1 000 женщин в данной возрастной группе');
});

test('header-only files yield no indicator; the workbook among the CSVs holds the CSV rows and is published once', () => {
  for (const id of ['1-2-2', '3-3-3', '17-18-1'])
    assert.ok(!indicators.some((i) => i.notation === id.replace(/-/g, '.')), id);
  assert.equal(indicators.filter((i) => i.notation === '3.1.1').length, 1);
});

test("names are the platform's own in kk, ru and en: the national wording where it has one", () => {
  const renewables = indicators.find((i) => i.id === 'sdg_7_2_1_l_act_ilwpp')!;
  assert.match(
    renewables.name.ru,
    /^Доля электроэнергии, произведенной возобновляемыми источниками энергии/,
  );
  assert.ok(indicators.every((i) => i.name.kk !== '' && i.name.ru !== '' && i.name.en !== ''));
  assert.ok(indicators.every((i) => /^sdg-\d{1,2}$/.test(i.topics[0]!)));
});
