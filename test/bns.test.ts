// Readers of the Bureau of National Statistics snapshots, run on the real files in
// the snapshots' bns/ folder (passports in sources/passports.json). Counts below come from inspecting those files.
import { snapshotsDir } from '../src/lib/config.js';
import { test, describe, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Point } from '../src/model/types.js';
import {
  readGrpWorkbook,
  GRP_ROUBLE_UNIT,
  GRP_UNIT,
  type GrpResult,
} from '../src/sources/bns-grp.js';
import { readBnsCsv, KZ_ISO_CODES, NOT_PUBLISHED } from '../src/sources/bns-csv.js';
import { bnsCsvSpecOf } from './support/registry.js';

const POPULATION_SPEC = bnsCsvSpecOf('bns-population');
const EMPLOYED_SPEC = bnsCsvSpecOf('bns-employed');
const UNEMPLOYMENT_SPEC = bnsCsvSpecOf('bns-unemployment');
import { SOUTH_KAZAKHSTAN_LEGACY } from '../src/sources/bns-reforms.js';
import { normaliseHomoglyphs, normaliseLabel } from '../src/sources/homoglyphs.js';
import { tempDir } from './support/temp-dir.js';

const SNAP = snapshotsDir();
const BNS = join(SNAP, 'bns');
const GRP = join(BNS, 'gross-regional-product.xlsx');
const POP = join(BNS, 'population_avg_annual_by_region.csv');
const EMP = join(BNS, 'employed_by_region.csv');
const UNE = join(BNS, 'unemployment_rate_by_region.csv');

/** The caller's lookup, as the brief describes: crosswalk bns_grp_label_en + national + legacy. */
function crosswalkResolver(): (label: string) => string | null {
  const rows = parse(readFileSync(join(SNAP, 'reference/regions_crosswalk.csv'), 'utf8'), {
    columns: true,
  }) as Record<string, string>[];
  const map = new Map<string, string>(
    rows.map((r) => [r['bns_grp_label_en'] as string, r['iso_3166_2'] as string]),
  );
  map.set('Republic of Kazakhstan', 'KZ');
  map.set('Ontustik Kazakhstan', SOUTH_KAZAKHSTAN_LEGACY);
  return (label) => map.get(label) ?? null;
}

const isIso = (place: string): boolean => KZ_ISO_CODES.includes(place);
const byPeriod = (points: Point[]): Map<string, Point[]> => {
  const m = new Map<string, Point[]>();
  for (const p of points)
    m.set(`${p.metric} ${p.period}`, [...(m.get(`${p.metric} ${p.period}`) ?? []), p]);
  return m;
};
const find = (points: Point[], metric: string, place: string, period: string): Point => {
  const p = points.find((x) => x.metric === metric && x.place === place && x.period === period);
  assert.ok(p, `no point ${metric} ${place} ${period}`);
  return p;
};

describe('homoglyph normalisation', () => {
  test('replaces Cyrillic look-alikes inside Latin words and reports them', () => {
    const r = normaliseHomoglyphs('Soltustik \u041Aazakhstan');
    assert.equal(r.text, 'Soltustik Kazakhstan');
    assert.deepEqual(r.replaced, [{ index: 10, from: '\u041A', to: 'K' }]);
  });
  test('leaves wholly Cyrillic words alone', () => {
    assert.equal(normaliseLabel('Павлодар  облысы '), 'Павлодар облысы');
  });
  test('leaves a mixed word with a Cyrillic letter that has no Latin twin', () => {
    assert.equal(normaliseHomoglyphs('Qaz\u049Bstan').text, 'Qaz\u049Bstan');
  });
});

