// The example request of each operation of the interface document and the answer the app gives
// to it: parameter values are taken from answers about the served release (a place's name, the
// first item of a collection, a metric, a file of /data/), never written by hand.
import type { FastifyInstance } from 'fastify';
import { dataRevisionOf } from '../permalinks/data-revision.js';
import type { LoadedRelease } from '../releases/release-types.js';

export type Json = Record<string, any>;
export interface Answer {
  status: number;
  type: string;
  headers: Record<string, string>;
  body: unknown;
  url: string;
}

// Example requests come from TEST-NET-1 addresses (RFC 5737), one per request, so building the
// document never spends a real client's rate-limit budget nor meets the limit itself.
let exampleAddress = 0;
const nextAddress = () => `192.0.2.${(exampleAddress++ % 254) + 1}`;

/** Arrays shortened to two items at every depth: a readable example that keeps the real shape. */
export function shorten(value: unknown): unknown {
  if (Array.isArray(value)) return value.slice(0, 2).map(shorten);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shorten(v)]));
  return value;
}

export async function ask(
  app: FastifyInstance,
  method: string,
  url: string,
  body?: unknown,
): Promise<Answer> {
  const res = await app.inject({
    method: method as 'GET',
    url,
    remoteAddress: nextAddress(),
    ...(body === undefined
      ? {}
      : { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });
  const type = String(res.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim();
  let parsed: unknown = res.rawPayload;
  if (type.includes('json')) parsed = JSON.parse(res.body);
  else if (type.startsWith('text/') || type.endsWith('+csv'))
    parsed = res.body.split('\n').slice(0, 4).join('\n');
  // an XML message is one line: its head shows the shape
  else if (type.endsWith('xml')) parsed = `${res.body.slice(0, 1200)}…`;
  const headers = Object.fromEntries(
    Object.entries(res.headers).map(([k, v]) => [k.toLowerCase(), String(v)]),
  );
  return { status: res.statusCode, type, headers, body: parsed, url };
}

/** Values for the parameters of each operation, all taken from answers about the release. */
export class ExampleValues {
  private cache = new Map<string, Promise<Answer>>();
  constructor(
    private app: FastifyInstance,
    private release: LoadedRelease,
  ) {}

  get(url: string): Promise<Answer> {
    let hit = this.cache.get(url);
    if (!hit) this.cache.set(url, (hit = ask(this.app, 'GET', url)));
    return hit;
  }

  /** The id of the first item of a v1 collection (a place with a geometry for /geometry). */
  async v1Id(family: string, needs?: string): Promise<string | undefined> {
    let answer = await this.get(`/api/v1/${family}?limit=100`);
    if (answer.status !== 200) answer = await this.get(`/api/v1/${family}`); // a collection without paging
    const list = answer.body as { data?: Json[] };
    const items = list.data ?? [];
    const item = needs ? items.find((i) => i[needs] != null) : items[0];
    return (item?.['id'] ?? item?.['revision']) as string | undefined;
  }

  async placeName(): Promise<string> {
    const list = (await this.get('/api/v1/places?limit=100')).body as { data?: Json[] };
    const place = list.data?.find((p) => p['type'] === 'place');
    return (place?.['names']?.en as string | undefined) ?? 'Astana';
  }

  async metric(): Promise<string | undefined> {
    const layers = (await this.get('/api/timemachine/layers')).body as {
      layers?: { metrics?: { id: string }[] }[];
    };
    return layers.layers?.flatMap((l) => l.metrics ?? [])[0]?.id;
  }

  /** The served release's permalink to a file of its /data/ tree. */
  permalink(): { revision: string; path: string } | undefined {
    const file = this.dataFile('{path}');
    return file ? { revision: this.release.revision, path: `data/${file}` } : undefined;
  }

  /** The permalink a PDF of the served release prints: its data revision and the PDF's path. */
  dataRevisionLink(): { dataRevision: string; path: string } | undefined {
    const dataRevision = dataRevisionOf(this.release);
    const pdf = [...this.release.files.keys()].sort().find((f) => f.endsWith('.pdf'));
    return dataRevision && pdf ? { dataRevision, path: `data/${pdf}` } : undefined;
  }

  /** A file of the release for a /data/ route pattern (`{slug}`, `{path}`). */
  dataFile(pattern: string): string | undefined {
    const files = [...this.release.files.keys()].sort();
    if (pattern === '{path}')
      return files.find((f) => f.startsWith('datasets/') && f.endsWith('.csv')) ?? files[0];
    const re = new RegExp(
      '^' +
        pattern.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[a-z]+\}/g, '([a-z0-9-]+)') +
        '$',
    );
    return files.find((f) => re.test(f));
  }
}

const segment = (id: string) => encodeURIComponent(id).replace(/%3A/gi, ':');

/** The request that exemplifies an operation, with the parameter values it uses. */
export async function exampleRequest(
  path: string,
  method: string,
  values: ExampleValues,
): Promise<{ url: string; params: Record<string, string>; body?: unknown } | null> {
  const params: Record<string, string> = {};
  let url = path;
  if (path.startsWith('/data/')) {
    const file = values.dataFile(path.slice('/data/'.length));
    if (!file) return null;
    url = `/data/${file}`;
    const pattern = path.slice('/data/'.length);
    const m = file.match(
      new RegExp(
        '^' + pattern.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[a-z]+\}/g, '(.+)') + '$',
      ),
    );
    const names = [...path.matchAll(/\{([a-z]+)\}/g)].map((x) => x[1]!);
    names.forEach((n, i) => (params[n] = m?.[i + 1] ?? ''));
    return { url, params };
  }
  if (path === '/r/{revision}/{path}') {
    const link = values.permalink();
    return link ? { url: `/r/${link.revision}/${link.path}`, params: link } : null;
  }
  if (path === '/d/{dataRevision}/{path}') {
    const link = values.dataRevisionLink();
    return link ? { url: `/d/${link.dataRevision}/${link.path}`, params: link } : null;
  }
  const v1 = path.match(/^\/api\/v1\/([a-z]+)\/\{(id|revision)\}(\/geometry)?$/);
  if (v1) {
    const id = await values.v1Id(v1[1]!, v1[3] ? 'geometry' : undefined);
    if (!id) return null;
    params[v1[2]!] = id;
    url = path.replace(`{${v1[2]}}`, segment(id));
  }
  if (path === '/api/v1/search') {
    params['q'] = await values.placeName();
    url += `?q=${encodeURIComponent(params['q'])}&limit=2`;
  }
  if (path === '/api/timemachine/series') {
    const metric = await values.metric();
    if (!metric) return null;
    params['metric'] = metric;
    url += `?metric=${encodeURIComponent(metric)}`;
  }
  if (path.startsWith('/sdmx/2.1/')) return sdmxExample(path, await values.metric());
  if (method === 'post' && path === '/api/v1/resolve')
    return { url, params, body: { name: await values.placeName() } };
  // Reconciliation API 0.2: a one-query batch, a suggestion by prefix, and the card and view of a place.
  if (method === 'post' && path === '/api/v1/reconcile')
    return {
      url,
      params,
      body: { queries: { q0: { query: await values.placeName(), type: 'place' } } },
    };
  if (path === '/api/v1/reconcile/suggest/entity') {
    params['prefix'] = (await values.placeName()).slice(0, 4);
    url += `?prefix=${encodeURIComponent(params['prefix'])}`;
  }
  if (path === '/api/v1/reconcile/preview' || path === '/api/v1/reconcile/view') {
    const id = await values.v1Id('places');
    if (!id) return null;
    params['id'] = id;
    url += `?id=${encodeURIComponent(id)}`;
  }
  return { url, params };
}

