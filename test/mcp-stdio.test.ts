// `dala mcp`, the MCP server over stdio, started as a desktop client starts it and driven by the
// official SDK's client: the same tools as /mcp, its values exactly those of /api/v1/ on the same
// releases, tool errors with the catalog's problem, and the process ending when its input ends.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, before, test } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { callTool, DALA, httpClient, stdioClient } from './support/mcp-client.js';
import { FAMILY_CSV, makeMcpRelease } from './support/mcp-fixture.js';
import { call, startV1, type V1Server } from './support/v1-fixture.js';
import { dalaCommandEnv } from './support/dala-command.js';

let releasesDir: string;
let revision: string;
let s: V1Server;
let client: Client;
let stderr: () => string;

before(async () => {
  ({ releasesDir, revision } = await makeMcpRelease());
  s = await startV1(releasesDir);
  ({ client, stderr } = await stdioClient(releasesDir));
});
after(async () => {
  await client.close();
  await s.close();
});

test('dala mcp lists the tools /mcp lists, with the same schemas', async () => {
  const http = await httpClient(s.url);
  try {
    assert.deepEqual((await client.listTools()).tools, (await http.listTools()).tools);
    assert.equal(client.getServerVersion()?.name, 'dala');
  } finally {
    await http.close();
  }
});

test('over stdio, get_observations and compare_places give exactly the values of /api/v1/observations', async () => {
  const answer = await callTool(client, 'get_observations', {
    indicator: 'population',
    limit: 100,
  });
  assert.equal(answer.isError, false, `${answer.text}\n${stderr()}`);
  const expected = (await call(`${s.base}/observations?indicator=population&limit=100`)).body;
  assert.equal(answer.structured.revision, revision);
  assert.deepEqual(
    answer.structured.values.map((v: any) => [
      v.place,
      v.period,
      v.value,
      v.null_reason,
      v.unit,
      v.status,
      v.source,
    ]),
    expected.data.map((v: any) => [
      v.place,
      v.period,
      v.value,
      v.null_reason,
      v.unit,
      v.status,
      v.source,
    ]),
  );
  assert.equal(answer.structured.values[0].permalink, `/r/${revision}/data/${FAMILY_CSV}`);
  const ranked = await callTool(client, 'compare_places', {
    indicator: 'population',
    period: '2024',
    places: ['KZ-35', 'KZ-75', 'KZ-71'],
  });
  assert.deepEqual(
    ranked.structured.ranked.map((v: any) => [v.rank, v.place, v.value]),
    [
      [1, 'place:KZ-75', 2_200_000],
      [2, 'place:KZ-35', 1_131_000],
    ],
  );
  assert.deepEqual(
    ranked.structured.absent.map((a: any) => a.place),
    ['place:KZ-71'],
  );
  const manifest = await client.readResource({ uri: 'dala://release/manifest' });
  assert.equal(
    (manifest.contents[0] as { text: string }).text,
    await (await fetch(`${s.url}/data/release-manifest.json`)).text(),
  );
  const bad = await callTool(client, 'snapshot_at_date', {
    indicator: 'population',
    date: '2024-13-01',
  });
  assert.equal(bad.problem?.code, 'invalid_date');
});

test('over stdio every tool answers what /mcp answers (a cursor aside: it is signed per process), each value with its period, unit, source and a permalink that resolves', async () => {
  const http = await httpClient(s.url);
  const calls: [string, Record<string, unknown>][] = [
    ['search', { query: 'Karagandy' }],
    ['list_topics', { locale: 'ru' }],
    ['describe_indicator', { indicator: 'population', locale: 'kk' }],
    ['get_observations', { indicator: 'population', limit: 2 }],
    ['compare_places', { indicator: 'population', period: '2024' }],
    ['snapshot_at_date', { indicator: 'population', date: '2024-06-30' }],
    ['series_over_range', { indicator: 'grp_cumulative', places: ['KZ-35'] }],
    ['release_changes', {}],
    ['get_observations', { indicator: 'nope' }],
  ];
  try {
    const answered = new Set<string>();
    for (const [name, args] of calls) {
      const overStdio = await callTool(client, name, args);
      const overHttp = await callTool(http, name, args);
      const { next_cursor: a, ...stdioRest } = overStdio.structured ?? {};
      const { next_cursor: b, ...httpRest } = overHttp.structured ?? {};
      const label = `${name} ${JSON.stringify(args)}`;
      assert.deepEqual(stdioRest, httpRest, label);
      assert.equal(overStdio.text, overHttp.text, label);
      assert.deepEqual(overStdio.problem, overHttp.problem, label);
      assert.equal(typeof a, typeof b, label);
      answered.add(name);
      for (const v of overStdio.structured?.values ?? []) {
        for (const member of ['period', 'unit', 'status', 'source', 'revision'])
          assert.ok(v[member], `${label}: ${member} of ${v.place} ${v.period}`);
        assert.equal(v.revision, revision, label);
        const sealed = await fetch(s.url + new URL(v.permalink, 'http://base.invalid').pathname);
        assert.equal(sealed.status, 200, `${label}: ${v.permalink}`);
        if (v.indicator === 'indicator:population')
          assert.ok((await sealed.text()).includes(`,${v.place.slice(6)},${v.period},`), label);
      }
    }
    assert.deepEqual(
      [...answered].sort(),
      (await client.listTools()).tools.map((t) => t.name).sort(),
      'every tool was called',
    );
  } finally {
    await http.close();
  }
});

test('dala mcp exits 0 when its input ends', async () => {
  const child = spawn(process.execPath, [DALA, 'mcp', '--releases', releasesDir], {
    env: { ...process.env, ...dalaCommandEnv() },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d));
  child.stdin.end();
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  assert.equal(code, 0);
  assert.equal(out, '', 'nothing but protocol messages on stdout');
});
