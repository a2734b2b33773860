// One tool call: its arguments checked against the tool's input schema, the tool run on the release
// pinned for the call, and every failure a tool error (MCP 2025-06-18 "Tools", error handling:
// isError with the reason in its content, so the model sees it and can correct the call) carrying
// the problem document of the one error catalog (docs/interface.md §10.5), never a protocol error:
// an unknown tool alone is one (-32602, as the specification says).
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { ValidateFunction } from '../../lib/ajv.js';
import { ProblemError, problem } from '../problems/errors.js';
import { isStoreFault, parameterProblem, type AjvError } from '../problems/problem-handler.js';
import type { LoadedRelease, ReleaseSource } from '../releases/release-types.js';
import { strictBodyAjv } from '../v1/strict-ajv.js';
import type { Tool } from './tool.js';

export interface CallContext {
  /** The release the call answers from (pinned for an HTTP request; taken per call over stdio, once its store is open). */
  release(): LoadedRelease | Promise<LoadedRelease>;
  /** Returns a release release() pinned, once its answer is made (over stdio; HTTP unpins with the response). */
  unpin?(release: LoadedRelease): void;
  releases: ReleaseSource;
  /** Where an unforeseen failure is logged. */
  log?: { error(obj: object, msg: string): void };
}

const validators = new WeakMap<Tool, ValidateFunction>();

/** The arguments, checked (the first failure a problem naming the argument). */
function checked(t: Tool, args: Record<string, unknown>): unknown {
  let validate = validators.get(t);
  if (!validate) validators.set(t, (validate = strictBodyAjv().compile(t.input)));
  if (validate(args)) return args;
  const accepted = Object.keys((t.input as { properties?: object }).properties ?? {});
  throw parameterProblem((validate.errors as AjvError[])[0]!, 'argument', args, accepted);
}

/** A failed call as a tool error: the detail in words, then the problem document. */
export function toolError(toolName: string, err: ProblemError): CallToolResult {
  const doc = problem(err.code, err.detail, `/mcp#${toolName}`, err.extensions);
  return {
    isError: true,
    content: [{ type: 'text', text: `${err.detail}\n\nproblem: ${JSON.stringify(doc)}` }],
  };
}

export async function callTool(
  ctx: CallContext,
  tools: ReadonlyMap<string, Tool>,
  name: string,
  args: Record<string, unknown> | undefined,
): Promise<CallToolResult> {
  const t = tools.get(name);
  if (!t)
    throw new McpError(
      ErrorCode.InvalidParams,
      `Unknown tool "${name}"; the tools are ${[...tools.keys()].join(', ')}`,
    );
  let release: LoadedRelease | undefined;
  try {
    release = await ctx.release();
    const answer = await t.run(
      { release, releases: ctx.releases },
      checked(t, args ?? {}) as never,
    );
    return {
      content: [{ type: 'text', text: answer.text }],
      structuredContent: answer.structured as Record<string, unknown>,
    };
  } catch (err) {
    if (err instanceof ProblemError) return toolError(name, err);
    // a store read that fails is the release's fault, not the call's: it is reloaded (as for a route)
    if (release && isStoreFault(err)) {
      ctx.releases.reportFault?.(release, err);
      return toolError(
        name,
        new ProblemError(
          'release_unavailable',
          'the served release could not be read; it is being reloaded from its sealed copy: retry shortly',
        ),
      );
    }
    ctx.log?.error({ err }, `MCP tool ${name} failed`);
    return toolError(
      name,
      new ProblemError(
        'internal_error',
        'the server failed to answer this call; it has been logged',
      ),
    );
  } finally {
    if (release) ctx.unpin?.(release);
  }
}

/** `use` run on the release pinned for it, unpinned after (a resource read). */
export async function withRelease<T>(
  ctx: CallContext,
  use: (release: LoadedRelease) => T,
): Promise<T> {
  const release = await ctx.release();
  try {
    return use(release);
  } finally {
    ctx.unpin?.(release);
  }
}