/** An SDMX query about one indicator's dataflow: its structure with children, its latest observation per place, its schema. */
function sdmxExample(
  path: string,
  metric: string | undefined,
): { url: string; params: Record<string, string> } | null {
  if (!metric) return null;
  const resource = path.split('/')[3];
  const resourceID =
    {
      dataflow: metric,
      datastructure: `DSD_${metric}`,
      codelist: 'CL_FREQ',
      conceptscheme: 'CS_DALA',
      schema: metric,
    }[resource ?? ''] ?? metric;
  const values: Record<string, string> = {
    agencyID: 'DALA',
    resourceID,
    version: resource === 'schema' ? '1.0' : 'latest',
    flowRef: metric,
    key: 'all',
    providerRef: 'DALA',
    itemID: resource === 'conceptscheme' ? 'FREQ' : 'A', // a concept of CS_DALA, a code of CL_FREQ
    componentID: 'FREQ',
  };
  const params: Record<string, string> = {};
  const url = path.replace(
    /\{([A-Za-z]+)\}/g,
    (_, name: string) => (params[name] = values[name] ?? name),
  );
  const query: [string, string] =
    resource === 'data'
      ? ['detail', 'serieskeysonly']
      : resource === 'schema'
        ? ['dimensionAtObservation', 'TIME_PERIOD']
        : resource === 'availableconstraint'
          ? ['mode', 'exact']
          : ['references', 'children'];
  params[query[0]] = query[1];
  return { url: `${url}?${query[0]}=${query[1]}`, params };
}
