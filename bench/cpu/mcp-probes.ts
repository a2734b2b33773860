// The costliest calls of the MCP endpoint (POST /mcp, src/serve/mcp/) for the CPU-cap bench
// (./route-families.ts): each tool at its largest page (limit 100) over every place, on the largest
// series of the release, at several dates and periods; the tool list; a dataset passport read. A call
// is one JSON-RPC request, answered statelessly, as any client's tools/call is.
import type { Ask, Probe, ReleaseFacts } from './route-families.js';

const HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'accept-encoding': 'br',
};
const PER_PROBE = Number(process.env.BENCH_CPU_URLS ?? 5);

const rpc = (method: string, params: object): Ask => ({
  method: 'POST',
  path: '/mcp',
  headers: HEADERS,
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
});
const tool = (name: string, args: object) => rpc('tools/call', { name, arguments: args });

export function mcpProbes(facts: ReleaseFacts): Probe[] {
  const metrics = facts.metrics.slice(0, PER_PROBE);
  const indicators = facts.items.indicators;
  const probe = (shape: string, asks: Ask[]): Probe => ({
    family: 'MCP',
    representation: 'JSON-RPC',
    shape,
    asks,
  });
  return [
    probe('tools/list, prompts/list, resources/list', [
      rpc('tools/list', {}),
      rpc('prompts/list', {}),
      rpc('resources/list', {}),
    ]),
    probe('resources/read dala://datasets/<id>', [
      rpc('resources/read', { uri: 'dala://datasets/population' }),
      rpc('resources/read', { uri: 'dala://release/manifest' }),
    ]),
    probe(
      'search {query: <common word>, limit: 100}',
      ['район', 'область', 'akimat', 'Kazakhstan', 'город'].map((query) =>
        tool('search', { query, limit: 100 }),
      ),
    ),
    probe('list_topics {locale: en|ru|kk}', [
      tool('list_topics', {}),
      tool('list_topics', { locale: 'ru' }),
      tool('list_topics', { locale: 'kk' }),
    ]),
    probe(
      'describe_indicator <every indicator>',
      indicators.map((indicator) => tool('describe_indicator', { indicator })),
    ),
    probe(
      'get_observations {indicator: <largest>, sort: -value, limit: 100}',
      metrics.map((indicator) =>
        tool('get_observations', { indicator, sort: '-value', limit: 100 }),
      ),
    ),
    probe(
      'compare_places {indicator, period, every place, limit: 100}',
      indicators
        .slice(0, PER_PROBE)
        .flatMap((indicator) =>
          ['2022', '2023-01-01'].map((period) =>
            tool('compare_places', { indicator, period, limit: 100 }),
          ),
        ),
    ),
    probe(
      'snapshot_at_date {indicator: <largest>, date, limit: 100}',
      metrics.flatMap((indicator) =>
        facts.dates
          .slice(0, 2)
          .map((date) => tool('snapshot_at_date', { indicator, date, limit: 100 })),
      ),
    ),
    probe(
      'series_over_range {indicator: <largest>, granularity: day|none, limit: 100}',
      metrics.flatMap((indicator) => [
        tool('series_over_range', { indicator, limit: 100 }),
        tool('series_over_range', { indicator, granularity: 'day', limit: 100 }),
      ]),
    ),
    probe('release_changes {limit: 100}', [tool('release_changes', { limit: 100 })]),
  ];
}
