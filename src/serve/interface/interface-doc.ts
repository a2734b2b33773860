// The served interface document: the generated OpenAPI document (openapi.ts) completed from the
// release being served, so nothing in it is written by hand twice:
//  - every operation gets an example request and the answer the app actually gave to it
//    (arrays shortened to two items), with the parameter values used;
//  - every response documents the headers the app actually sent (ETag, RateLimit, Link, ...);
//  - each /data/ JSON file's response refers to the sealed JSON Schema it was validated against at
//    build (evidence/validation.json), embedded as a component, instead of an empty schema.
// Built once per revision, on first request.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { docsPage } from './docs-page.js';
import { dataRevisionOf } from '../permalinks/data-revision.js';
import { pinned } from '../releases/pinned.js';
import { problems } from './schemas.js';
import type { LoadedRelease } from '../releases/release-types.js';

type Json = Record<string, any>;
interface Answer {
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

const DOCUMENTED_HEADERS: Record<string, string> = {
  etag: 'Strong validator of this answer; send it back in If-None-Match for a 304 (RFC 9110 8.8.3).',
  'x-dala-revision': 'The sealed release this answer came from.',
  ratelimit:
    'Remaining budget of this client: limit, remaining, reset (IETF draft RateLimit header fields).',
  'ratelimit-policy': 'The rate-limit policy: burst and window.',
  link: 'Related resources (RFC 8288): first, next, prev, describedby.',
  'cache-control': 'How long shared caches may reuse the answer.',
};

/** Arrays shortened to two items at every depth: a readable example that keeps the real shape. */
function shorten(value: unknown): unknown {
  if (Array.isArray(value)) return value.slice(0, 2).map(shorten);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shorten(v)]));
  return value;
}

