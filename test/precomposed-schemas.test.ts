// Answers composed from parts made ahead (src/serve/answers/precomposed.ts: the series over every place,
// from the tail stored deflated at build; the snapshot, deflated once) are bytes the route hands out
// whole, so the answer type derived from the route's response schema never sees them. Decoded, each
// must be valid against the response schema its route documents, asked through the production app
// on a store where the composed path is the one taken.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { after, before, test } from 'node:test';
import Ajv2020Module from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import { buildApp, type DalaApp } from '../src/serve/app.js';
import { addDays } from '../src/store/periods.js';
import type { PointRow } from '../src/store/rollup.js';
import { fixtureStore, sealFixture } from './support/fixture-release.js';

const Ajv2020 = Ajv2020Module as unknown as typeof Ajv2020Module.default;

// Daily points of two metrics over 400 days in three places, with gaps, nulls with a reason, a unit
// change and notes: every member a bucket can carry appears somewhere.
function points(): PointRow[] {
  const out: PointRow[] = [];
  for (const metric of ['d_last', 'd_sum']) {
    for (const place of ['KZ', 'KZ-19', 'KZ-35']) {
      for (let day = 0; day < 400; day += place === 'KZ' ? 1 : 3) {
        const period = addDays('2023-06-01', day);
        const value = day % 37 === 0 ? null : Math.round(Math.sin(day) * 1000) / 10;
        out.push({
          metric,
          place,
          period,
          period_start: period,
          period_end: period,
          value,
          null_reason: value === null ? 'not published' : null,
          status: day % 50 === 0 ? 'preliminary' : 'final',
          unit: day < 300 ? 'u1' : 'u2',
          source_id: 'src',
          note: day % 90 === 0 ? 'series break' : null,
        });
      }
    }
  }
  return out;
}

let app: DalaApp;
let releasesDir: string;
const schemaOf = new Map<string, ValidateFunction>();

before(async () => {
  const base = fixtureStore();
  const store = {
    ...base,
    layers: [
      ...base.layers,
      {
        id: 'daily',
        title_en: 'daily',
        title_ru: 'daily',
        title_kk: 'daily',
        description: 'composed-answer fixture',
      },
    ],
    metrics: [
      ...base.metrics,
      {
        id: 'd_last',
        layer: 'daily',
        name_en: 'd_last',
        name_ru: 'd_last',
        name_kk: 'd_last',
        unit: 'u1',
        frequency: 'daily',
        aggregation: 'last',
        source_id: 'src',
        notes: '',
      },
      {
        id: 'd_sum',
        layer: 'daily',
        name_en: 'd_sum',
        name_ru: 'd_sum',
        name_kk: 'd_sum',
        unit: 'u1',
        frequency: 'daily',
        aggregation: 'sum',
        source_id: 'src',
        notes: '',
      },
    ],
    points: [...base.points, ...points()],
  };
  const sealed = await sealFixture(undefined, { 'data/country-pulse.json': '{}' }, store);
  releasesDir = sealed.releasesDir;
  app = await buildApp({ releasesDir, pollMs: 60_000 });
  // the schemas exactly as the routes document them (the interface document's own source)
  const doc = structuredClone(app.swagger()) as { paths: Record<string, Record<string, any>> };
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  const ID = 'https://dala.invalid/routes.json';
  ajv.addSchema({ ...doc, $id: ID });
  for (const path of ['/api/timemachine/series', '/api/timemachine/snapshot']) {
    assert.ok(
      doc.paths[path]?.['get']?.responses['200'].content['application/json'].schema,
      `${path} documents its JSON answer`,
    );
    const pointer = [
      'paths',
      path,
      'get',
      'responses',
      '200',
      'content',
      'application/json',
      'schema',
    ]
      .map((s) => encodeURIComponent(s.replace(/~/g, '~0').replace(/\//g, '~1')))
      .join('/');
    schemaOf.set(path, ajv.getSchema(`${ID}#/${pointer}`)!);
  }
});
after(async () => {
  await app.close();
  await rm(releasesDir, { recursive: true, force: true });
});

/** The gzip answer, decoded, after checking it was composed: the plain path tags its gzip by the identity bytes' sha256. */
async function composed(url: string): Promise<unknown> {
  const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
  const plain = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
  assert.equal(gz.statusCode, 200, url);
  assert.equal(gz.headers['content-encoding'], 'gzip', url);
  assert.notEqual(
    gz.headers.etag,
    `"${createHash('sha256').update(plain.rawPayload).digest('hex')}-gzip"`,
    `${url} took the composed path`,
  );
  return JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'));
}

function assertValid(path: string, url: string, answer: unknown): void {
  const valid = schemaOf.get(path)!;
  assert.ok(valid(answer), `${url}: ${JSON.stringify(valid.errors?.slice(0, 3))}`);
}

test('a series over every place composed from its stored tail is valid against the series response schema', async () => {
  let checked = 0;
  for (const metric of ['d_last', 'd_sum', 'population']) {
    for (const granularity of ['month', 'quarter', 'year']) {
      // the granularities stored whole at build
      for (const range of ['', '&start_date=2000-01-01&end_date=2030-12-31']) {
        // ranges holding the whole series
        const url = `/api/timemachine/series?metric=${metric}&granularity=${granularity}${range}`;
        const answer = (await composed(url)) as { series: { points: unknown[] }[] };
        assertValid('/api/timemachine/series', url, answer);
        if (metric !== 'population')
          assert.ok(
            answer.series.some((s) => s.points.length > 0),
            `${url} has points`,
          );
        checked++;
      }
    }
  }
  assert.equal(checked, 18);
});

test('a composed snapshot is valid against the snapshot response schema, on every layer and on one', async () => {
  const counts: number[] = [];
  for (const query of [
    '',
    'date=2023-06-01',
    'date=2024-03-15',
    'date=2024-03-15&layers=daily',
    'date=1999-01-01',
  ]) {
    const url = `/api/timemachine/snapshot${query ? `?${query}` : ''}`;
    const answer = (await composed(url)) as { points: unknown[] };
    assertValid('/api/timemachine/snapshot', url, answer);
    counts.push(answer.points.length);
  }
  assert.ok(counts[2]! > 3, 'the snapshot holds points of the daily metrics');
});
