// A readable page rendered from the served interface document (no CDN, no script): every operation
// with each parameter (where, type, allowed values, example), its request body, its responses with
// their headers, and the example request and answer taken from the release being served.
import { ERROR_CATALOG, PROBLEM_TYPE_BASE, type ErrorCode } from '../problems/errors.js';

type Json = Record<string, any>;

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function typeOf(schema: Json | undefined): string {
  if (!schema) return '';
  if (schema['$ref']) return String(schema['$ref']).replace(/^#\/components\/schemas\//, '');
  const t = Array.isArray(schema['type'])
    ? schema['type'].join(' | ')
    : String(schema['type'] ?? 'any');
  const item = schema['items'] ? ` of ${typeOf(schema['items'])}` : '';
  const rule = schema['enum']
    ? `, one of ${schema['enum'].join(', ')}`
    : schema['pattern']
      ? `, pattern ${schema['pattern']}`
      : '';
  return `${t}${item}${rule}`;
}

function bodyFields(schema: Json | undefined): string {
  const props = Object.entries((schema?.['properties'] ?? {}) as Record<string, Json>);
  const required = new Set((schema?.['required'] ?? []) as string[]);
  return props
    .map(
      ([name, p]) =>
        `<li><code>${esc(name)}</code> (${esc(typeOf(p))}${required.has(name) ? ', required' : ''}) ${esc(String(p['description'] ?? ''))}</li>`,
    )
    .join('');
}

const pre = (value: unknown) =>
  `<pre>${esc(typeof value === 'string' ? value : JSON.stringify(value, null, 2))}</pre>`;

function operation(path: string, method: string, op: Json): string {
  const params = ((op['parameters'] ?? []) as Json[])
    .map(
      (p) =>
        `<li><code>${esc(p['name'])}</code> (${esc(p['in'])}${p['required'] ? ', required' : ''}; ${esc(typeOf(p['schema']))}) ${esc(String(p['description'] ?? p['schema']?.['description'] ?? ''))}` +
        `${p['example'] !== undefined ? ` Example: <code>${esc(String(p['example']))}</code>` : ''}</li>`,
    )
    .join('');
  const body = op['requestBody']?.['content']?.['application/json'];
  const bodyHtml = body
    ? `<h3>Request body (application/json)</h3><ul>${bodyFields(body['schema'])}</ul>${body['example'] !== undefined ? `<p>Example:</p>${pre(body['example'])}` : ''}`
    : '';
  const responses = Object.entries((op['responses'] ?? {}) as Record<string, Json>)
    .map(([status, r]) => {
      const headers = Object.keys(r['headers'] ?? {})
        .map((h) => `<code>${esc(h)}</code>`)
        .join(', ');
      const types = Object.keys(r['content'] ?? {})
        .map((t) => `<code>${esc(t)}</code>`)
        .join(', ');
      return `<li><code>${esc(status)}</code> ${esc(String(r['description'] ?? ''))}${types ? ` — ${types}` : ''}${headers ? `; headers ${headers}` : ''}</li>`;
    })
    .join('');
  const examples = Object.entries((op['responses'] ?? {}) as Record<string, Json>).flatMap(
    ([status, r]) =>
      Object.values((r['content'] ?? {}) as Record<string, Json>).flatMap((m) =>
        Object.values((m['examples'] ?? {}) as Record<string, Json>).map(
          (e) =>
            `<p>Example answer (${esc(status)}): ${esc(String(e['summary'] ?? ''))}</p>` +
            (e['x-dala-file']
              ? `<p><a href="${esc(String(e['x-dala-file']))}">${esc(String(e['x-dala-file']))}</a></p>`
              : pre(e['value'])),
        ),
      ),
  );
  return (
    `<section id="${esc(String(op['operationId'] ?? ''))}"><h2><code>${esc(method.toUpperCase())} ${esc(path)}</code></h2><p>${esc(String(op['summary'] ?? ''))}</p>` +
    `<p>operationId <code>${esc(String(op['operationId'] ?? ''))}</code></p>` +
    (params ? `<h3>Parameters</h3><ul>${params}</ul>` : '<h3>Parameters</h3><p>None.</p>') +
    bodyHtml +
    `<h3>Responses</h3><ul>${responses}</ul>${examples.join('')}</section>`
  );
}

/** `head`: markup for the page's head (the release's schema.org structured data). */
export function docsPage(doc: Json, head = ''): string {
  const sections: string[] = [];
  const toc: string[] = [];
  for (const [path, ops] of Object.entries(
    (doc['paths'] ?? {}) as Record<string, Record<string, Json>>,
  )) {
    for (const [method, op] of Object.entries(ops)) {
      sections.push(operation(path, method, op));
      toc.push(
        `<li><a href="#${esc(String(op['operationId'] ?? ''))}"><code>${esc(method.toUpperCase())} ${esc(path)}</code></a></li>`,
      );
    }
  }
  const codes = Object.entries(ERROR_CATALOG)
    .map(
      ([code, e]) =>
        `<li id="${esc(code)}"><code>${e.status} ${esc(code)}</code> ${esc(e.title)} (<a href="${esc(PROBLEM_TYPE_BASE + code)}"><code>${esc(PROBLEM_TYPE_BASE + code)}</code></a>)</li>`,
    )
    .join('');
  const info = doc['info'] as Json;
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${esc(String(info['title']))}</title>${head}` +
    `<style>body{font-family:sans-serif;max-width:64rem;margin:2rem auto;padding:0 1rem}section{border-top:1px solid #ccc}code{background:#f4f4f4}pre{background:#f8f8f8;overflow:auto;max-height:24rem;padding:.5rem}</style></head>` +
    `<body><h1>${esc(String(info['title']))}</h1><p>${esc(String(info['description'] ?? ''))}</p>` +
    `<p>Machine-readable: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1). Start at <a href="/">/</a>.</p><ul>${toc.join('')}</ul>` +
    sections.join('') +
    `<section id="errors"><h2>Error codes</h2><ul>${codes}</ul></section></body></html>`
  );
}

/** The page a problem's `type` names (./problem-types.ts): its code, status, title and where it is listed. */
export function problemTypePage(code: ErrorCode): string {
  const e = ERROR_CATALOG[code];
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${esc(e.title)}</title></head>` +
    `<body><h1>${esc(e.title)}</h1><p>Problem type <code>${esc(PROBLEM_TYPE_BASE + code)}</code>: an answer with HTTP status ${e.status} and <code>"code": "${esc(code)}"</code> in its <code>application/problem+json</code> body (RFC 9457). Its <code>detail</code> says what was wrong with that request; the request changed nothing.</p>` +
    `<p>Every error code: <a href="/api/v1/docs#errors">/api/v1/docs</a>. Start at <a href="/">/</a>.</p></body></html>`
  );
}
