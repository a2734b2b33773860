// POST /mcp: the MCP Streamable HTTP transport (MCP 2025-06-18 "Transports") on the running service.
// Stateless: each request is answered by a server and transport of its own, from the release pinned
// for the request, with JSON (no SSE stream: nothing is ever pushed), so any serving process or
// replica answers any request and nothing is kept between them. GET (a stream for server messages)
// and DELETE (ending a session) are 405: this server sends none and keeps none.
// The limits of /api/v1/ hold (docs/interface.md §8, §10.7, §10.8): the same rate-limit budget per
// client address, a body of at most 16 KiB, JSON parsed as /api/v1/ parses it, admission of the work;
// before them, DNS rebinding protection (./rebinding.ts).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { PublicOrigin } from '../front/public-origin.js';
import type { Admission } from '../load/admission.js';
import type { Budget } from '../rate-limit/budget.js';
import { pinned } from '../releases/pinned.js';
import type { ReleaseSource } from '../releases/release-types.js';
import { V1_BODY_LIMIT } from '../v1/index.js';
import { jsonBodyParser } from '../v1/json-body.js';
import { rebindingProblem } from './rebinding.js';
import { mcpServer } from './server.js';

export interface McpHttpOptions {
  releases: ReleaseSource;
  budget: Budget;
  admission?: Admission;
  /** The hosts this server answers to (DALA_PUBLIC_URL at serve time, or loopback and IP addresses). */
  publicOrigin: PublicOrigin;
  now?: () => Date;
}

// The request headers the transport reads; the rest stays with Fastify.
const TRANSPORT_HEADERS = ['accept', 'content-type', 'mcp-protocol-version', 'mcp-session-id'];

function webRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const name of TRANSPORT_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  // the body is already parsed (and size-checked) by Fastify: the transport is given it as it is
  return new Request('http://mcp.invalid/mcp', { method: request.method, headers });
}

export const mcpPlugin: FastifyPluginAsync<McpHttpOptions> = async (app, opts) => {
  app.addHook('onRequest', (request, _reply, done) => {
    const refused = rebindingProblem(request.headers, opts.publicOrigin);
    if (refused) throw refused;
    done();
  });
  app.addHook('onRequest', opts.budget.limit);
  opts.admission?.install(app);
  app.removeContentTypeParser(['text/plain']);
  jsonBodyParser(app);

  app.post(
    '/mcp',
    {
      bodyLimit: V1_BODY_LIMIT,
      // MCP is JSON-RPC described by its own specification and by its tools/list answer (README.md)
      schema: { hide: true },
    },
    async (request, reply) => {
      const release = pinned(request);
      const server = mcpServer({
        release: () => release,
        releases: opts.releases,
        log: request.log,
        now: opts.now,
      });
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      await server.connect(transport);
      try {
        const answer = await transport.handleRequest(webRequest(request), {
          parsedBody: request.body,
        });
        reply.code(answer.status).header('cache-control', 'no-store');
        answer.headers.forEach((value, name) => void reply.header(name, value));
        const body = await answer.text();
        return reply.send(body === '' ? undefined : body);
      } finally {
        await server.close();
      }
    },
  );
};
