// Landing pages: `GET /`, `GET /api/v1/`, `GET /sdmx/2.1/` and `GET /api/timemachine/` answer an index of links (the
// shape of an OGC API landing page: title, description, links with rel, type and title), as JSON,
// or as HTML for a browser (Accept: text/html). The links under a family come from the interface
// document, so every documented route is listed and none is invented.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import { pinned } from '../releases/pinned.js';
import { problems } from './schemas.js';
import { formatParam, preferredType } from '../answers/negotiate.js';
import type { LoadedRelease } from '../releases/release-types.js';

const linkSchema = {
  type: 'object',
  required: ['href', 'rel', 'title'],
  properties: {
    href: { type: 'string' },
    rel: { type: 'string' },
    type: { type: 'string' },
    title: { type: 'string' },
    templated: { type: 'boolean' },
  },
} as const;
const indexSchema = {
  type: 'object',
  required: ['title', 'description', 'revision', 'as_of', 'links'],
  properties: {
    title: { type: 'string' },
    description: { type: 'string' },
    revision: { type: 'string' },
    as_of: { type: 'string' },
    links: { type: 'array', items: linkSchema },
  },
} as const;

/** The index document and its links, typed from the schemas the interface document publishes. */
export type IndexDocument = FromSchema<typeof indexSchema>;
export type IndexLink = FromSchema<typeof linkSchema>;

/**
 * The HTML a browser gets for an index. The web front end replaces the root page by passing
 * `browserIndex` to buildApp; this server-rendered list is the fallback that always works.
 */
