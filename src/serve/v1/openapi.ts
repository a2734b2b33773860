// The interface document served under /api/v1/ (the app's one document, src/serve/openapi.ts) and a
// readable docs page rendered from that same document (no CDN: plain HTML).
import type { FastifyInstance } from 'fastify';
import { ERROR_CATALOG, PROBLEM_TYPE_BASE } from '../errors.js';
import { problems } from './schemas.js';

interface Operation { summary?: string; parameters?: { name: string; in: string; required?: boolean; description?: string }[]; responses?: Record<string, { description?: string }> }

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function docsPage(doc: { info: { title: string; description?: string }; paths?: Record<string, Record<string, Operation>> }): string {
  const rows: string[] = [];
  for (const [path, ops] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(ops)) {
      const params = (op.parameters ?? []).map((p) => `<li><code>${esc(p.name)}</code> (${esc(p.in)}${p.required ? ', required' : ''}) ${esc(p.description ?? '')}</li>`).join('');
      const responses = Object.entries(op.responses ?? {}).map(([s, r]) => `<li><code>${esc(s)}</code> ${esc(r.description ?? '')}</li>`).join('');
      rows.push(`<section><h2><code>${esc(method.toUpperCase())} ${esc(path)}</code></h2><p>${esc(op.summary ?? '')}</p>` +
        (params ? `<h3>Parameters</h3><ul>${params}</ul>` : '') + `<h3>Responses</h3><ul>${responses}</ul></section>`);
    }
  }
  const codes = Object.entries(ERROR_CATALOG).map(([code, e]) => `<li><code>${e.status} ${esc(code)}</code> ${esc(e.title)} (<code>${esc(PROBLEM_TYPE_BASE + code)}</code>)</li>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(doc.info.title)}</title>` +
    `<style>body{font-family:sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}section{border-top:1px solid #ccc}code{background:#f4f4f4}</style></head>` +
    `<body><h1>${esc(doc.info.title)}</h1><p>${esc(doc.info.description ?? '')}</p><p>Machine-readable: <a href="openapi.json">openapi.json</a> (OpenAPI 3.1).</p>` +
    rows.join('') + `<section><h2>Error codes</h2><ul>${codes}</ul></section></body></html>`;
}

export async function openapiRoutes(app: FastifyInstance): Promise<void> {
  app.get('/openapi.json', {
    schema: {
      summary: 'This OpenAPI 3.1 document',
      tags: ['meta'],
      response: { 200: { description: 'The OpenAPI document', type: 'object', additionalProperties: true }, ...problems() },
    },
    handler: async () => app.swagger(),
  });
  app.get('/docs', {
    schema: {
      summary: 'A readable page rendered from the OpenAPI document',
      tags: ['meta'],
      response: { 200: { description: 'HTML page', content: { 'text/html': { schema: { type: 'string' } } } }, ...problems() },
    },
    handler: async (_request, reply) => reply.type('text/html; charset=utf-8').send(docsPage(app.swagger() as never)),
  });
}
