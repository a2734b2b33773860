// The MCP server at /mcp of the production app on a real listening server, through the official
// SDK's client: the tools that describe (an indicator, topics, search, the changes between releases)
// and the resources, each what /api/v1/ answers; bad arguments answered as tool errors with the one
// catalog's problem; and no call changing anything. The tools that give values: mcp-http.test.ts.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { ERROR_CATALOG } from '../src/serve/problems/errors.js';
import { callTool } from './support/mcp-client.js';
import { FAMILY_CSV, makeMcpRelease } from './support/mcp-fixture.js';
import { releasesDir, first, second, s, client, v1 } from './support/mcp-served.js';

test('describe_indicator is /api/v1/indicators/{id} with its source and permalink; search is /api/v1/search', async () => {
  const described = await callTool(client, 'describe_indicator', { indicator: 'population' });
  const expected = await v1('/indicators/indicator:population');
  assert.deepEqual(described.structured.indicator, expected.data);
  assert.equal(described.structured.source_name, 'Bureau of National Statistics: population');
  assert.equal(described.structured.permalink, `/r/${second}/data/${FAMILY_CSV}`);
  assert.match(described.text, /unit persons/);
  assert.deepEqual(described.structured.topics, [
    {
      id: 'topic:population',
      kind: 'domain',
      notation: null,
      name: 'Population and demography',
      names: {
        en: 'Population and demography',
        ru: 'Население и демография',
        kk: 'Халық және демография',
      },
    },
  ]);
  const inRussian = await callTool(client, 'describe_indicator', {
    indicator: 'grp_cumulative',
    locale: 'ru',
  });
  assert.deepEqual(
    inRussian.structured.topics.map((t: any) => [t.id, t.name, t.notation]),
    [
      ['topic:national-accounts', 'Национальные счета', null],
      ['topic:sdg-8', 'Достойна работа и экономический рост', '8'],
    ],
  );
  assert.match(
    inRussian.text,
    /topics: Национальные счета, topic:national-accounts; Достойна работа и экономический рост, topic:sdg-8/,
  );
  const found = await callTool(client, 'search', { query: 'Karagandy' });
  const hits = await v1('/search?q=Karagandy');
  assert.deepEqual(found.structured.hits, hits.data);
  assert.equal(found.structured.hits[0].id, 'place:KZ-35');
  const none = await callTool(client, 'search', { query: 'Zzyzxqw' });
  assert.equal(none.structured.total, 0);
  assert.match(none.text, /does not show the object does not exist/);
});

test('list_topics names every topic of /api/v1/topics in the locale asked, in its order, each with the indicators of /api/v1/indicators classified in it', async () => {
  const topics = (await v1('/topics')).data;
  const indicators = (await v1('/indicators?limit=100')).data;
  const answer = await callTool(client, 'list_topics', { locale: 'kk' });
  assert.equal(answer.isError, false, answer.text);
  assert.equal(answer.structured.revision, second);
  assert.deepEqual(
    answer.structured.topics.map((t: any) => [t.id, t.kind, t.notation, t.name, t.names]),
    topics.map((t: any) => [t.id, t.kind, t.notation, t.names.kk, t.names]),
  );
  assert.deepEqual(
    answer.structured.topics.map((t: any) => [t.id, t.indicators]),
    topics.map((t: any) => [
      t.id,
      indicators
        .filter((i: any) => i.topics.includes(t.id))
        .map((i: any) => ({ indicator: i.id, name: i.names.kk })),
    ]),
  );
  assert.deepEqual(
    answer.structured.topics.map((t: any) => [t.id, t.indicators.map((i: any) => i.indicator)]),
    [
      ['topic:population', ['indicator:population']],
      ['topic:labour', []],
      ['topic:national-accounts', ['indicator:grp_cumulative']],
      ['topic:sdg-8', ['indicator:grp_cumulative']],
    ],
  );
  assert.match(
    answer.text,
    /Халық және демография \(topic:population\): indicator:population Халық саны/,
  );
  assert.match(answer.text, /\(topic:sdg-8, SDG 8\): indicator:grp_cumulative/);
  for (const t of answer.structured.topics)
    for (const { indicator } of t.indicators) {
      const described = await callTool(client, 'describe_indicator', { indicator });
      assert.ok(
        described.structured.topics.some((x: any) => x.id === t.id),
        `${indicator} in ${t.id}`,
      );
    }
  const bad = await callTool(client, 'list_topics', { locale: 'fr' });
  assert.equal(bad.problem?.code, 'invalid_locale');
});

