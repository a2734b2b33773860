// The costliest request within the documented limits of every route family and representation of
// the real release, as the URLs bench/cpu-cap.bench.ts asks a real listening server for. Each probe
// is several distinct URLs (distinct query strings: nothing is answered from the answer cache) of
// the costliest shape: the largest page (limit=100, and 99, 98 ... to make them distinct), every
// place, every layer, the largest SDMX answer and the refused one past its cap, the largest files.
// The ids (metrics, dataflows, files, cursors) are read from the release itself.
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { mcpProbes } from './mcp-probes.js';

export interface Ask {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}
export interface Probe {
  family: string;
  representation: string;
  shape: string;
  asks: Ask[];
}

const ENCODINGS = ['br', 'gzip', 'identity'] as const;
const CSV = 'text/csv';
const JSON_TYPE = 'application/json';
const JSONSTAT = 'application/vnd.json-stat+json';
const SDMX_TYPES = {
  'structure-specific': 'application/vnd.sdmx.structurespecificdata+xml;version=2.1',
  generic: 'application/vnd.sdmx.genericdata+xml;version=2.1',
  'SDMX-CSV': 'application/vnd.sdmx.data+csv;version=1.0.0',
} as const;
const PER_PROBE = Number(process.env.BENCH_CPU_URLS ?? 5);

const get = (path: string, accept: string, encoding = 'br'): Ask => ({
  method: 'GET',
  path,
  headers: { accept, 'accept-encoding': encoding },
});
const post = (path: string, body: unknown): Ask => ({
  method: 'POST',
  path,
  headers: { 'content-type': 'application/json', accept: JSON_TYPE, 'accept-encoding': 'br' },
  body: JSON.stringify(body),
});
/** `n` distinct URLs of the largest page: limit=100, 99, ... (the answer cache keys on the query string). */
const pages = (path: string, from = 0, n = PER_PROBE) =>
  Array.from(
    { length: n },
    (_, i) => `${path}${path.includes('?') ? '&' : '?'}limit=${100 - from - i}`,
  );

/** What the probes need to know of the release: read through the running server. */
export interface ReleaseFacts {
  metrics: string[]; // series metrics, largest first
  flows: string[]; // SDMX dataflow ids
  dates: string[]; // snapshot dates spread over the data
  diffPages: string[]; // snapshot-diff URLs of its first pages, each with the cursor the page before gave
  items: { places: string[]; indicators: string[]; observations: string[]; entities: string[] }; // ids of single items
  revision: string;
  dataDir: string;
}

