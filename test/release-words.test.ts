// What the real release says about its own values is what was done: border breaks on every
// indicator of a changed place, suspicious cells flagged, values published as the table displays
// them, and places without an observation that invent no period. Freshness, counts, claims and
// internal references: release-claims.test.ts.
import assert from 'node:assert/strict';
import { parse } from 'csv-parse/sync';
import { describe, test } from 'node:test';
import { servedRealRelease } from './support/real-app.js';

interface SeriesPoint {
  metric: string;
  place: string;
  period: string;
  period_end: string;
  value: number | null;
  status: string;
  note: string | null;
}

/** The places whose borders changed on each reform date, as the release's own notes describe them. */
const CHANGED_2022 = ['KZ-19', 'KZ-35', 'KZ-63'];
const NEW_2022: Record<string, string> = { 'KZ-19': 'KZ-33', 'KZ-35': 'KZ-62', 'KZ-63': 'KZ-10' };

describe('the real release describes its values truly', () => {
  const served = servedRealRelease();
  const json = served.json;
  let everyPoint: Promise<SeriesPoint[]> | undefined;
  /**
   * Every point of every series dataset the catalog lists (new families included), read once. One
   * file at a time: the server shares this process, and answers fetched all at once wait unread while
   * the largest is parsed, until the server's write timeout drops them, as it drops any client that
   * stops reading.
   */
  const allSeries = (): Promise<SeriesPoint[]> =>
    (everyPoint ??= (async () => {
      const catalog = await json('/data/dataset-catalog.json');
      const urls: string[] = catalog.datasets
        .map((d: any) => d.distributions[0].url)
        .filter((u: string) => u.startsWith('/data/datasets/'));
      const points: SeriesPoint[] = [];
      for (const u of urls) points.push(...((await json(u)).points as SeriesPoint[]));
      return points;
    })());

  test('every indicator of a place whose borders changed in 2022 carries the break on its first value in the new borders, rates included', async () => {
    const points = (await allSeries()).filter((p) => p.value !== null);
    // indexed once: scanning every point for each of some 500 metrics holds the event loop (and the
    // server sharing it) for tens of seconds
    const byKey = new Map<string, SeriesPoint[]>();
    for (const p of points) {
      const key = `${p.metric} ${p.place}`;
      if (!byKey.has(key)) byKey.set(key, []);
      byKey.get(key)!.push(p);
    }
    const metrics = new Set(points.map((p) => p.metric));
    let checked = 0;
    for (const metric of metrics) {
      for (const place of CHANGED_2022) {
        const series = [...(byKey.get(`${metric} ${place}`) ?? [])].sort((a, b) =>
          a.period_end < b.period_end ? -1 : 1,
        );
        const first = series.find((p) => p.period_end >= '2022-06-08');
        const last = series.filter((p) => p.period_end < '2022-06-08').pop();
        if (first === undefined || last === undefined) continue;
        // back-cast: the new place is published beside the parent's last earlier value, so both are in the new borders
        if ((byKey.get(`${metric} ${NEW_2022[place]}`) ?? []).some((p) => p.period === last.period))
          continue;
        checked++;
        assert.match(
          first.note ?? '',
          /series break: first value in the borders in force from 2022-06-08/,
          `${metric} ${place} ${first.period}`,
        );
      }
    }
    assert.ok(checked >= 30, `${checked} series checked`);
    const unemployment = points.find(
      (p) => p.metric === 'unemployment_rate' && p.place === 'KZ-35' && p.period === '2022',
    )!;
    assert.match(unemployment.note ?? '', /series break/);
    const quality = await json('/data/quality-report.json');
    const check = quality.checks.find((c: any) => c.id === 'border-changes-marked');
    assert.equal(check.passed, true, check.detail);
    assert.ok(
      Number(/^(\d+) /.exec(check.detail)?.[1]) >= checked,
      `the quality check covers every family: ${check.detail}`,
    );
  });

  test('hospitals 2020 and 2021, identical in every region and nationally, are flagged suspicious with a note', async () => {
    const hospitals = (await allSeries()).filter(
      (p) =>
        p.metric === 'hospital_organisations' &&
        (p.period === '2020' || p.period === '2021') &&
        p.value !== null,
    );
    assert.ok(hospitals.length >= 30, `${hospitals.length} values`);
    for (const p of hospitals) {
      assert.equal(p.status, 'suspicious', `${p.place} ${p.period}`);
      assert.match(p.note ?? '', /2020 and 2021 are identical in every region and nationally/);
    }
    const quality = await json('/data/quality-report.json');
    assert.ok(
      quality.known_issues.some((i: string) =>
        i.startsWith('hospital_organisations KZ 2021: suspicious'),
      ),
      'listed among the known issues',
    );
  });

  test('Karaganda men 2022: total, urban and rural all 67.6 in the source sheet, published flagged', async () => {
    const cells = (await allSeries()).filter(
      (p) =>
        /^life_expectancy/.test(p.metric) &&
        p.place === 'KZ-35' &&
        p.period === '2022' &&
        p.value === 67.6,
    );
    assert.equal(cells.length, 3, 'the sheet gives 67.6 three times');
    for (const p of cells) {
      assert.equal(p.status, 'suspicious', p.metric);
      assert.match(p.note ?? '', /gives 67\.6 in each of its 3 blocks/);
    }
  });

  test('a cell holding more decimals than its table displays is published as displayed, as the catalog promises', async () => {
    const emissions = (await allSeries()).find(
      (p) => p.metric === 'air_emissions_stationary' && p.place === 'KZ' && p.period === '2021',
    )!;
    assert.equal(emissions.value, 2407.5);
    assert.match(
      emissions.note ?? '',
      /the cell holds 2407\.455791\d*; the table displays it to 1 decimal/,
    );
    const catalog = await json('/data/dataset-catalog.json');
    const environment = catalog.datasets.find((d: any) => d.id === 'dataset:environment');
    assert.match(
      environment.publication_limits,
      /Every number is published as its table displays it: a spreadsheet cell to the decimals of its number format/,
    );
  });

  test('a place with no observation of an indicator says so with a reason and invents no period, in the JSON and the CSV', async () => {
    const file = await json('/data/official-regional-indicators.json');
    let absent = 0;
    for (const region of file.regions) {
      for (const family of Object.values(region)) {
        if (family === null || typeof family !== 'object') continue;
        for (const f of [family, ...Object.values(family as object)] as any[]) {
          if (f === null || typeof f !== 'object' || !('null_reason' in f) || f.period !== null)
            continue;
          absent++;
          assert.equal(f.value, null);
          assert.match(f.null_reason, /no observation/);
          assert.ok(f.unit && f.source?.id, `${region.iso}: unit and source`);
          assert.deepEqual(
            [f.period_start, f.period_end, f.status],
            [null, null, null],
            `${region.iso}: no invented period or status`,
          );
        }
      }
    }
    assert.ok(absent >= 9, `${absent} absent figures`);
    assert.doesNotMatch(JSON.stringify(file), /"period":"none"/);
    const rows = parse(
      await (await fetch(`${served.base()}/data/official-regional-indicators.csv`)).text(),
      { columns: true },
    ) as Record<string, string>[];
    assert.ok(rows.length >= 300);
    for (const row of rows) {
      if (row['value'] !== '') continue;
      const line = `${row['iso']} ${row['indicator']}`;
      assert.ok(
        row['null_reason'] && row['unit'] && row['source_id'],
        `${line}: an empty value says why, in what unit, from which source`,
      );
      if (/no observation/.test(row['null_reason']!))
        assert.deepEqual(
          [row['period'], row['period_start'], row['period_end']],
          ['', '', ''],
          line,
        );
    }
  });
});
