// The fixed request mix of the soak test (test/soak.test.ts): the three route families, each request
// with the statuses it may get. Every name, id, date and file here comes from the sealed release being
// served (its release.json, its layers, the links of its own answers), so the mix follows the data.
// Deliberate client errors (404 and 400) are part of the mix and expected as such; any other 4xx or
// 5xx is a failure.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Agent } from 'node:http';
import type { ReleaseSeal } from '../../src/release/layout.js';
import { send } from './http-client.js';

export type Family = 'data' | 'timemachine' | 'v1';

export interface MixEntry {
  family: Family;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>; // Accept-Encoding, Content-Type, Accept
  body?: string;
  /** Statuses this request may get (2xx, 3xx, or the deliberate 4xx it provokes). */
  expect: number[];
  /** A live status (v1 health lists each serving process's uptime and requests): its bytes change between answers. */
  live?: true;
}

const ENCODINGS = ['identity', 'gzip', 'br'];
const DATA_FILES = 30; // spread over the sealed list, each in every coding
const SERIES_METRICS = 600;
const SNAPSHOT_DATES = [
  '1995-12-31',
  '2000-06-30',
  '2005-12-31',
  '2010-01-01',
  '2015-12-31',
  '2018-06-19',
  '2019-12-31',
  '2020-03-31',
  '2021-12-31',
  '2022-06-08',
  '2023-12-31',
  '2024-12-31',
];
// Search and resolve terms: place names as users type them, in three scripts, plus a typo.
const TERMS = [
  'Almaty',
  'Karaganda',
  'Астана',
  'Шымкент',
  'Қарағанды',
  'akmola',
  'Karagnda',
  'Turkistan',
  'hospital',
  'population',
];
const V1_LISTS = [
  '/api/v1/places?limit=20',
  '/api/v1/indicators?limit=5',
  '/api/v1/observations?indicator=population&limit=50',
  '/api/v1/observations?place=KZ-75&limit=100',
  '/api/v1/entities?limit=50',
  '/api/v1/datasets?limit=10',
  '/api/v1/sources?limit=20',
  '/api/v1/relations?limit=50',
  '/api/v1/claims?limit=50',
  '/api/v1/evidence?limit=50',
];
const MAX_PAGES = 6; // cursor pages followed per list

const json = { 'content-type': 'application/json' };
const get = (family: Family, path: string, expect = [200], encoding = 'br, gzip'): MixEntry => ({
  family,
  method: 'GET',
  path,
  headers: { 'accept-encoding': encoding },
  expect,
});

/** Data files: an even spread of the sealed list, in each coding; and a path that does not exist. */
async function dataEntries(releasesDir: string, revision: string): Promise<MixEntry[]> {
  const seal = JSON.parse(
    await readFile(join(releasesDir, revision, 'release.json'), 'utf8'),
  ) as ReleaseSeal & { variants: { of: string }[] };
  const files = seal.files
    .filter((f) => f.path.startsWith('data/'))
    .map((f) => f.path)
    .sort();
  const stride = Math.max(1, Math.floor(files.length / DATA_FILES));
  const chosen = new Set(files.filter((_, i) => i % stride === 0).slice(0, DATA_FILES));
  chosen.add('data/release-manifest.json');
  const out: MixEntry[] = [];
  for (const path of chosen)
    for (const coding of ENCODINGS) out.push(get('data', `/${path}`, [200], coding));
  out.push(get('data', '/data/no-such-file.json', [404]));
  return out;
}

/** Time-slice routes: snapshots at dates across the range, every metric's series, the fixed routes. */
async function timemachineEntries(base: string, agent: Agent): Promise<MixEntry[]> {
  const layers = (await discover(base, '/api/timemachine/layers', agent)) as {
    layers: { id: string; metrics: { id: string; frequency: string }[] }[];
  };
  // The series of an even spread of the metrics, at most SERIES_METRICS: every answer of the mix must
  // fit the answer cache's 64 MiB (src/serve/answers/cache.ts), or the steady state re-makes evicted
  // answers and the soak measures the cache's turnover, not a leak. At 2,022 series the mix's answers
  // passed the budget; every series is asked in other tests.
  const every = layers.layers.flatMap((l) => l.metrics);
  const stride = Math.max(1, Math.ceil(every.length / SERIES_METRICS));
  const metrics = every.filter((_, i) => i % stride === 0);
  const out: MixEntry[] = [];
  for (const date of SNAPSHOT_DATES)
    out.push(get('timemachine', `/api/timemachine/snapshot?date=${date}`));
  for (const l of layers.layers)
    out.push(
      get('timemachine', `/api/timemachine/snapshot?date=2023-12-31&layers=${l.id}&place=KZ`),
    );
  for (const m of metrics) {
    out.push(get('timemachine', `/api/timemachine/series?metric=${m.id}`));
    out.push(
      get(
        'timemachine',
        `/api/timemachine/series?metric=${m.id}&place=KZ-75&start_date=2015-01-01&end_date=2024-12-31`,
      ),
    );
    if (m.frequency === 'daily')
      out.push(get('timemachine', `/api/timemachine/series?metric=${m.id}&granularity=month`));
  }
  out.push(get('timemachine', `/api/timemachine/series?metric=${metrics[0]!.id}&format=csv`));
  for (const path of [
    'events',
    'event-batch',
    'snapshot-diff',
    'stats',
    'layers',
    'health',
    'temporal-contracts',
  ])
    out.push(get('timemachine', `/api/timemachine/${path}`));
  out.push(get('timemachine', '/api/timemachine/series', [400])); // metric is required
  out.push(get('timemachine', '/api/timemachine/snapshot?date=2024-02-30', [400]));
  out.push(get('timemachine', '/api/timemachine/series?metric=no_such_metric', [404]));
  return out;
}