export async function probesOf(facts: ReleaseFacts): Promise<Probe[]> {
  const probes: Probe[] = [];
  const add = (family: string, representation: string, shape: string, asks: Ask[]) =>
    probes.push({ family, representation, shape, asks });
  // v1 collections: the observations in every order, JSON and CSV in each coding; the others at their largest page
  for (const sort of ['indicator', 'value', '-value', 'place', '-period']) {
    for (const [type, name] of [
      [JSON_TYPE, 'JSON'],
      [CSV, 'CSV'],
    ] as const) {
      ENCODINGS.forEach((enc, k) =>
        add(
          'v1 observations',
          `${name}, ${enc}`,
          `/api/v1/observations?sort=${sort}&limit=100`,
          pages(`/api/v1/observations?sort=${sort}`, k * PER_PROBE).map((u) => get(u, type, enc)),
        ),
      );
    }
  }
  for (const c of [
    'places',
    'indicators',
    'datasets',
    'sources',
    'entities',
    'relations',
    'claims',
    'evidence',
  ]) {
    for (const [type, name] of [
      [JSON_TYPE, 'JSON'],
      [CSV, 'CSV'],
    ] as const)
      add(
        `v1 ${c}`,
        `${name}, br`,
        `/api/v1/${c}?limit=100`,
        pages(`/api/v1/${c}`).map((u) => get(u, type)),
      );
  }
  for (const [type, name] of [
    [JSON_TYPE, 'JSON'],
    [CSV, 'CSV'],
  ] as const) {
    add(
      'v1 search',
      `${name}, br`,
      '/api/v1/search?q=<common word>&limit=100',
      ['район', 'область', 'akimat', 'Kazakhstan', 'город', 'ауданы', 'region']
        .slice(0, PER_PROBE)
        .map((q) => get(`/api/v1/search?q=${encodeURIComponent(q)}&limit=100`, type)),
    );
  }
  add(
    'v1 resolve',
    'JSON',
    'POST /api/v1/resolve {name: <common word>}',
    ['район', 'область', 'Almaty', 'Astana city', 'Karaganda region'].map((name) =>
      post('/api/v1/resolve', { name }),
    ),
  );
  add(
    'v1 reconcile',
    'JSON',
    'POST /api/v1/reconcile, 10 queries, limit 25',
    [0, 1, 2].map((k) =>
      post(
        '/api/v1/reconcile',
        Object.fromEntries(
          [
            'район',
            'область',
            'Almaty',
            'Astana',
            'akimat',
            'city',
            'Karaganda',
            'district',
            'ауданы',
            'region',
          ].map((query, i) => [
            `q${i}`,
            { query: `${query}${k ? ' ' + 'abc'.slice(0, k) : ''}`, limit: 25 },
          ]),
        ),
      ),
    ),
  );
  // single items: the country's and every region's geometry, every indicator, observations and entities by id
  const item = (path: string, ids: string[]) =>
    ids.map((id) => get(path.replace('<id>', encodeURIComponent(id)), JSON_TYPE));
  add(
    'v1 place geometry',
    'GeoJSON, br',
    '/api/v1/places/<country or region>/geometry',
    item('/api/v1/places/<id>/geometry', facts.items.places),
  );
  add(
    'v1 indicator',
    'JSON, br',
    '/api/v1/indicators/<id> (every indicator)',
    item('/api/v1/indicators/<id>', facts.items.indicators),
  );
  add(
    'v1 observation',
    'JSON, br',
    '/api/v1/observations/<id>',
    item('/api/v1/observations/<id>', facts.items.observations),
  );
  add('v1 reconcile services', 'JSON, br', '/api/v1/reconcile/suggest/entity, /preview, /view', [
    ...['a', 'ал', 'alm', 'қа', 'ас'].map((prefix) =>
      get(`/api/v1/reconcile/suggest/entity?prefix=${encodeURIComponent(prefix)}`, JSON_TYPE),
    ),
    ...item('/api/v1/reconcile/preview?id=<id>', facts.items.entities),
    ...item('/api/v1/reconcile/view?id=<id>', facts.items.entities),
  ]);
  add('v1 docs and health', 'HTML, JSON, br', '/api/v1/docs, /api/v1/health', [
    get('/api/v1/docs', 'text/html'),
    get('/api/v1/health', JSON_TYPE),
  ]);
  add(
    'timemachine stats, layers, contracts, health',
    'JSON, br',
    '/api/timemachine/stats, /layers, /temporal-contracts, /health',
    ['stats', 'layers', 'temporal-contracts', 'health'].map((r) =>
      get(`/api/timemachine/${r}`, JSON_TYPE),
    ),
  );
  add(
    'SDMX schema',
    'XML',
    '/sdmx/2.1/schema/dataflow/DALA/<flow>/1.0',
    facts.flows.map((f) => get(`/sdmx/2.1/schema/dataflow/DALA/${f}/1.0`, 'application/xml')),
  );
  add('v1 catalog', 'Turtle', '/api/v1/catalog', [get('/api/v1/catalog', 'text/turtle')]);
  add('v1 catalog', 'JSON-LD', '/api/v1/catalog', [get('/api/v1/catalog', 'application/ld+json')]);
  add(
    'v1 changes/releases',
    'JSON',
    '/api/v1/changes, /releases, /snapshots',
    ['/api/v1/changes', '/api/v1/releases', '/api/v1/snapshots'].map((u) => get(u, JSON_TYPE)),
  );
  // time slices: every layer and place at spread dates; the largest series whole and by day
  for (const [type, name] of [
    [JSON_TYPE, 'JSON'],
    [CSV, 'CSV'],
  ] as const) {
    add(
      'timemachine snapshot',
      `${name}, br`,
      '/api/timemachine/snapshot?date=<d>&include=names (all layers, all places)',
      facts.dates
        .slice(0, PER_PROBE)
        .map((d) => get(`/api/timemachine/snapshot?date=${d}&include=names`, type)),
    );
    add(
      'timemachine series',
      `${name}, br`,
      '/api/timemachine/series?metric=<largest>&include=names,from_periods (all places)',
      facts.metrics
        .slice(0, PER_PROBE)
        .map((m) =>
          get(
            `/api/timemachine/series?metric=${encodeURIComponent(m)}&include=names,from_periods`,
            type,
          ),
        ),
    );
    add(
      'timemachine series',
      `${name}, br, granularity=day`,
      '/api/timemachine/series?metric=<largest>&granularity=day',
      facts.metrics
        .slice(0, PER_PROBE)
        .map((m) =>
          get(`/api/timemachine/series?metric=${encodeURIComponent(m)}&granularity=day`, type),
        ),
    );
    add(
      'timemachine events',
      `${name}, br`,
      '/api/timemachine/events?limit=100',
      pages('/api/timemachine/events').map((u) => get(u, type)),
    );
  }
  add(
    'timemachine event-batch',
    'JSON, br',
    '/api/timemachine/event-batch?limit=100',
    pages('/api/timemachine/event-batch').map((u) => get(u, JSON_TYPE)),
  );
  add(
    'timemachine snapshot-diff',
    'JSON, br',
    '/api/timemachine/snapshot-diff[?after=<cursor>] (its first pages)',
    facts.diffPages.map((u) => get(u, JSON_TYPE)),
  );
  // SDMX: each dataflow whole in each format (the largest under the cap, and those past it, refused after reading 1,501 points)
  for (const [name, type] of Object.entries(SDMX_TYPES)) {
    add(
      'SDMX data',
      name,
      '/sdmx/2.1/data/<flow>?dimensionAtObservation=AllDimensions (whole dataflow)',
      facts.flows.map((f) => get(`/sdmx/2.1/data/${f}?dimensionAtObservation=AllDimensions`, type)),
    );
    // the same with a 14 KB Accept header, which negotiation reads whole: what the 16 KiB the HTTP
    // parser takes for a request's line and headers leaves (700 types, 16.8 KB, were refused 431
    // before any route ran)
    add(
      'SDMX data',
      `${name}, 14 KB Accept`,
      '/sdmx/2.1/data/<flow>?dimensionAtObservation=AllDimensions (whole dataflow)',
      facts.flows.map((f) =>
        get(
          `/sdmx/2.1/data/${f}?dimensionAtObservation=AllDimensions`,
          `${type}, ${Array.from({ length: 580 }, (_, i) => `text/x-other-${i};q=0.1`).join(', ')}`,
        ),
      ),
    );
  }
  add(
    'SDMX structures',
    'XML',
    '/sdmx/2.1/<structure>/all/all/all?references=all',
    ['dataflow', 'datastructure', 'codelist', 'conceptscheme'].map((s) =>
      get(`/sdmx/2.1/${s}/all/all/all?references=all`, 'application/xml'),
    ),
  );
  probes.push(...mcpProbes(facts));
  // files: the largest sealed ones, in every coding, directly and through a permalink
  const files = await largestFiles(facts.dataDir, PER_PROBE);
  for (const enc of ENCODINGS) {
    add(
      '/data/ files',
      enc,
      '/data/<largest files>',
      files.map((f) => get(`/data/${f}`, '*/*', enc)),
    );
    add(
      '/r/ permalinks',
      enc,
      '/r/<revision>/data/<largest files>',
      files.map((f) => get(`/r/${facts.revision}/data/${f}`, '*/*', enc)),
    );
  }
  // each dataset's JSON-stat: the sealed document sent as it is (the largest ones), in every coding
  const stats = (await largestFiles(join(facts.dataDir, 'datasets'), Infinity))
    .filter((f) => f.endsWith('.jsonstat.json'))
    .slice(0, PER_PROBE);
  for (const enc of ENCODINGS)
    add(
      'v1 dataset',
      `JSON-stat, ${enc}`,
      '/api/v1/datasets/<largest JSON-stat>',
      stats.map((f) =>
        get(`/api/v1/datasets/dataset:${f.slice(0, -'.jsonstat.json'.length)}`, JSONSTAT, enc),
      ),
    );
  return probes;
}

async function largestFiles(dir: string, n: number): Promise<string[]> {
  const out: { path: string; size: number }[] = [];
  const walk = async (sub: string): Promise<void> => {
    for (const e of await readdir(join(dir, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${e.name}` : e.name;
      if (e.isDirectory()) await walk(rel);
      else if (!/\.(gz|br)$/.test(e.name))
        out.push({ path: rel, size: (await stat(join(dir, rel))).size });
    }
  };
  await walk('');
  return out
    .sort((a, b) => b.size - a.size)
    .slice(0, n)
    .map((f) => f.path);
}