describe('GRP workbook reader', () => {
  let grp: GrpResult;
  before(async () => {
    grp = await readGrpWorkbook(GRP, crosswalkResolver());
  });

  test('reads every cell of the three sheets: 17 rows x 18 years, then 22 rows x 64 columns', () => {
    const early = grp.points.filter((p) => Number(p.period.slice(0, 4)) <= 2007);
    const annual = grp.points.filter((p) => p.metric === 'grp' && Number(p.period) >= 2008);
    const cumulative = grp.points.filter((p) => p.metric === 'grp_cumulative');
    assert.equal(early.length, 17 * 18);
    assert.equal(annual.length, 22 * 16);
    assert.equal(cumulative.length, 22 * 48);
    assert.equal(grp.points.length, 1714);
  });

  test('periods: annual is the calendar year, cumulative runs from 1 January', () => {
    assert.deepEqual(
      ['2019', '2019-Q1', '2019-H1', '2019-9M'].map((period) => {
        const p = find(grp.points, period === '2019' ? 'grp' : 'grp_cumulative', 'KZ', period);
        return [p.period_start, p.period_end];
      }),
      [
        ['2019-01-01', '2019-12-31'],
        ['2019-01-01', '2019-03-31'],
        ['2019-01-01', '2019-06-30'],
        ['2019-01-01', '2019-09-30'],
      ],
    );
  });

  test('1990-1992 carry the rouble unit and every later period tenge, never mixed within a period', () => {
    for (const [key, ps] of byPeriod(grp.points)) {
      const year = Number(key.split(' ')[1]?.slice(0, 4));
      const units = new Set(ps.map((p) => p.unit));
      assert.deepEqual([...units], [year <= 1992 ? GRP_ROUBLE_UNIT : GRP_UNIT], key);
    }
  });

  test('a label with Cyrillic look-alikes resolves and is reported', () => {
    const raw = '\u0410lmaty'; // Cyrillic capital A + Latin "lmaty", as in the workbook
    assert.ok(grp.normalisedLabels.some((l) => l.raw === raw && l.normalised === 'Almaty'));
    assert.equal(grp.normalisedLabels.length, 8);
    assert.equal(find(grp.points, 'grp', 'KZ-19', '1990').value, 3946.9);
  });

  test('an unresolved label fails naming file, sheet, row and label', async () => {
    const resolve = crosswalkResolver();
    await assert.rejects(
      readGrpWorkbook(GRP, (l) => (l === 'Pavlodar' ? null : resolve(l))),
      (e: Error) =>
        e.message.includes(GRP) &&
        e.message.includes('sheet " 1990-1997"') &&
        e.message.includes('row 16') &&
        e.message.includes('"Pavlodar"'),
    );
  });

  test('only the values of the annual 2023 column are preliminary, each with the footnote as its note', () => {
    const prelim = grp.points.filter((p) => p.status === 'preliminary');
    // 22 rows, but the abolished South Kazakhstan row is empty: a missing value has nothing to revise
    assert.equal(prelim.length, 21);
    assert.ok(prelim.every((p) => p.metric === 'grp' && p.period === '2023' && p.value !== null));
    assert.ok(
      prelim.every((p) => /preliminary \(source footnote/.test(p.note ?? '')),
      'every preliminary value says so in its note',
    );
    assert.deepEqual(grp.preliminaryColumns, ['grp 2023']);
  });

  test('1990-1992 values carry the million-rouble unit and a note on every point', () => {
    const early = grp.points.filter(
      (p) => ['1990', '1991', '1992'].includes(p.period) && p.value !== null,
    );
    assert.ok(early.length >= 15 * 3, `${early.length} valued points in 1990-1992`); // Astana is null there (part of Akmola)
    for (const p of early) {
      assert.equal(p.unit, 'mln RUB (Soviet/Russian rouble)', `${p.place} ${p.period}`);
      assert.match(p.note ?? '', /million roubles/);
    }
    assert.equal(find(grp.points, 'grp', 'KZ', '1993').unit, 'mln KZT');
  });

  test('the three split regions carry a break note on 2021 to 2022-Q1 (old borders) and on 2022-H1, their first value in the new borders', () => {
    for (const [place, child] of [
      ['KZ-63', 'KZ-10'],
      ['KZ-35', 'KZ-62'],
      ['KZ-19', 'KZ-33'],
    ] as const) {
      for (const period of ['2021-Q1', '2021-H1', '2021-9M', '2022-Q1']) {
        const p = find(grp.points, 'grp_cumulative', place, period);
        assert.ok(p.value !== null);
        assert.match(
          p.note ?? '',
          new RegExp(
            `series break: in the borders before the 2022-06-08 reform, still including ${child}`,
          ),
          `${place} ${period}`,
        );
      }
      // 2022-H1 is the first period in the new borders: the break is marked there, as in every family
      assert.match(
        find(grp.points, 'grp_cumulative', place, '2022-H1').note ?? '',
        new RegExp(
          `^series break: first value in the borders in force from 2022-06-08 \\(${child} split off\\)`,
        ),
      );
    }
  });

  test('regions of the 2022 reform are null with a reason before they existed, valued after', () => {
    for (const place of ['KZ-10', 'KZ-33', 'KZ-62']) {
      for (const period of ['2008', '2020', '2021-9M', '2022-Q1']) {
        const p = find(grp.points, period.length === 4 ? 'grp' : 'grp_cumulative', place, period);
        assert.equal(p.value, null);
        assert.equal(p.null_reason, 'region did not exist before 2022 reform');
      }
      assert.ok((find(grp.points, 'grp_cumulative', place, '2022-H1').value ?? 0) > 0);
      // The table back-casts the annual 2021 value; the point says so.
      assert.match(find(grp.points, 'grp', place, '2021').note ?? '', /recalculated by the Bureau/);
    }
  });

  test('Astana city 1990-1996 is null with the source footnote as reason', () => {
    const p = find(grp.points, 'grp', 'KZ-71', '1996');
    assert.equal(p.value, null);
    assert.match(p.null_reason ?? '', /part of the Akmola region/);
    assert.equal(find(grp.points, 'grp', 'KZ-71', '1997').value, 25719.2);
  });

  test('no value 0, and null exactly when a reason is given', () => {
    for (const p of grp.points) {
      assert.notEqual(p.value, 0);
      assert.equal(p.value === null, p.null_reason !== null, `${p.place} ${p.period}`);
    }
  });

  test('from H1 2018 the 20 regions sum to the national total (rounding of 0.1 per row)', () => {
    let checked = 0;
    for (const [key, ps] of byPeriod(grp.points)) {
      if ((ps[0]?.period_end ?? '') < '2018-06-30') continue;
      const nat = ps.find((p) => p.place === 'KZ')?.value ?? NaN;
      const regions = ps.filter((p) => isIso(p.place));
      assert.equal(regions.length, 20, key);
      const sum = regions.reduce((s, p) => s + (p.value ?? 0), 0);
      assert.ok(Math.abs(sum - nat) <= 0.05 * regions.length, `${key}: ${sum} vs ${nat}`);
      assert.equal(find(ps, ps[0]!.metric, SOUTH_KAZAKHSTAN_LEGACY, ps[0]!.period).value, null);
      checked++;
    }
    assert.equal(checked, 6 + 6 * 3 - 1); // annual 2018-2023, cumulative H1 2018 .. 9M 2023
  });

  test('2011-2017 annual: Turkistan + Shymkent equal old South Kazakhstan, so regions + legacy would double count', () => {
    for (let year = 2011; year <= 2017; year++) {
      const ps = grp.points.filter((p) => p.metric === 'grp' && p.period === String(year));
      const nat = find(ps, 'grp', 'KZ', String(year)).value ?? NaN;
      const legacy = find(ps, 'grp', SOUTH_KAZAKHSTAN_LEGACY, String(year)).value ?? NaN;
      const split =
        (find(ps, 'grp', 'KZ-61', String(year)).value ?? NaN) +
        (find(ps, 'grp', 'KZ-79', String(year)).value ?? NaN);
      const regions = ps.filter((p) => isIso(p.place)).reduce((s, p) => s + (p.value ?? 0), 0);
      assert.ok(Math.abs(split - legacy) <= 0.1, `${year}: ${split} vs ${legacy}`);
      assert.ok(Math.abs(regions - nat) <= 1, `${year}: regions ${regions} vs national ${nat}`);
      assert.ok(
        regions + legacy - nat > 1_000_000,
        `${year}: adding the legacy row must be visibly wrong`,
      );
    }
  });

  test('before that (1990-2010, and cumulative to Q1 2018) regions + old South Kazakhstan make the total', () => {
    for (const [key, ps] of byPeriod(grp.points)) {
      const hasSplit = ps.some(
        (p) => (p.place === 'KZ-61' || p.place === 'KZ-79') && p.value !== null,
      );
      if (hasSplit) continue;
      const nat = ps.find((p) => p.place === 'KZ')?.value ?? NaN;
      const sum = ps.filter((p) => p.place !== 'KZ').reduce((s, p) => s + (p.value ?? 0), 0);
      assert.ok(Math.abs(sum - nat) <= 0.05 * ps.length, `${key}: ${sum} vs ${nat}`);
    }
  });

  test('same bytes in, same points out', async () => {
    const again = await readGrpWorkbook(GRP, crosswalkResolver());
    assert.equal(JSON.stringify(again), JSON.stringify(grp));
  });
});

describe('Bureau CSV reader', () => {
  let pop: Point[];
  let emp: Point[];
  let une: Point[];
  before(async () => {
    [pop, emp, une] = await Promise.all([
      readBnsCsv(POP, POPULATION_SPEC),
      readBnsCsv(EMP, EMPLOYED_SPEC),
      readBnsCsv(UNE, UNEMPLOYMENT_SPEC),
    ]);
  });

  test('row counts: population 21 places x 17 years; labour tables rows + their 2015 gaps', () => {
    assert.equal(pop.length, 21 * 17);
    assert.equal(emp.filter((p) => p.value !== null).length, 435);
    assert.equal(une.filter((p) => p.value !== null).length, 431);
    assert.equal(pop[0]?.metric, 'population');
    assert.equal(une[0]?.unit, 'percent');
    assert.equal(emp[0]?.source_id, 'bns-employed');
  });

  test('the national row (national,KZ,000000000) becomes place KZ in every file and year', () => {
    assert.equal(pop.filter((p) => p.place === 'KZ').length, 17);
    assert.equal(emp.filter((p) => p.place === 'KZ').length, 25); // 2001-2025 incl. the 2015 null
    assert.equal(une.filter((p) => p.place === 'KZ').length, 25);
  });

  test('the 20 regions sum to the national population exactly in every year 2009-2025', () => {
    for (let year = 2009; year <= 2025; year++) {
      const ps = pop.filter((p) => p.period === String(year));
      const regions = ps.filter((p) => isIso(p.place));
      assert.equal(regions.length, 20);
      // Values are whole or half persons: add them as integers of half persons, no float error.
      const halves = regions.reduce((s, p) => s + Math.round((p.value ?? NaN) * 2), 0);
      assert.equal(
        halves,
        Math.round((find(ps, 'population', 'KZ', String(year)).value ?? NaN) * 2),
        String(year),
      );
    }
  });

  test('2015, absent for every place, is null "not published" where the place has 2014 and 2016', () => {
    for (const points of [emp, une]) {
      const nulls = points.filter((p) => p.period === '2015');
      assert.ok(nulls.length > 0);
      assert.ok(nulls.every((p) => p.value === null && p.null_reason === NOT_PUBLISHED));
      assert.ok(!nulls.some((p) => p.place === 'KZ-10'), 'Abai starts in 2022: no invented 2015');
    }
    assert.equal(emp.filter((p) => p.period === '2015').length, 18);
    assert.equal(pop.filter((p) => p.value === null).length, 0);
  });

  test('no value 0 stands for missing; null always has a reason', () => {
    for (const p of [...pop, ...emp, ...une]) {
      assert.notEqual(p.value, 0);
      assert.equal(p.value === null, p.null_reason !== null);
    }
  });

  test('the README suspicious values are flagged with a note', () => {
    const nat = find(une, 'unemployment_rate', 'KZ', '2019');
    assert.equal(nat.value, 3.6);
    assert.equal(nat.status, 'suspicious');
    assert.match(nat.note ?? '', /4\.8/);
    assert.equal(find(une, 'unemployment_rate', 'KZ-63', '2023').status, 'suspicious');
    assert.equal(une.filter((p) => p.status === 'suspicious').length, 2);
  });

  test('long computed 2007/2008 rates are rounded to one decimal and noted', () => {
    const p = find(une, 'unemployment_rate', 'KZ', '2007');
    assert.equal(p.value, 7.3);
    assert.match(p.note ?? '', /rounded from 7\.257656208033504/);
    assert.ok(
      une.every((x) => x.value === null || Number.isInteger((Math.round(x.value * 10) / 10) * 10)),
    );
    assert.equal(une.filter((x) => x.note?.includes('rounded from')).length, 10);
  });

  test('old South Kazakhstan (YKO, no KATO) is the legacy place, never an ISO region', () => {
    const legacy = emp.filter((p) => p.place === SOUTH_KAZAKHSTAN_LEGACY);
    assert.equal(legacy.length, 9); // 2001-2009
    assert.ok(legacy.every((p) => /never add/.test(p.note ?? '')));
  });

  test('an altered row fails with file, row and field in the message', async () => {
    const dir = tempDir('bns-');
    const lines = readFileSync(UNE, 'utf8').split('\n');
    const cases: [string, (cols: string[]) => void, string][] = [
      ['value', (c) => (c[5] = '4.8x'), 'field value'],
      ['unit', (c) => (c[6] = 'per mille'), 'field unit'],
      ['year', (c) => (c[1] = '20x9'), 'field year'],
      ['iso', (c) => (c[3] = 'KZ-99'), 'field iso_3166_2'],
      ['zero', (c) => (c[5] = '0'), 'field value'],
    ];
    for (const [name, alter, field] of cases) {
      const copy = [...lines];
      const line = copy[4] as string;
      const eol = line.endsWith('\r') ? '\r' : '';
      const cols = line.slice(0, line.length - eol.length).split(',');
      alter(cols);
      copy[4] = cols.join(',') + eol;
      const path = join(dir, `${name}.csv`);
      writeFileSync(path, copy.join('\n'));
      await assert.rejects(readBnsCsv(path, UNEMPLOYMENT_SPEC), (e: Error) => {
        assert.ok(
          e.message.includes(path) && e.message.includes('row 5') && e.message.includes(field),
          e.message,
        );
        return true;
      });
    }
    rmSync(dir, { recursive: true, force: true });
  });

  test('a copy saved with LF line endings reads the same points as the CRLF snapshot', async () => {
    const dir = tempDir('bns-');
    const path = join(dir, 'employed_by_region.csv');
    writeFileSync(path, readFileSync(EMP, 'utf8').replace(/\r\n/g, '\n'));
    assert.deepEqual(await readBnsCsv(path, EMPLOYED_SPEC), emp);
    rmSync(dir, { recursive: true, force: true });
  });

  test('a stale suspicious-value annotation fails instead of flagging another number', async () => {
    const spec = {
      ...UNEMPLOYMENT_SPEC,
      annotations: [{ place: 'KZ', year: 2019, expect: 4.8, note: 'x' }],
    };
    await assert.rejects(readBnsCsv(UNE, spec), /annotated as 4\.8 but the file has 3\.6/);
  });
});
