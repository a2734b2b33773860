// The bns-more tables with a breakdown (sex, urban/rural, age) against a second reading of each
// snapshot through exceljs or a plain CSV split: every cell at its position on the dimensions.
import { snapshotsDir } from '../src/lib/config.js';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import ExcelJS from 'exceljs';
import type { Point, Region } from '../src/model/types.js';
import type { DistrictCoverage } from '../src/sources/records.js';
import { isSeriesBreak } from '../src/sources/bns-breaks.js';
import { readPeriodGrid } from '../src/sources/bns-period-grid.js';
import { SOUTH_KAZAKHSTAN_LEGACY as SKO } from '../src/sources/bns-reforms.js';
import { ruLabelResolver } from '../src/sources/bns-ru-labels.js';
import { readWorkingAgeCsv, WORKING_AGE_FILE } from '../src/sources/bns-working-age-csv.js';
import {
  DISTRICT_BULLETIN_FILE,
  readDistrictBulletin,
  type DistrictRef,
} from '../src/sources/bns-district-bulletin.js';
import { fileOf, periodGridSpecOf } from './support/registry.js';

// the tables of snapshots/bns-more with a breakdown, by the source id their declarations give
const D = {
  POPULATION_SEX_AREA_FILE: fileOf('bns-population-sex-area'),
  POPULATION_SEX_AREA_SPEC: periodGridSpecOf('bns-population-sex-area'),
  SCHOOLS_FILE: fileOf('bns-schools'),
  SCHOOLS_SPEC: periodGridSpecOf('bns-schools'),
};

const SNAP = snapshotsDir();
const regions = JSON.parse(
  readFileSync(new URL('../sources/regions.json', import.meta.url), 'utf8'),
) as Region[];
const resolve = ruLabelResolver(regions);

const PLACE: Record<string, string> = {
  'Республика Казахстан': 'KZ',
  Абай: 'KZ-10',
  Акмолинская: 'KZ-11',
  Актюбинская: 'KZ-15',
  Алматинская: 'KZ-19',
  Атырауская: 'KZ-23',
  'Западно-Казахстанская': 'KZ-27',
  Жамбылская: 'KZ-31',
  Жетісу: 'KZ-33',
  Жетису: 'KZ-33',
  Карагандинская: 'KZ-35',
  Костанайская: 'KZ-39',
  Кызылординская: 'KZ-43',
  Мангистауская: 'KZ-47',
  Павлодарская: 'KZ-55',
  'Северо-Казахстанская': 'KZ-59',
  Туркестанская: 'KZ-61',
  Ұлытау: 'KZ-62',
  Улытау: 'KZ-62',
  'Восточно-Казахстанская': 'KZ-63',
  'г. Астана': 'KZ-71',
  'город Астана': 'KZ-71',
  'город Нур-Султан': 'KZ-71',
  'г. Алматы': 'KZ-75',
  'город Алматы': 'KZ-75',
  'г. Шымкент': 'KZ-79',
  'город Шымкент': 'KZ-79',
};
const placeOf = (label: string) => {
  const name = label.trim().replace(/\s*(\*+|\s\d)$/u, '');
  assert.ok(PLACE[name], `label "${label}" not in the test's table`);
  return PLACE[name]!;
};
const key = (place: string, period: string, dims: object) =>
  `${place}|${period}|${JSON.stringify(dims)}`;

async function sheetOf(file: string, sheet: string) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(join(SNAP, file));
  const ws = wb.getWorksheet(sheet)!;
  return (r: number, c: number): unknown => {
    const v = ws.getRow(r).getCell(c).value;
    if (v === null || typeof v !== 'object') return v;
    if ('richText' in v) return v.richText.map((x) => x.text).join('');
    // a formula linking another workbook, with no stored result: no value
    if ('formula' in v || 'sharedFormula' in v) return (v as { result?: unknown }).result ?? null;
    return v;
  };
}

