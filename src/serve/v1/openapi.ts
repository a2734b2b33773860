// The interface document served under /api/v1/ (the app's one document, src/serve/interface/openapi.ts) and a
// readable docs page rendered from that same document (no CDN: plain HTML).
import type { FastifyInstance } from 'fastify';
import { structuredDataScript } from '../catalog/structured-data.js';
import { docsPage } from '../interface/docs-page.js';
import { openapiRouteOptions, serveInterfaceDocument } from '../interface/interface-doc.js';
import { pinned } from '../releases/pinned.js';
import type { ReleaseSource } from '../releases/release-types.js';
import { problems } from './schemas.js';

export async function openapiRoutes(
  app: FastifyInstance,
  opts: { releases: ReleaseSource },
): Promise<void> {
  app.get('/openapi.json', { ...openapiRouteOptions, handler: serveInterfaceDocument });
  app.get('/docs', {
    config: { formats: ['text/html'] },
    schema: {
      summary:
        'A readable page rendered from the interface document: every parameter, body, response and an example',
      tags: ['meta'],
      response: {
        200: { description: 'HTML page', content: { 'text/html': { schema: { type: 'string' } } } },
        ...problems(),
      },
    },
    handler: async (request, reply) => {
      const release = pinned(request);
      const doc = JSON.parse(await app.interfaceDocument(release)) as Record<string, unknown>;
      return reply
        .type('text/html; charset=utf-8')
        .send(docsPage(doc, structuredDataScript(release)));
    },
  });
}