test('search names the topics its words name (a domain in any language, an SDG goal by number) with their indicators, beside the hits', async () => {
  const accounts = await callTool(client, 'search', { query: 'Национальные', locale: 'ru' });
  assert.deepEqual(
    accounts.structured.topics.map((t: any) => [t.id, t.name, t.indicators]),
    [
      [
        'topic:national-accounts',
        'Национальные счета',
        [{ indicator: 'indicator:grp_cumulative', name: 'ВРП, нарастающим итогом' }],
      ],
    ],
  );
  assert.match(accounts.text, /topic topic:national-accounts: Национальные счета/);
  const goal = await callTool(client, 'search', { query: 'SDG 8' });
  assert.deepEqual(
    goal.structured.topics.map((t: any) => [t.id, t.notation]),
    [['topic:sdg-8', '8']],
  );
  const none = await callTool(client, 'search', { query: 'Karagandy' });
  assert.deepEqual(none.structured.topics, []);
});

test('resources: the release manifest as sealed and each dataset passport as /api/v1/datasets/{id}; the usage rules prompt', async () => {
  const { resources } = await client.listResources();
  assert.ok(resources.some((r) => r.uri === 'dala://release/manifest'));
  assert.ok(resources.some((r) => r.uri === 'dala://datasets/population'));
  const manifest = await client.readResource({ uri: 'dala://release/manifest' });
  assert.equal(
    (manifest.contents[0] as { text: string }).text,
    await (await fetch(`${s.url}/data/release-manifest.json`)).text(),
  );
  const passport = await client.readResource({ uri: 'dala://datasets/population' });
  assert.deepEqual(
    JSON.parse((passport.contents[0] as { text: string }).text),
    (await v1('/datasets/dataset:population')).data,
  );
  await assert.rejects(client.readResource({ uri: 'dala://datasets/atlantis' }), { code: -32002 });
  const { resourceTemplates } = await client.listResourceTemplates();
  assert.deepEqual(
    resourceTemplates.map((t) => t.uriTemplate),
    ['dala://datasets/{dataset}'],
  );
  const { prompts } = await client.listPrompts();
  assert.deepEqual(
    prompts.map((p) => p.name),
    ['usage_rules'],
  );
  const prompt = await client.getPrompt({ name: 'usage_rules' });
  const text = (prompt.messages[0]!.content as { text: string }).text;
  for (const rule of [
    /Keep the period with every value/,
    /Cite the source/,
    /A missing value is not zero/,
    /An empty result does not prove absence/,
  ])
    assert.match(text, rule);
});

