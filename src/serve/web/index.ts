// The web explorer (docs/interface.md §1: a public showcase): the page at `/` for browsers and its built assets at
// /assets/. The build output (web/dist, made by `npm run build:web`, never committed) is read once
// into memory with its gzip and br variants and served under the same rules as /data/: strong ETag
// from the sha256, RFC 9110 content negotiation, 304 on If-None-Match.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ProblemError } from '../problems/errors.js';
import type { ServedFile } from '../releases/release-types.js';
import { chooseCoding, etagOf, notModified } from '../data/encoding.js';
import { loadWebBuild, webDistDir } from './assets.js';
import { withStructuredData } from '../catalog/structured-data.js';

// index.html names hashed assets, so it must be revalidated like a /data/ file; the hashed assets
// themselves never change under their URL (the hash is in the name).
const PAGE_CACHE = 'public, max-age=300, must-revalidate';
const ASSET_CACHE = 'public, max-age=31536000, immutable';
// Everything the page loads comes from this origin (no CDN, tiles or web fonts).
const CSP_BASE =
  "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'none'";
const CSP = `${CSP_BASE}; frame-ancestors 'self'`;
// /embed is the same page showing the chart alone, made to be framed by any site that quotes it
// (CSP Level 3, frame-ancestors): only that address may be framed elsewhere.
const EMBED_CSP = `${CSP_BASE}; frame-ancestors *`;

/** True when the client ranks text/html at least as high as JSON (RFC 9110 12.5.1), i.e. a browser. */
export function wantsHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  let html = 0;
  let json = 0;
  for (const part of accept.split(',')) {
    const [type, ...params] = part.trim().toLowerCase().split(';');
    const qp = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
    const q = qp ? Number(qp[1]) : 1;
    if (type === 'text/html') html = Math.max(html, q);
    if (type === 'application/json' || type === 'application/problem+json')
      json = Math.max(json, q);
  }
  return html > 0 && html >= json;
}

function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: ServedFile,
  cache: string,
  csp = CSP,
): FastifyReply {
  const coding = chooseCoding(request.headers['accept-encoding'], file);
  const etag = etagOf(file, coding);
  reply
    .header('etag', etag)
    .header('cache-control', cache)
    .header('vary', 'Accept, Accept-Encoding');
  reply.header('content-security-policy', csp).header('referrer-policy', 'no-referrer');
  if (notModified(request.headers, etag)) return reply.code(304).send();
  if (coding !== 'identity') reply.header('content-encoding', coding);
  return reply.type(file.mediaType).send(coding === 'identity' ? file.body : file[coding]);
}

export interface WebOptions {
  distDir?: string;
}

// `/` answers browsers with the page and everyone else with whatever route owns `/` without this
// constraint (a JSON index); the two routes coexist because the router picks by the derived value.
const acceptStrategy = {
  name: 'accept',
  storage() {
    const handlers = new Map<string, unknown>();
    return {
      get: (v: string) => handlers.get(v) ?? null,
      set: (v: string, h: unknown) => void handlers.set(v, h),
    };
  },
  deriveConstraint: (req: { headers: Record<string, string | string[] | undefined> }) =>
    wantsHtml(req.headers['accept'] as string | undefined) ? 'html' : 'other',
  mustMatchWhenDerived: false,
};

/** Registers `/` for clients that prefer HTML, /embed (the chart alone, frameable), and /assets/. */
export async function webPlugin(app: FastifyInstance, opts: WebOptions): Promise<void> {
  const build = await loadWebBuild(opts.distDir ?? webDistDir());
  const notBuilt = () =>
    new ProblemError(
      'web_not_built',
      `The web explorer is not built on this server (no ${build.dir}/index.html). Run \`npm run build:web\`; the APIs under /data/, /api/timemachine/ and /api/v1/ work without it.`,
    );

  if (!app.hasConstraintStrategy('accept')) app.addConstraintStrategy(acceptStrategy as never);
  app.get('/', { schema: { hide: true }, constraints: { accept: 'html' } }, (request, reply) => {
    const page = build.files.get('index.html');
    if (!page) throw notBuilt();
    // schema.org Dataset JSON-LD of the served release, for search engines (the page is otherwise static)
    return sendFile(
      request,
      reply,
      request.release ? withStructuredData(request.release, page) : page,
      PAGE_CACHE,
    );
  });
  app.get('/embed', { schema: { hide: true } }, (request, reply) => {
    const page = build.files.get('index.html');
    if (!page) throw notBuilt();
    return sendFile(request, reply, page, PAGE_CACHE, EMBED_CSP);
  });
  app.get('/assets/*', { schema: { hide: true } }, (request, reply) => {
    const name = (request.params as { '*': string })['*'];
    const file = build.files.get(`assets/${name}`);
    if (!file) {
      if (!build.files.size) throw notBuilt();
      throw new ProblemError('not_found', `the web build has no asset /assets/${name}`);
    }
    return sendFile(request, reply, file, ASSET_CACHE);
  });
}