export type BrowserIndex = (index: IndexDocument, path: string) => string;

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const renderIndexHtml: BrowserIndex = (index) => {
  const items = index.links
    .map(
      (l) =>
        `<li><a href="${esc(l.href)}">${esc(l.href)}</a> <small>(${esc(l.rel)}${l.type ? `, ${esc(l.type)}` : ''})</small> ${esc(l.title)}</li>`,
    )
    .join('');
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${esc(index.title)}</title>` +
    `<style>body{font-family:sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}li{margin:.3rem 0}</style></head>` +
    `<body><h1>${esc(index.title)}</h1><p>${esc(index.description)}</p><p>Release <code>${esc(index.revision)}</code>, data as of ${esc(index.as_of)}.</p>` +
    `<ul>${items}</ul></body></html>`
  );
};

const OPENAPI_TYPE = 'application/vnd.oai.openapi+json;version=3.1';

type Doc = { paths?: Record<string, Record<string, { summary?: string }>> };

/** Every documented GET under a prefix, in document order; `{x}` paths are templated links. */
function familyLinks(doc: Doc, prefix: string): IndexLink[] {
  const links: IndexLink[] = [];
  for (const [path, ops] of Object.entries(doc.paths ?? {})) {
    if (!path.startsWith(prefix) || !ops['get']) continue;
    const link: IndexLink = { href: path, rel: 'item', title: ops['get'].summary ?? path };
    if (path.includes('{')) link.templated = true;
    links.push(link);
  }
  return links;
}

function common(
  release: LoadedRelease,
  title: string,
  description: string,
  self: string,
  links: IndexLink[],
): IndexDocument {
  return {
    title,
    description,
    revision: release.revision,
    as_of: release.seal.as_of,
    links: [
      { href: self, rel: 'self', type: 'application/json', title: 'This index' },
      {
        href: '/openapi.json',
        rel: 'service-desc',
        type: OPENAPI_TYPE,
        title: 'The interface document (OpenAPI 3.1) of every route family',
      },
      {
        href: '/api/v1/docs',
        rel: 'service-doc',
        type: 'text/html',
        title: 'Readable documentation of every route, with examples',
      },
      ...links,
    ],
  };
}

export function rootIndex(release: LoadedRelease): IndexDocument {
  const files = [...release.files.keys()].sort();
  const csv = files
    .filter((p) => p.endsWith('.csv'))
    .map((p): IndexLink => ({
      href: `/data/${p}`,
      rel: 'enclosure',
      type: 'text/csv',
      title: `CSV: data/${p}`,
    }));
  return common(
    release,
    'Dala: public data about Kazakhstan',
    'Read-only public data from one sealed, reproducible release: static files, time slices and a versioned API.',
    '/',
    [
      {
        href: '/api/v1',
        rel: 'child',
        type: 'application/json',
        title: 'The versioned API: search, places, indicators, observations, releases',
      },
      {
        href: '/api/timemachine',
        rel: 'child',
        type: 'application/json',
        title: 'Time-slice routes: snapshot at a date, series of a metric, events',
      },
      {
        href: '/sdmx/2.1',
        rel: 'child',
        type: 'application/json',
        title:
          'SDMX 2.1 REST: dataflows, data structures, code lists and data for statistical clients',
      },
      {
        href: '/data/dataset-catalog.json',
        rel: 'data',
        type: 'application/json',
        title: 'The dataset catalog of this release',
      },
      {
        href: '/data/release-manifest.json',
        rel: 'describedby',
        type: 'application/json',
        title: 'The release manifest: revision, file hashes, sources',
      },
      ...csv,
    ],
  );
}

export async function landingRoutes(
  app: FastifyInstance,
  opts: { browserIndex?: BrowserIndex },
): Promise<void> {
  const html = opts.browserIndex ?? renderIndexHtml;
  const families: [string, string, string, (release: LoadedRelease) => IndexDocument][] = [
    [
      '/',
      'Where to start: links to every route family, the interface document, the docs, the dataset catalog and the CSVs',
      'getIndex',
      rootIndex,
    ],
    [
      '/api/v1',
      'Links to every route of the versioned API',
      'getV1Index',
      (release) =>
        common(
          release,
          'Dala /api/v1/',
          'The versioned API: every answer is {data, meta, links}; meta names the sealed revision it came from.',
          '/api/v1',
          familyLinks(app.swagger() as Doc, '/api/v1/'),
        ),
    ],
    [
      // the SDMX API's entry point, which the DCAT catalogue names as its dcat:endpointURL
      '/sdmx/2.1',
      'Links to every SDMX 2.1 query: structures, data, availability and schemas',
      'getSdmxIndex',
      (release) =>
        common(
          release,
          'Dala /sdmx/2.1/',
          'SDMX 2.1 RESTful web services over the sealed release: one dataflow per indicator, its data structure, code lists and concepts; data as SDMX-ML or SDMX-CSV.',
          '/sdmx/2.1',
          familyLinks(app.swagger() as Doc, '/sdmx/2.1/'),
        ),
    ],
    [
      '/api/timemachine',
      'Links to every time-slice route',
      'getTimemachineIndex',
      (release) =>
        common(
          release,
          'Dala /api/timemachine/',
          'Time-slice routes over the store of the sealed release.',
          '/api/timemachine',
          familyLinks(app.swagger() as Doc, '/api/timemachine/'),
        ),
    ],
  ];
  for (const [documented, summary, operationId, build] of families) {
    // each family's index answers with and without the trailing slash; the document lists one
    for (const url of new Set([
      documented,
      documented.endsWith('/') ? documented : `${documented}/`,
    ])) {
      app.get(url, {
        schema: {
          tags: ['index'],
          summary,
          ...(url === documented ? { operationId } : { hide: true }),
          querystring: {
            type: 'object',
            additionalProperties: false,
            properties: { format: formatParam(['application/json', 'text/html']) },
          },
          response: {
            200: {
              description: 'The index: JSON by default, an HTML page for Accept: text/html',
              content: {
                'application/json': { schema: indexSchema },
                'text/html': { schema: { type: 'string' } },
              },
            },
            ...problems('not_acceptable'),
          },
        },
        handler: async (request: FastifyRequest, reply: FastifyReply) => {
          const index = build(pinned(request));
          reply
            .header('vary', 'Accept')
            .header('cache-control', 'public, max-age=60, must-revalidate');
          if (preferredType(request, ['application/json', 'text/html']) === 'text/html') {
            return reply.type('text/html; charset=utf-8').send(html(index, url));
          }
          return reply.type('application/json; charset=utf-8').send(JSON.stringify(index));
        },
      });
    }
  }
}