test('bad arguments are tool errors carrying the problem of the one catalog; an unknown tool is a protocol error', async () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['get_observations', { indicator: 'population', limit: 500 }, 'invalid_limit'],
    ['get_observations', { indicator: 'population', bogus: 1 }, 'unknown_parameter'],
    ['get_observations', {}, 'missing_parameter'],
    ['get_observations', { indicator: 'population', places: ['Atlantis'] }, 'invalid_parameter'],
    ['get_observations', { indicator: 'population', cursor: 'garbage' }, 'invalid_cursor'],
    ['get_observations', { indicator: 'population', sex: ['F'] }, 'dimension_not_applicable'],
    ['get_observations', { indicator: 'nope' }, 'not_found'],
    ['snapshot_at_date', { indicator: 'population', date: '2024-02-30' }, 'invalid_date'],
    [
      'series_over_range',
      { indicator: 'population', start_date: '2025-01-01', end_date: '2024-01-01' },
      'invalid_date_range',
    ],
    [
      'series_over_range',
      { indicator: 'population', granularity: 'decade' },
      'invalid_granularity',
    ],
    ['search', { query: 'x', locale: 'fr' }, 'invalid_locale'],
    ['search', { query: '!!!' }, 'invalid_query'],
    ['describe_indicator', { indicator: 'nope' }, 'not_found'],
    ['release_changes', { from: '0000000000000000' }, 'unknown_release'],
  ];
  for (const [name, args, code] of cases) {
    const answer = await callTool(client, name, args);
    assert.equal(answer.isError, true, `${name} ${JSON.stringify(args)}`);
    assert.equal(answer.problem.code, code, `${name} ${JSON.stringify(args)}: ${answer.text}`);
    assert.equal(answer.problem.status, ERROR_CATALOG[code as keyof typeof ERROR_CATALOG].status);
    assert.ok(answer.text.startsWith(answer.problem.detail), answer.text);
  }
  await assert.rejects(client.callTool({ name: 'delete_everything', arguments: {} }), {
    code: -32602,
  });
});

/** sha256 of every file under the releases directory, by path. */
async function digest(dir: string): Promise<string> {
  const hash = createHash('sha256');
  const walk = async (d: string): Promise<void> => {
    for (const e of (await readdir(d, { withFileTypes: true })).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    )) {
      const p = join(d, e.name);
      if (e.isDirectory()) await walk(p);
      else hash.update(p).update(await readFile(p));
    }
  };
  await walk(dir);
  return hash.digest('hex');
}

test('no call changes anything: the releases on disk and the answers of /api/v1/ are the same after every tool ran', async () => {
  const before = await digest(releasesDir);
  const answers = await v1('/observations?indicator=population&limit=100');
  for (const [name, args] of [
    ['search', { query: 'Almaty' }],
    ['list_topics', {}],
    ['describe_indicator', { indicator: 'population' }],
    ['get_observations', { indicator: 'population' }],
    ['compare_places', { indicator: 'population', period: '2024' }],
    ['snapshot_at_date', { indicator: 'population' }],
    ['series_over_range', { indicator: 'population' }],
    ['release_changes', {}],
  ] as const)
    assert.equal((await callTool(client, name, args)).isError, false, name);
  assert.equal(await digest(releasesDir), before);
  assert.deepEqual(await v1('/observations?indicator=population&limit=100'), answers);
});

test('release_changes is /api/v1/changes; a cursor stays on its release while a new one is served', async () => {
  const pair = await callTool(client, 'release_changes', {});
  assert.deepEqual([pair.structured.from, pair.structured.to], [first, second]);
  assert.deepEqual(pair.structured.changes, (await v1('/changes')).data);
  assert.ok(
    pair.structured.changes.some((c: any) => c.key === 'store.sqlite' && c.change === 'modified'),
  );

  const page = await callTool(client, 'get_observations', { indicator: 'population', limit: 1 });
  const third = await makeMcpRelease(releasesDir, {
    karaganda2024: 1_300_000,
    builtAt: '2026-03-01T00:00:00Z',
  });
  await s.holder.refresh();
  const rest = await callTool(client, 'get_observations', {
    indicator: 'population',
    limit: 100,
    cursor: page.structured.next_cursor,
  });
  assert.equal(rest.structured.revision, second);
  assert.equal(
    rest.structured.values.find((v: any) => v.place === 'place:KZ-35' && v.period === '2024').value,
    1_200_000,
  );
  const fresh = await callTool(client, 'get_observations', {
    indicator: 'population',
    places: ['KZ-35'],
    periods: ['2024'],
  });
  assert.deepEqual(
    [fresh.structured.revision, fresh.structured.values[0].value],
    [third.revision, 1_300_000],
  );
});