async function ask(
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
class ExampleValues {
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
async function exampleRequest(
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
        : ['references', 'children'];
  params[query[0]] = query[1];
  return { url: `${url}?${query[0]}=${query[1]}`, params };
}

/** The sealed schema of each data/ file, from the build's validation evidence. */
async function sealedSchemas(release: LoadedRelease): Promise<Map<string, string>> {
  try {
    const report = JSON.parse(
      await readFile(join(release.dir, 'evidence/validation.json'), 'utf8'),
    ) as { artifacts?: { path: string; schema: string }[] };
    return new Map((report.artifacts ?? []).map((a) => [a.path.replace(/^data\//, ''), a.schema]));
  } catch {
    return new Map();
  }
}

const componentName = (schema: string) => 'Sealed_' + schema.replace(/[^A-Za-z0-9]+/g, '_');

function sealedComponent(release: LoadedRelease, name: string): Json | null {
  const file = release.files.get(`schemas/${name}.schema.json`);
  if (!file) return null;
  const { $id, $schema: _dialect, ...schema } = JSON.parse(file.body.toString('utf8')) as Json;
  return {
    ...schema,
    description: `Sealed JSON Schema ${String($id ?? name)} (also served at /data/schemas/${name}.schema.json).`,
  };
}

export async function interfaceDocument(
  app: FastifyInstance,
  release: LoadedRelease,
): Promise<Json> {
  const doc = structuredClone(app.swagger()) as Json;
  const values = new ExampleValues(app, release);
  const schemaOf = await sealedSchemas(release);
  doc['components'] ??= {};
  doc['components']['schemas'] ??= {};
  const headers: Record<string, object> = (doc['components']['headers'] = {});
  for (const [path, ops] of Object.entries(doc['paths'] as Record<string, Json>)) {
    for (const [method, op] of Object.entries(ops as Record<string, Json>)) {
      if (META_ROUTES.has(path)) {
        const media = op['responses']?.['200']?.['content']?.['application/json'];
        if (media)
          media['examples'] = {
            release: {
              summary: `The head of this document for release ${release.revision}`,
              value: { openapi: doc['openapi'], info: doc['info'] },
            },
          };
        const page = op['responses']?.['200']?.['content']?.['text/html'];
        if (page)
          page['examples'] = {
            release: {
              summary: 'The start of the page rendered from this document',
              value: `${docsPage({ info: doc['info'], paths: {} }).slice(0, 600)}…`,
            },
          };
        continue; // answering these would ask for the document being built
      }
      const request = await exampleRequest(path, method, values);
      if (!request) continue;
      for (const p of (op['parameters'] ?? []) as Json[])
        if (request.params[p['name']] !== undefined) p['example'] = request.params[p['name']];
      if (request.body !== undefined) {
        const media = op['requestBody']?.['content']?.['application/json'];
        if (media) media['example'] = request.body;
        // a form body carries each member as text: the reconcile batch as its JSON (as OpenRefine sends it)
        const form = op['requestBody']?.['content']?.['application/x-www-form-urlencoded'];
        if (form && request.body && typeof request.body === 'object')
          form['example'] = Object.fromEntries(
            Object.entries(request.body).map(([k, v]) => [
              k,
              typeof v === 'string' ? v : JSON.stringify(v),
            ]),
          );
      }
      const answer =
        request.body === undefined && method === 'get'
          ? await values.get(request.url)
          : await ask(app, method.toUpperCase(), request.url, request.body);
      const response =
        (op['responses'] ??= {})[String(answer.status)] ??
        op['responses'][`${String(answer.status)[0]}XX`];
      if (!response) continue;
      response['headers'] = {
        ...response['headers'],
        ...Object.fromEntries(
          Object.entries(DOCUMENTED_HEADERS)
            .filter(([h]) => h in answer.headers)
            .map(([h, description]) => {
              headers[h] = { description, schema: { type: 'string' } };
              return [h, { $ref: `#/components/headers/${h}` }];
            }),
        ),
      };
      response['content'] ??= {};
      if (path.startsWith('/data/') && answer.status === 200) {
        const file = request.url.slice('/data/'.length);
        const schema = schemaOf.get(file);
        const component = schema ? sealedComponent(release, schema) : null;
        if (schema && component) doc['components']['schemas'][componentName(schema)] = component;
        const media = release.files.get(file)?.mediaType.split(';')[0] ?? answer.type;
        const kept = response['content'][media] ?? {};
        response['content'] = {
          ...response['content'],
          [media]: {
            ...kept,
            schema: component
              ? { $ref: `#/components/schemas/${componentName(schema!)}` }
              : (kept['schema'] ?? { type: 'string' }),
          },
        };
      }
      const media = response['content'][answer.type] ?? Object.values(response['content'])[0];
      if (!media) continue;
      if (path.startsWith('/data/')) {
        // a sealed file is its own example: linked whole rather than copied or cut
        media['examples'] = {
          release: {
            summary: `The file ${request.url} of release ${release.revision}`,
            externalValue: request.url,
          },
        };
        continue;
      }
      if (!(
        typeof answer.body === 'string' ||
        (answer.body && typeof answer.body === 'object' && !Buffer.isBuffer(answer.body))
      ))
        continue;
      media['examples'] = {
        release: {
          summary: `${method.toUpperCase()} ${request.url} on release ${release.revision}${typeof answer.body === 'object' ? ' (arrays shortened to 2 items)' : ' (first lines)'}`,
          value: typeof answer.body === 'object' ? shorten(answer.body) : answer.body,
        },
      };
    }
  }
  return doc;
}

/** One document per revision, built on first request and kept until the release changes. */
export function interfaceDocumentCache(
  app: FastifyInstance,
): (release: LoadedRelease) => Promise<string> {
  let held: { revision: string; doc: Promise<string> } | null = null;
  return (release) => {
    if (held?.revision !== release.revision)
      held = {
        revision: release.revision,
        doc: interfaceDocument(app, release).then((d) => JSON.stringify(d)),
      };
    return held.doc;
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The served interface document of a release, as JSON text (one per revision). */
    interfaceDocument: (release: LoadedRelease) => Promise<string>;
  }
}

const META_ROUTES = new Set([
  '/openapi.json',
  '/api/timemachine/openapi.json',
  '/api/v1/openapi.json',
  '/api/v1/docs',
]);

export const openapiRouteOptions = {
  schema: {
    tags: ['meta'],
    summary:
      'The interface document of every route family (OpenAPI 3.1), with examples from the served release',
    response: {
      200: {
        description: 'The OpenAPI document',
        content: { 'application/json': { schema: { type: 'object', additionalProperties: true } } },
      },
      ...problems(),
    },
  },
};

export async function serveInterfaceDocument(
  this: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const doc = await this.interfaceDocument(pinned(request));
  return reply
    .type('application/json; charset=utf-8')
    .header('cache-control', 'public, max-age=60, must-revalidate')
    .send(doc);
}
