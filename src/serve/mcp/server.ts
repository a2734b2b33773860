// The MCP server of Dala (MCP 2025-06-18): tools, resources and a prompt over the sealed release,
// read-only. One server is made per HTTP request (the Streamable HTTP transport is run stateless:
// no session is kept, so any serving process or replica answers any request) and one per stdio
// connection. It is the SDK's low-level Server, given JSON Schemas as they are (./tool.ts says why).
import { createRequire } from 'node:module';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  ErrorCode,
  McpError,
  type Tool as ListedTool,
} from '@modelcontextprotocol/sdk/types.js';
import { callTool, withRelease, type CallContext } from './call.js';
import { listResources, readResource, RESOURCE_TEMPLATES } from './resources.js';
import { READ_ONLY } from './tool.js';
import { TOOLS } from './tools/index.js';
import { USAGE_PROMPT, USAGE_RULES, usagePrompt } from './usage-rules.js';

const { version } = createRequire(import.meta.url)('../../../package.json') as { version: string };

const BY_NAME = new Map(TOOLS.map((t) => [t.name, t]));

const LISTED: ListedTool[] = TOOLS.map((t) => ({
  name: t.name,
  title: t.title,
  description: t.description,
  inputSchema: t.input as ListedTool['inputSchema'],
  outputSchema: t.output as ListedTool['outputSchema'],
  annotations: { title: t.title, ...READ_ONLY },
}));

export interface McpOptions extends CallContext {
  /** The clock resources evaluate freshness with (docs/interface.md §2.1); tests pin it. */
  now?: () => Date;
}

export function mcpServer(opts: McpOptions): Server {
  const server = new Server(
    { name: 'dala', title: 'Dala: public data of Kazakhstan', version },
    {
      capabilities: { tools: {}, resources: {}, prompts: {} },
      instructions: USAGE_RULES,
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: LISTED }));
  server.setRequestHandler(CallToolRequestSchema, (request) =>
    callTool(opts, BY_NAME, request.params.name, request.params.arguments),
  );
  server.setRequestHandler(ListResourcesRequestSchema, (request) =>
    withRelease(opts, (release) => listResources(release, request.params?.cursor)),
  );
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: RESOURCE_TEMPLATES,
  }));
  server.setRequestHandler(ReadResourceRequestSchema, (request) =>
    withRelease(opts, (release) =>
      readResource(release, request.params.uri, (opts.now ?? (() => new Date()))()),
    ),
  );
  server.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts: [USAGE_PROMPT] }));
  server.setRequestHandler(GetPromptRequestSchema, (request) => {
    if (request.params.name !== USAGE_PROMPT.name)
      throw new McpError(
        ErrorCode.InvalidParams,
        `Unknown prompt "${request.params.name}"; the prompt is ${USAGE_PROMPT.name}`,
      );
    return usagePrompt();
  });
  return server;
}
