// What the real release says of itself is what was done: the freshness of every part of a dataset
// against its own cadence, every breakdown in a dataset file, named counts, the README's SDMX claims,
// a release dated no earlier than its newest input (release-bytes holds that no released byte names an
// internal document).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { parse } from 'csv-parse/sync';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { PROJECT_ROOT } from '../src/lib/config.js';
import { servedRealRelease } from './support/real-app.js';

describe('the real release says truly how fresh it is, what it counts and what it claims', () => {
  const served = servedRealRelease();
  const json = served.json;

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
    const csv = (
      await (await fetch(`${served.base()}/data/datasets/population-sex-area.csv`)).text()
    )
      .trim()
      .split('\r\n');
    assert.deepEqual(csv[0]!.split(',').slice(0, 4), ['metric', 'sex', 'area', 'place']);
    assert.equal(csv.length - 1, file.points.length);
    // a family without dimensions keeps its columns
    const plain = (await (await fetch(`${served.base()}/data/datasets/doctors.csv`)).text()).split(
      '\r\n',
    )[0]!;
    assert.deepEqual(plain.split(',').slice(0, 2), ['metric', 'place']);
  });

  test('each count of points names what it counts, and the store holds their sum', async () => {
    const counts = JSON.parse(
      readFileSync(join(served.releaseDir(), 'evidence/counts.json'), 'utf8'),
    );
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
      join(served.releaseDir(), 'store.sqlite'),
      'select count(*) from points',
    ]);
    if (rows.status === 0)
      assert.equal(Number(rows.stdout.toString().trim()), counts.store_point_rows);
  });

  test("the README's SDMX claims are what the service answers: a school year's TIME_PERIOD and the largest dataflow", async () => {
    const readme = readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8').replace(/\s+/g, ' ');
    const csv = async (path: string) => {
      const res = await fetch(`${served.base()}${path}`, {
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
      ...(await (await fetch(`${served.base()}/sdmx/2.1/dataflow/DALA`)).text()).matchAll(
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
});