/**
 * A discovery request: 200 expected. A 503 with Retry-After (the server shedding load while it
 * compiles route schemas after listening, on a busy machine) is retried as a client should.
 */
async function discover(
  base: string,
  path: string,
  agent: Agent,
  headers: Record<string, string> = {},
): Promise<unknown> {
  for (let attempt = 1; ; attempt++) {
    const r = await send(base, { path, headers }, agent);
    if (r.status === 200) return JSON.parse(r.body.toString('utf8'));
    if (r.status !== 503 || attempt >= 10)
      throw new Error(
        `soak mix: ${path} answered ${r.status} ${r.body.toString('utf8').slice(0, 300)}`,
      );
    await new Promise((resolve) =>
      setTimeout(resolve, 1000 * Number(r.headers['retry-after'] ?? 1)),
    );
  }
}

/** Follows `links.next` from a first page, so cursors the server minted are part of the mix. */
async function pages(
  base: string,
  first: string,
  agent: Agent,
  headers: () => Record<string, string>,
): Promise<string[]> {
  const out = [first];
  for (let path: string | undefined = first; out.length < MAX_PAGES;) {
    path = ((await discover(base, path, agent, headers())) as { links?: { next?: string } }).links
      ?.next;
    if (!path) break;
    out.push(path);
  }
  return out;
}

/** The v1 facade: search (with cursors), resolve, reconcile, collections followed by cursor, items. */
async function v1Entries(
  base: string,
  agent: Agent,
  headers: () => Record<string, string>,
): Promise<MixEntry[]> {
  const out: MixEntry[] = [];
  for (const term of TERMS) {
    for (const path of await pages(
      base,
      `/api/v1/search?q=${encodeURIComponent(term)}&limit=3`,
      agent,
      headers,
    ))
      out.push(get('v1', path));
    // A name that matches is found (200) or ambiguous (300): both are answers.
    out.push({
      family: 'v1',
      method: 'POST',
      path: '/api/v1/resolve',
      headers: json,
      body: JSON.stringify({ name: term }),
      expect: [200, 300, 404],
    });
    out.push(
      get('v1', `/api/v1/reconcile/suggest/entity?prefix=${encodeURIComponent(term.slice(0, 3))}`),
    );
  }
  out.push({
    family: 'v1',
    method: 'POST',
    path: '/api/v1/resolve',
    headers: json,
    body: JSON.stringify({ name: 'Zzqx Qqzx' }),
    expect: [404],
  });
  out.push({
    family: 'v1',
    method: 'POST',
    path: '/api/v1/resolve',
    headers: json,
    body: '{"name":',
    expect: [400],
  });
  const queries = JSON.stringify(Object.fromEntries(TERMS.map((t, i) => [`q${i}`, { query: t }])));
  out.push({
    family: 'v1',
    method: 'POST',
    path: '/api/v1/reconcile',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ queries }).toString(),
    expect: [200],
  });
  out.push(get('v1', `/api/v1/reconcile?queries=${encodeURIComponent(queries)}`));
  out.push(get('v1', '/api/v1/reconcile'));
  for (const list of V1_LISTS) {
    for (const path of await pages(base, list, agent, headers)) out.push(get('v1', path));
    const collection = list.split('?')[0]!;
    const first = (await discover(base, list, agent, headers())) as { data: { id: string }[] };
    for (const { id } of first.data.slice(0, 3)) {
      out.push(get('v1', `${collection}/${encodeURIComponent(id)}`));
      if (collection !== '/api/v1/places') continue;
      out.push(get('v1', `${collection}/${encodeURIComponent(id)}/geometry`, [200, 404])); // the country has no geometry file of its own
      out.push(get('v1', `/api/v1/reconcile/preview?id=${encodeURIComponent(id)}`));
      out.push(get('v1', `/api/v1/reconcile/view?id=${encodeURIComponent(id)}`, [303]));
    }
  }
  out.push(get('v1', '/api/v1/places?limit=20&format=csv'));
  for (const path of ['releases', 'snapshots', 'changes']) out.push(get('v1', `/api/v1/${path}`));
  out.push({ ...get('v1', '/api/v1/health'), live: true });
  out.push(get('v1', '/api/v1/places/place:KZ-99', [404]));
  out.push(get('v1', '/api/v1/search?q=Almaty&bogus=1', [400]));
  out.push(get('v1', '/api/v1/search?q=Almaty&limit=0', [400]));
  return out;
}

/** Interleaves the families: a fixed stride permutation of the list (stride coprime with its length). */
function interleave<T>(list: T[]): T[] {
  const n = list.length;
  const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);
  let stride = Math.max(1, Math.floor(n / 7));
  while (gcd(stride, n) !== 1) stride++;
  return list.map((_, i) => list[(i * stride) % n]!);
}

/** The whole mix, discovered from the running server; `headers()` gives the headers of each discovery request. */
export async function soakMix(
  base: string,
  releasesDir: string,
  revision: string,
  agent: Agent,
  headers: () => Record<string, string>,
): Promise<MixEntry[]> {
  const data = await dataEntries(releasesDir, revision);
  const timemachine = await timemachineEntries(base, agent);
  const v1 = await v1Entries(base, agent, headers);
  // Weights: timemachine entries twice, so each family is about a third of the traffic.
  return interleave([...data, ...timemachine, ...timemachine, ...v1]);
}
