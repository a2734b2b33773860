// What an MCP tool of Dala is (MCP 2025-06-18 "Tools"): a name, a description and input and output
// JSON Schemas written for a model to choose and call it well, and a function of the release pinned
// for the call. Its schemas are JSON Schema, as every route schema here is (and mostly the v1
// routes' own members), so the argument and answer types derive from them (json-schema-to-ts): the
// SDK's high-level McpServer would take zod schemas, a second schema language written beside them.
// Every tool reads and never writes (annotations below); its answer is structured content, checked by
// clients against the output schema, plus a short text rendering of the same values.
import type { JSONSchema } from 'json-schema-to-ts';
import type { LoadedRelease, ReleaseSource } from '../releases/release-types.js';

/** What a call is answered from: the one release pinned for it (docs/interface.md §3) and the others held. */
export interface ToolCall {
  release: LoadedRelease;
  releases: ReleaseSource;
}

export interface ToolAnswer<T> {
  structured: T;
  /** The same answer in a few lines of text, for a client that shows or reads only text. */
  text: string;
}

/** A tool as the server lists and calls it. */
export interface Tool {
  name: string;
  title: string;
  description: string;
  input: JSONSchema & object;
  output: JSONSchema & object;
  run(call: ToolCall, args: never): Promise<ToolAnswer<unknown>>;
}

/**
 * A tool whose `run` takes the arguments its input schema describes and answers what its output
 * schema describes: `Args` and `Answer` are given as FromSchema/FromResponse of the two schemas
 * (declared `as const`), so neither can drift from them.
 */
export function tool<Args, Answer>(definition: {
  name: string;
  title: string;
  description: string;
  input: JSONSchema & object;
  output: JSONSchema & object;
  run(call: ToolCall, args: Args): Promise<ToolAnswer<Answer>>;
}): Tool {
  return definition as Tool;
}

// Every tool only reads the sealed release: no call changes anything (docs/interface.md §1), the
// same arguments give the same answer from the same release, and nothing outside it is reached.
export const READ_ONLY = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
} as const;