/** Compares a block of rows with the points; returns the number of value cells. */
function compareBlock(
  points: Map<string, Point>,
  at: (r: number, c: number) => unknown,
  rows: [number, number],
  header: number,
  cols: number,
  dims: object,
  period: (h: string) => string,
  moved: (place: string, period: string) => string,
): number {
  let values = 0;
  for (let r = rows[0]; r <= rows[1]; r++) {
    const label = String(at(r, 1));
    for (let c = 2; c <= cols + 1; c++) {
      const per = period(String(at(header, c)));
      const place = moved(placeOf(label), per);
      const p = points.get(key(place, per, dims));
      assert.ok(p, `r${r} c${c} ${place} ${per} ${JSON.stringify(dims)}`);
      const raw = at(r, c);
      if (typeof raw === 'number') {
        assert.equal(p.value, raw, `r${r} c${c}`);
        values++;
      } else {
        assert.ok(raw === null || raw === '-' || raw === '…', `r${r} c${c} ${JSON.stringify(raw)}`);
        assert.equal(p.value, null, `r${r} c${c}`);
        assert.ok(p.null_reason, `r${r} c${c}`);
      }
    }
  }
  return values;
}

describe('bns-more tables with a breakdown against an independent reading', () => {
  let population: Point[];
  let schools: Point[];
  let workingAge: Point[];
  const index = (ps: Point[]) =>
    new Map(ps.map((p) => [key(p.place, p.period, p.dimensions ?? {}), p]));
  before(async () => {
    population = (
      await readPeriodGrid(
        join(SNAP, D.POPULATION_SEX_AREA_FILE),
        D.POPULATION_SEX_AREA_SPEC,
        resolve,
      )
    ).points;
    schools = (await readPeriodGrid(join(SNAP, D.SCHOOLS_FILE), D.SCHOOLS_SPEC, resolve)).points;
    workingAge = await readWorkingAgeCsv(join(SNAP, WORKING_AGE_FILE), resolve);
  });

  test('population at 1 January: one indicator, instants, sex × urban/rural from the three sheets, Turkistan 2000-2016 the former region', async () => {
    const map = index(population);
    const instant = (h: string) => `${h}-01-01`;
    const moved = (place: string, period: string) =>
      place === 'KZ-61' && period <= '2016-01-01' ? SKO : place;
    const all = await sheetOf(D.POPULATION_SEX_AREA_FILE, 'Все население');
    let values = compareBlock(map, all, [2, 22], 1, 24, { sex: '_T', area: '_T' }, instant, moved);
    for (const [sheet, sex] of [
      ['Мужчины', 'M'],
      ['Женщины', 'F'],
    ] as const) {
      const at = await sheetOf(D.POPULATION_SEX_AREA_FILE, sheet);
      values += compareBlock(map, at, [8, 28], 6, 24, { sex, area: '_T' }, instant, moved);
      values += compareBlock(map, at, [30, 50], 6, 24, { sex, area: 'U' }, instant, moved);
      values += compareBlock(map, at, [52, 69], 6, 24, { sex, area: 'R' }, instant, moved);
    }
    assert.ok(values > 2500);
    assert.ok(
      population.every(
        (p) =>
          p.metric === 'population_start_of_year' &&
          p.period_start === p.period_end &&
          p.period.endsWith('-01-01'),
      ),
    );
    // the first sheet equals men + women in every cell
    for (const p of population.filter((x) => x.dimensions!.sex === '_T' && x.value !== null)) {
      const m = map.get(key(p.place, p.period, { sex: 'M', area: '_T' }))!.value!;
      const f = map.get(key(p.place, p.period, { sex: 'F', area: '_T' }))!.value!;
      assert.equal(m + f, p.value, `${p.place} ${p.period}`);
    }
    assert.equal(map.get(key('KZ', '2023-01-01', { sex: '_T', area: '_T' }))!.value, 19766807);
    assert.equal(map.get(key('KZ-61', '2016-01-01', { sex: 'F', area: 'R' }))!.value, null);
    assert.ok(
      isSeriesBreak(map.get(key('KZ', '2022-01-01', { sex: '_T', area: '_T' }))!),
      '2021 census',
    );
    assert.ok(
      isSeriesBreak(map.get(key('KZ', '2008-01-01', { sex: 'M', area: 'U' }))!),
      'urban/rural reclassification',
    );
    assert.ok(!isSeriesBreak(map.get(key('KZ', '2008-01-01', { sex: 'M', area: '_T' }))!));
  });

  test('schools: school years, the area blocks, the external-link cells null with their formula, Shymkent "…"', async () => {
    const map = index(schools);
    const at = await sheetOf(D.SCHOOLS_FILE, 'Число общеобраз. школ');
    const same = (place: string) => place;
    let values = compareBlock(map, at, [9, 29], 7, 23, { area: '_T' }, String, same);
    values += compareBlock(map, at, [31, 51], 7, 23, { area: 'U' }, String, same);
    values += compareBlock(map, at, [53, 70], 7, 23, { area: 'R' }, String, same);
    assert.ok(values > 1000);
    const link = map.get(key('KZ', '2021/22', { area: 'U' }))!;
    assert.equal(link.value, null);
    assert.match(link.null_reason!, /formula ='\[1\]СВОД РК'!\$G\$32 with no stored result/u);
    const links = schools.filter((p) => /no stored result/u.test(p.null_reason ?? '')).length;
    assert.equal(links, 8);
    const y = map.get(key('KZ', '2021/22', { area: '_T' }))!;
    assert.deepEqual([y.period_start, y.period_end], ['2021-09-01', '2022-08-31']);
    assert.match(map.get(key('KZ-79', '2014/15', { area: '_T' }))!.null_reason!, /not available/);
    assert.match(
      map.get(key('KZ-61', '2014/15', { area: '_T' }))!.note!,
      /Shymkent city's schools are counted here/,
    );
    const total = map.get(key('KZ', '2007/08', { area: '_T' }))!.value!;
    const u = map.get(key('KZ', '2007/08', { area: 'U' }))!;
    assert.ok(u.value! + map.get(key('KZ', '2007/08', { area: 'R' }))!.value! < total);
    assert.match(u.note!, /evening/);
    assert.doesNotMatch(map.get(key('KZ', '2008/09', { area: 'U' }))!.note ?? '', /evening/);
  });

  test('working-age groups: the BOM CSV by a plain split, sex × age at 1 January 2020, totals equal the population table', () => {
    const text = readFileSync(join(SNAP, WORKING_AGE_FILE), 'utf8');
    assert.equal(text.charCodeAt(0), 0xfeff);
    const [head, ...lines] = text
      .slice(1)
      .trim()
      .split(/\r?\n/u)
      .map((l) => l.split(',').map((f) => f.replace(/^"|"$/gu, '')));
    const age: Record<string, [string, string]> = {
      'men_0-15': ['M', 'Y0T15'],
      'men_16-62': ['M', 'Y16T62'],
      'men_63+': ['M', 'Y_GE63'],
      'women_0-15': ['F', 'Y0T15'],
      'women_16-58': ['F', 'Y16T58'],
      'women_59+': ['F', 'Y_GE59'],
    };
    const map = index(workingAge);
    const popMap = index(population);
    assert.equal(lines.length, 18);
    for (const line of lines) {
      const place = PLACE[line[head!.indexOf('region')]!]!;
      const sums: Record<string, number> = { M: 0, F: 0 };
      for (const [col, [sex, band]] of Object.entries(age)) {
        const p = map.get(key(place, '2020-01-01', { sex, age: band }));
        assert.ok(p, `${place} ${col}`);
        assert.equal(p.value, Number(line[head!.indexOf(col)]));
        sums[sex]! += p.value!;
      }
      for (const sex of ['M', 'F'])
        assert.equal(
          sums[sex],
          popMap.get(key(place, '2020-01-01', { sex, area: '_T' }))!.value,
          `${place} ${sex}`,
        );
    }
    assert.equal(workingAge.length, 18 * 6);
  });
});

