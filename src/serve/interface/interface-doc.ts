// The served interface document: the generated OpenAPI document (openapi.ts) completed from the
// release being served, so nothing in it is written by hand twice:
//  - every operation gets an example request and the answer the app actually gave to it
//    (arrays shortened to two items), with the parameter values used (example-requests.ts);
//  - every response documents the headers the app actually sent (ETag, RateLimit, Link, ...);
//  - each /data/ JSON file's response refers to the sealed JSON Schema it was validated against at
//    build (evidence/validation.json), embedded as a component, instead of an empty schema
//    (sealed-schemas.ts).
// Built once per revision, on first request.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { docsPage } from './docs-page.js';
import { ask, ExampleValues, exampleRequest, shorten, type Json } from './example-requests.js';
import { componentName, sealedComponent, sealedSchemas } from './sealed-schemas.js';
import { pinned } from '../releases/pinned.js';
import { problems } from './schemas.js';
import type { LoadedRelease } from '../releases/release-types.js';

const DOCUMENTED_HEADERS: Record<string, string> = {
  etag: 'Strong validator of this answer; send it back in If-None-Match for a 304 (RFC 9110 8.8.3).',
  'x-dala-revision': 'The sealed release this answer came from.',
  ratelimit:
    'Remaining budget of this client: limit, remaining, reset (IETF draft RateLimit header fields).',
  'ratelimit-policy': 'The rate-limit policy: burst and window.',
  link: 'Related resources (RFC 8288): first, next, prev, describedby.',
  'cache-control': 'How long shared caches may reuse the answer.',
};

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
        // A sealed file is its own example: named by its permalink rather than copied or cut. Not as
        // externalValue: a relative URI there resolves against wherever the document was saved
        // (OpenAPI 3.1 §4.8.19 and §4.3), so a client generator reading a saved copy fails on each, and
        // one reading it online fetches every file; an absolute one would need a public URL.
        const permalink = `/r/${release.revision}${request.url}`;
        media['examples'] = {
          release: {
            summary: `The file ${request.url} of release ${release.revision}`,
            description: `The file is its own example: GET ${permalink} answers it as sealed in this release.`,
            'x-dala-file': permalink,
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
