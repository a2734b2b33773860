// The official MCP SDK's client, as an assistant's client runs it, for the MCP tests: over Streamable
// HTTP to a listening server's /mcp, or over stdio to `dala mcp`. The client checks every structured
// answer against the tool's output schema (from tools/list) before it returns it.
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { dalaCommandEnv } from './dala-command.js';

export const DALA = fileURLToPath(new URL('../../bin/dala.js', import.meta.url));

export async function httpClient(url: string): Promise<Client> {
  const client = new Client({ name: 'dala-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`)));
  return client;
}

/** `dala mcp --releases DIR` started as a desktop client starts it; its stderr kept for failures. */
export async function stdioClient(
  releasesDir: string,
): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [DALA, 'mcp', '--releases', releasesDir],
    env: { ...(process.env as Record<string, string>), ...dalaCommandEnv() },
    stderr: 'pipe',
  });
  let err = '';
  transport.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const client = new Client({ name: 'dala-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => err };
}

export interface ToolAnswer {
  isError: boolean;
  text: string;
  structured: any;
  /** A tool error's problem document (the one catalog's code and detail). */
  problem: any;
}

export async function callTool(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<ToolAnswer> {
  const r = await client.callTool({ name, arguments: args });
  const text = (r.content as { type: string; text: string }[])
    .filter((c) => c.type === 'text')
    .map((c) => c.text)
    .join('\n');
  const problem = r.isError ? JSON.parse(text.slice(text.indexOf('problem: ') + 9)) : null;
  return { isError: r.isError === true, text, structured: r.structuredContent, problem };
}