describe('the district bulletin of 1 January 2023 (sheet "02") matched to the district entities', () => {
  let points: Point[];
  let districts: DistrictRef[];
  let coverage: DistrictCoverage[];
  before(async () => {
    const { loadHandTables } = await import('../src/sources/hand-tables.js');
    const { verifySnapshots, loadPassports } = await import('../src/sources/snapshots.js');
    const { assembleGeo } = await import('../src/model/geo-assemble.js');
    const sourcesDir = new URL('../sources', import.meta.url).pathname;
    const tables = await loadHandTables(sourcesDir);
    const resolveFile = await verifySnapshots(SNAP, await loadPassports(sourcesDir));
    districts = (await assembleGeo(resolveFile, tables.regions, tables.districtCorrections))
      .districts;
    coverage = tables.districtCoverage;
    points = await readDistrictBulletin(
      join(SNAP, DISTRICT_BULLETIN_FILE),
      tables.regions,
      districts,
      coverage,
    );
  });

  test("every district row at its nine positions on sex × urban/rural; each region's districts add up to its row", async () => {
    const at = await sheetOf(DISTRICT_BULLETIN_FILE, '02');
    const dims = [
      ['_T', '_T'],
      ['M', '_T'],
      ['F', '_T'],
      ['_T', 'U'],
      ['M', 'U'],
      ['F', 'U'],
      ['_T', 'R'],
      ['M', 'R'],
      ['F', 'R'],
    ] as const;
    let regionTotal: number | null = null;
    let sum = 0;
    let rows = 0;
    const check = () => {
      if (regionTotal !== null)
        assert.equal(sum, regionTotal, `districts add up to the region (${regionTotal})`);
    };
    for (let r = 8; r <= 340; r++) {
      const label = String(at(r, 1) ?? '')
        .replace(/\s+/gu, ' ')
        .trim();
      if (label === '') {
        check();
        regionTotal = null;
        continue;
      }
      if (regionTotal === null) {
        regionTotal = at(r, 2) as number;
        sum = 0;
        continue;
      }
      sum += at(r, 2) as number;
      if (coverage.some((c) => c.bulletin_row === label)) {
        assert.ok(!points.some((p) => p.note?.startsWith(`the bulletin's row "${label}"`)), label);
        continue;
      }
      // the reader yields nine points per matched row, in row order
      const mine = points.slice(rows * 9, rows * 9 + 9);
      rows++;
      assert.ok(
        mine.every((p) => p.note!.startsWith(`the bulletin's row "${label}"`)),
        label,
      );
      dims.forEach(([sex, area], i) => {
        const p = mine.find((x) => x.dimensions!.sex === sex && x.dimensions!.area === area)!;
        const raw = at(r, i + 2);
        assert.equal(p.value, raw === '-' ? null : raw, `${label} ${sex} ${area}`);
        if (raw === '-') assert.match(p.null_reason!, /явление отсутствует/u);
      });
    }
    check();
    assert.equal(rows, 219);
    // the geokz districts formed after the bulletin follow its rows, each a null with its reason
    const absent = coverage.filter((c) => c.district_pcode !== undefined).length;
    assert.equal(
      new Set(points.map((p) => p.place)).size,
      rows + absent,
      'one district entity per row',
    );
    const semey = districts.find((d) => d.region_iso === 'KZ-10' && d.name.kk === 'Семей')!;
    assert.equal(
      points.find(
        (p) =>
          p.place === semey.id.replace('place:', '') &&
          p.dimensions!.sex === '_T' &&
          p.dimensions!.area === '_T',
      )!.value,
      328762,
    );
    assert.ok(
      points.every(
        (p) =>
          p.period === '2023-01-01' &&
          p.period_start === '2023-01-01' &&
          p.metric === 'population_by_district',
      ),
    );
  });

  test('a city administration and a district of the same name go to the city and to the district', () => {
    const kostanay = districts.filter((d) => d.region_iso === 'KZ-39' && d.name.kk === 'Қостанай');
    assert.equal(kostanay.length, 2);
    const values = kostanay.map((d) =>
      points.find(
        (p) =>
          p.place === d.id.replace('place:', '') &&
          p.dimensions!.sex === '_T' &&
          p.dimensions!.area === '_T',
      )!,
    );
    assert.deepEqual(values.map((p) => p.note).sort(), [
      'the bulletin\'s row "Қостанай ауданы"',
      'the bulletin\'s row "Қостанай қ.ә."',
    ]);
  });
});
