// What the real release says about its own values is what was done: border breaks on every
// indicator of a changed place, suspicious cells flagged, values published as the table displays
// them, places without an observation that invent no
// period, freshness of every part of a dataset, named counts, and no internal references.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { parse } from 'csv-parse/sync';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { buildApp, type DalaApp } from '../src/serve/app.js';
import { PROJECT_ROOT } from '../src/lib/config.js';
import { pdfsToText } from './support/pdftotext.js';
import { realRelease } from './support/release.js';

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
  let app: DalaApp;
  let base: string;
  let releaseDir: string;
  const json = async (path: string) => {
    const res = await fetch(`${base}${path}`);
    assert.equal(res.status, 200, path);
    return res.json() as Promise<any>;
  };
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
  before(async () => {
    const { releasesDir, revision } = await realRelease();
    releaseDir = join(releasesDir, revision);
    app = await buildApp({ releasesDir, logger: false });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(() => app.close());

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
      await (await fetch(`${base}/data/official-regional-indicators.csv`)).text(),
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

  test('a dataset of several indicators is as fresh as its least fresh one (here the oldest), and says when it was evaluated', async () => {
    const catalog = await json('/data/dataset-catalog.json');
    const official = catalog.datasets.find(
      (d: any) => d.id === 'dataset:official-regional-indicators',
    );
    const f = official.freshness;
    assert.ok(f.parts.length >= 15, 'one part per indicator');
    const oldest = f.parts
      .map((p: any) => p.as_of)
      .filter(Boolean)
      .sort()[0];
    assert.equal(f.as_of, oldest);
    assert.ok(f.as_of < '2023-01-01', `${f.as_of}: most of its indicators end in 2022 or earlier`);
    assert.notEqual(f.status, 'fresh');
    assert.ok(
      f.parts.some((p: any) => p.indicator === 'population' && p.status === 'fresh'),
      'population itself is fresh',
    );
    assert.equal(f.evaluated_when, 'build');
    assert.equal(f.evaluated_at, new Date(catalog.built_at).toISOString());
    assert.ok(f.reason.some((r: string) => /evaluated when the release was built/.test(r)));
    const v1 = await json('/api/v1/datasets/dataset:official-regional-indicators');
    const live = (v1.data ?? v1).freshness;
    assert.equal(live.evaluated_when, 'request');
    assert.equal(live.as_of, f.as_of);
    assert.equal(live.parts.length, f.parts.length);
  });

  test('each indicator of a dataset is judged against the SLA of its own cadence: the daily USD/KZT rate is due within days, not 400', async () => {
    const rates = (await json('/data/dataset-catalog.json')).datasets.find(
      (d: any) => d.id === 'dataset:rates-and-prices',
    ).freshness;
    const part = (id: string) => rates.parts.find((p: any) => p.indicator === id);
    assert.equal(part('usd_kzt_rate').sla_days, 5);
    assert.equal(part('cpi_prev_month').sla_days, 45);
    const usd = part('usd_kzt_rate');
    assert.ok(usd.age_days > 2 * 5, `the last fixing is ${usd.age_days} days old`);
    assert.equal(usd.status, 'stale');
    assert.equal(rates.status, 'stale', 'the dataset is as fresh as its least fresh part');
    assert.ok(rates.reason.some((r: string) => r.includes('least fresh part, usd_kzt_rate')));
    const population = (await json('/data/dataset-catalog.json')).datasets.find(
      (d: any) => d.id === 'dataset:population',
    ).freshness;
    assert.equal(population.sla_days, 400, 'an annual table keeps its year and a month');
    const live = (await json('/api/v1/datasets/dataset:rates-and-prices')).data.freshness;
    assert.equal(live.status, 'stale');
    assert.equal(live.parts.find((p: any) => p.indicator === 'usd_kzt_rate').sla_days, 5);
  });

  test("the time machine's health reports the build's freshness summary: its counts and their worst status", async () => {
    const report = await json('/data/quality-report.json');
    const health = await json('/api/timemachine/health');
    const counts = {
      fresh: report.summary.fresh ?? 0,
      degraded: report.summary.degraded ?? 0,
      stale: report.summary.stale ?? 0,
      unknown: report.summary.unknown ?? 0,
    };
    assert.deepEqual(health.freshness.counts, counts);
    assert.equal(
      Object.values(counts).reduce((a: number, b: number) => a + b, 0),
      report.datasets.length,
      'one count per dataset',
    );
    assert.equal(
      health.freshness.status,
      counts.stale > 0
        ? 'stale'
        : counts.degraded > 0
          ? 'degraded'
          : counts.fresh > 0
            ? 'fresh'
            : 'unknown',
    );
  });

  test('a dataset file of a dimensioned indicator holds every breakdown, with a column per dimension, as the API serves them', async () => {
    const file = await json('/data/datasets/population-sex-area.json');
    const keys = new Set(file.points.map((p: any) => p.metric));
    for (const k of [
      'population_start_of_year',
      'population_start_of_year;sex=F',
      'population_start_of_year;sex=M;area=R',
    ])
      assert.ok(keys.has(k), k);
    const women = file.points.find(
      (p: any) =>
        p.metric === 'population_start_of_year;sex=F' &&
        p.place === 'KZ' &&
        p.period === '2023-01-01',
    );
    assert.equal(women.sex, 'F');
    assert.equal(women.area, '_T');
    const api = await json(
      '/api/v1/observations?indicator=population_start_of_year&place=KZ&sex=F&period=2023-01-01',
    );
    assert.equal(api.data.length, 1);
    assert.equal(api.data[0].value, women.value);
    const csv = (await (await fetch(`${base}/data/datasets/population-sex-area.csv`)).text())
      .trim()
      .split('\r\n');
    assert.deepEqual(csv[0]!.split(',').slice(0, 4), ['metric', 'sex', 'area', 'place']);
    assert.equal(csv.length - 1, file.points.length);
    // a family without dimensions keeps its columns
    const plain = (await (await fetch(`${base}/data/datasets/doctors.csv`)).text()).split(
      '\r\n',
    )[0]!;
    assert.deepEqual(plain.split(',').slice(0, 2), ['metric', 'place']);
  });

  test('each count of points names what it counts, and the store holds their sum', async () => {
    const counts = JSON.parse(readFileSync(join(releaseDir, 'evidence/counts.json'), 'utf8'));
    const workbench = await json('/data/workbench.json');
    assert.equal(counts.points, undefined, 'no bare "points"');
    assert.equal(workbench.counters.points, undefined, 'no bare "points"');
    for (const c of [counts, workbench.counters]) {
      assert.equal(
        c.store_point_rows,
        c.statistical_points + c.event_count_points + c.media_sample_points,
      );
    }
    assert.match(counts.point_counts_note, /statistical_points: /);
    assert.match(workbench.counters_note, /store_point_rows: /);
    const observations = await json('/api/v1/observations?limit=1');
    assert.equal(
      observations.meta?.total ?? observations.total ?? counts.statistical_points,
      counts.statistical_points,
    );
    const rows = spawnSync('sqlite3', [
      join(releaseDir, 'store.sqlite'),
      'select count(*) from points',
    ]);
    if (rows.status === 0)
      assert.equal(Number(rows.stdout.toString().trim()), counts.store_point_rows);
  });

  test("the README's SDMX claims are what the service answers: a school year's TIME_PERIOD and the largest dataflow", async () => {
    const readme = readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8').replace(/\s+/g, ' ');
    const csv = async (path: string) => {
      const res = await fetch(`${base}${path}`, {
        headers: { accept: 'application/vnd.sdmx.data+csv;version=1.0.0' },
      });
      assert.equal(res.status, 200, path);
      return parse(await res.text(), { columns: true }) as Record<string, string>[];
    };
    const school = (await csv('/sdmx/2.1/data/general_education_schools/A.KZ._T')).find(
      (r) => r['PERIOD_LABEL'] === '2022/23',
    )!;
    assert.equal(school['TIME_PERIOD'], '2022-09-01/P1Y', 'a school year runs to 31 August');
    assert.match(readme, /a school year (\([^)]*\) )?`2022-09-01\/P1Y`/);

    const flows = [
      ...(await (await fetch(`${base}/sdmx/2.1/dataflow/DALA`)).text()).matchAll(
        /<str:Dataflow [^>]*id="([^"]+)"/g,
      ),
    ].map((m) => m[1]!);
    assert.ok(flows.length >= 20, `${flows.length} dataflows`);
    let largest = { id: '', count: 0 };
    for (const id of flows) {
      const count = (await csv(`/sdmx/2.1/data/${id}`)).length;
      if (count > largest.count) largest = { id, count };
    }
    const claim = /the largest dataflow of the release, `([a-z_]+)`, has ([\d,]+)\)/.exec(readme);
    assert.ok(claim, 'the README names the largest dataflow');
    assert.deepEqual({ id: claim[1], count: Number(claim[2]!.replace(/,/g, '')) }, largest);
    const cap = /up to ([\d,]+) observations/.exec(readme);
    assert.ok(
      cap && Number(cap[1]!.replace(/,/g, '')) >= largest.count,
      'every whole dataflow answers',
    );
  });

  test('the release is dated no earlier than the day its newest input was retrieved', async () => {
    const prov = await json('/data/datasets/provenance.json');
    const builtDay = String(prov.built_at).slice(0, 10);
    assert.ok(prov.snapshots.length > 20, `${prov.snapshots.length} snapshots`);
    for (const s of prov.snapshots)
      assert.ok(s.retrieved <= builtDay, `${s.path} retrieved ${s.retrieved}, built ${builtDay}`);
    const newest = prov.snapshots
      .map((s: any) => s.retrieved)
      .sort()
      .at(-1);
    assert.equal(builtDay, newest, 'without SOURCE_DATE_EPOCH the build takes that day');
  });

  test('no released byte refers to internal documents', async () => {
    const seal = JSON.parse(readFileSync(join(releaseDir, 'release.json'), 'utf8'));
    const internal =
      /\bSPEC\s*\d|\(SPEC\b|DESIGN\.md|snapshots\/README\.md|HELPERS\.md|\bissue \d+/;
    const files = seal.files as { path: string }[];
    // every PDF's text in one pdftotext pass
    const pdfPaths = files.map((f) => f.path).filter((p) => p.endsWith('.pdf'));
    const pdfTexts = new Map(
      (await pdfsToText(pdfPaths.map((p) => readFileSync(join(releaseDir, p))))).map((text, i) => [
        pdfPaths[i]!,
        text,
      ]),
    );
    let scanned = 0;
    for (const file of files) {
      let text: string;
      if (file.path.endsWith('.pdf')) {
        text = pdfTexts.get(file.path)!;
      } else if (file.path.startsWith('data/')) {
        const res = await fetch(`${base}/${file.path}`);
        assert.equal(res.status, 200, file.path);
        text = Buffer.from(await res.arrayBuffer()).toString('latin1');
      } else {
        // the store, as sealed: its text columns hold names, notes and passports
        text = readFileSync(join(releaseDir, file.path)).toString('utf8');
      }
      const hit = internal.exec(text);
      assert.equal(
        hit,
        null,
        `${file.path}: "${hit && text.slice(Math.max(0, hit.index - 60), hit.index + 40)}"`,
      );
      scanned++;
    }
    assert.ok(scanned > 400, `${scanned} files`);
  });
});
