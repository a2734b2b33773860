// The MCP tests' server: two releases of the MCP fixture (the second newer, with another Karaganda
// value) served by the production app on a real listening server from before the file's tests to
// after them, an SDK client connected to its /mcp, and what the tests compare with. Imported
// bindings are live: they hold the server once the file's before hook has run.
import { after, before } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { httpClient } from './mcp-client.js';
import { makeMcpRelease } from './mcp-fixture.js';
import { call, startV1, type V1Server } from './v1-fixture.js';

export const NOW = new Date('2026-06-01T00:00:00Z');
export let releasesDir: string;
export let first: string;
export let second: string;
export let s: V1Server;
export let client: Client;

before(async () => {
  const a = await makeMcpRelease();
  releasesDir = a.releasesDir;
  first = a.revision;
  second = (
    await makeMcpRelease(releasesDir, { karaganda2024: 1_200_000, builtAt: '2026-02-01T00:00:00Z' })
  ).revision;
  s = await startV1(releasesDir, { now: () => NOW });
  client = await httpClient(s.url);
});
after(async () => {
  await client.close();
  await s.close();
});

export const v1 = async (path: string) => (await call(`${s.base}${path}`)).body;
/** The members a value shares with the v1 observation it is. */
export const core = (o: Record<string, unknown>) => {
  const { indicator, dimensions, place, period, period_start, period_end, value } = o;
  const { null_reason, status, note, unit, source, revision } = o;
  return {
    indicator,
    dimensions,
    place,
    period,
    period_start,
    period_end,
    value,
    null_reason,
    status,
    note,
    unit,
    source,
    revision,
  };
};
/** The permalink's bytes, asked of this server (its public base is the release's, not this address). */
export const resolve = async (permalink: string) => {
  const res = await fetch(s.url + new URL(permalink, 'http://base.invalid').pathname);
  return { status: res.status, text: await res.text() };
};
