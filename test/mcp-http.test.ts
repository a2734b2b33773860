// The MCP server at /mcp of the production app on a real listening server, through the official
// SDK's client (which checks every structured answer against the tool's output schema): the tools
// listed, and the tools that give values (observations, places compared, a snapshot, a series),
// their values exactly those of /api/v1/ and /api/timemachine/, each cited by a permalink that
// resolves to sealed bytes holding it. Describing, topics, search, resources, bad arguments and
// changes: mcp-http-catalog.test.ts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { callTool } from './support/mcp-client.js';
import { FAMILY_CSV } from './support/mcp-fixture.js';
import { call } from './support/v1-fixture.js';
import { second, s, client, v1, core, resolve } from './support/mcp-served.js';

test('tools/list names eight read-only tools, each with a description and self-contained input and output schemas', async () => {
  const { tools } = await client.listTools();
  assert.deepEqual(
    tools.map((t) => t.name),
    [
      'search',
      'list_topics',
      'describe_indicator',
      'get_observations',
      'compare_places',
      'snapshot_at_date',
      'series_over_range',
      'release_changes',
    ],
  );
  for (const t of tools) {
    assert.ok((t.description ?? '').length > 100, `${t.name} says when to use it`);
    assert.equal(t.inputSchema.type, 'object', t.name);
    assert.equal(t.outputSchema?.type, 'object', t.name);
    assert.doesNotMatch(JSON.stringify([t.inputSchema, t.outputSchema]), /\$ref/, t.name);
    assert.equal(t.annotations?.readOnlyHint, true, t.name);
    assert.equal(t.annotations?.destructiveHint, false, t.name);
  }
  assert.match(client.getInstructions() ?? '', /A missing value is not zero/);
});

test('get_observations gives exactly the values of /api/v1/observations, each cited by a permalink to a sealed file holding it', async () => {
  const answer = await callTool(client, 'get_observations', {
    indicator: 'population',
    limit: 100,
  });
  assert.equal(answer.isError, false, answer.text);
  const expected = await v1('/observations?indicator=population&limit=100');
  assert.equal(answer.structured.revision, second);
  assert.equal(answer.structured.total, expected.meta.count);
  assert.deepEqual(answer.structured.values.map(core), expected.data.map(core));
  const karaganda = answer.structured.values.filter((v: any) => v.place === 'place:KZ-35');
  assert.deepEqual(
    karaganda.map((v: any) => [v.period, v.value, v.null_reason]),
    [
      ['2023', 1_130_000, null],
      ['2024', 1_200_000, null],
      ['2025', null, 'not published in the source table'],
    ],
  );
  assert.match(answer.text, /Karaganda Region \(place:KZ-35\), 2025: not published/);
  for (const v of answer.structured.values) {
    assert.equal(v.permalink, `/r/${second}/data/${FAMILY_CSV}`);
    assert.equal(v.source_name, 'Bureau of National Statistics: population');
    assert.equal(v.source_url, 'https://stat.gov.kz/');
  }
  const sealed = await resolve(answer.structured.values[0].permalink);
  assert.equal(sealed.status, 200);
  for (const v of answer.structured.values)
    assert.ok(
      sealed.text.includes(`population,${v.place.slice(6)},${v.period},${v.value ?? ''},`),
      `the permalinked file holds ${v.place} ${v.period}`,
    );
});

test('get_observations pages at most limit values, its cursor going on to the end and continuing only its own query', async () => {
  const all = await v1('/observations?indicator=population&limit=100');
  const seen: unknown[] = [];
  let cursor: string | undefined;
  do {
    const page = await callTool(client, 'get_observations', {
      indicator: 'population',
      limit: 2,
      ...(cursor ? { cursor } : {}),
    });
    assert.ok(page.structured.values.length <= 2);
    seen.push(...page.structured.values.map(core));
    cursor = page.structured.next_cursor ?? undefined;
  } while (cursor);
  assert.deepEqual(seen, all.data.map(core));
  const page = await callTool(client, 'get_observations', { indicator: 'population', limit: 2 });
  const elsewhere = await callTool(client, 'snapshot_at_date', {
    indicator: 'population',
    cursor: page.structured.next_cursor,
  });
  assert.equal(elsewhere.problem?.code, 'invalid_cursor');
});

test('compare_places ranks the places asked at one period, says a value not published as null and a place without any as absent', async () => {
  const answer = await callTool(client, 'compare_places', {
    indicator: 'indicator:population',
    period: '2024',
    places: ['KZ-35', 'almaty-region', 'KZ-75', 'place:KZ-71'],
  });
  assert.equal(answer.isError, false, answer.text);
  const ranked = answer.structured.ranked;
  assert.deepEqual(
    ranked.map((v: any) => [v.rank, v.place, v.value]),
    [
      [1, 'place:KZ-75', 2_200_000],
      [2, 'place:KZ-19', 1_500_000],
      [3, 'place:KZ-35', 1_200_000],
    ],
  );
  const expected = await v1(
    '/observations?indicator=population&period=2024&place=KZ-35,KZ-19,KZ-75&sort=-value',
  );
  assert.deepEqual(
    ranked.map(({ rank: _, ...v }: any) => core(v)),
    expected.data.map(core),
  );
  assert.deepEqual(
    answer.structured.absent.map((a: any) => [a.place, a.place_name, a.value]),
    [['place:KZ-71', 'Astana', null]],
  );
  assert.match(answer.structured.absent[0].null_reason, /no observation of population for 2024/);

  const missing = await callTool(client, 'compare_places', {
    indicator: 'population',
    period: '2025',
    places: ['KZ-35'],
  });
  assert.deepEqual(
    missing.structured.ranked.map((v: any) => [v.rank, v.value, v.null_reason]),
    [[null, null, 'not published in the source table']],
  );
  assert.match(missing.text, /unranked .*not published/);
  const ascending = await callTool(client, 'compare_places', {
    indicator: 'population',
    period: '2024',
    order: 'asc',
  });
  assert.deepEqual(
    ascending.structured.ranked.map((v: any) => v.place),
    ['place:KZ-35', 'place:KZ-19', 'place:KZ-75'],
  );
  assert.match(ascending.structured.note, /the country \(KZ\) is not ranked among them/);
});

test('snapshot_at_date gives per place the latest value whose period ends by the date, as /api/timemachine/snapshot does', async () => {
  const answer = await callTool(client, 'snapshot_at_date', {
    indicator: 'population',
    date: '2024-06-30',
  });
  assert.equal(answer.isError, false, answer.text);
  const timemachine = (
    await call(`${s.url}/api/timemachine/snapshot?date=2024-06-30&layers=demography`)
  ).body;
  const points = timemachine.points.filter((p: any) => p.metric === 'population');
  assert.deepEqual(
    answer.structured.values.map((v: any) => [v.place, v.period, v.value]),
    points.map((p: any) => [`place:${p.place}`, p.period, p.value]),
  );
  assert.deepEqual(
    answer.structured.values.find((v: any) => v.place === 'place:KZ-35')?.period,
    '2023',
  );
  assert.equal(answer.structured.date, '2024-06-30');
  const early = await callTool(client, 'snapshot_at_date', {
    indicator: 'population',
    date: '2001-01-01',
  });
  assert.equal(early.structured.total, 0);
  assert.match(early.structured.note, /does not show that none exists/);
});

test('series_over_range gives the points of /api/timemachine/series a window at a time, following its cursor', async () => {
  const whole = (await call(`${s.url}/api/timemachine/series?metric=grp_cumulative&place=KZ-35`))
    .body;
  const expected = whole.series[0].points.map((p: any) => [p.period, p.value, p.unit]);
  const seen: unknown[] = [];
  let cursor: string | undefined;
  do {
    const page = await callTool(client, 'series_over_range', {
      indicator: 'grp_cumulative',
      places: ['KZ-35'],
      limit: 1,
      ...(cursor ? { cursor } : {}),
    });
    assert.equal(page.isError, false, page.text);
    assert.ok(page.structured.values.length <= 1);
    seen.push(...page.structured.values.map((v: any) => [v.period, v.value, v.unit]));
    cursor = page.structured.next_cursor ?? undefined;
  } while (cursor);
  assert.deepEqual(seen, expected);
  assert.deepEqual(expected, [
    ['2024-Q1', 1000, 'mln KZT'],
    ['2024-H1', 2100, 'mln KZT'],
  ]);
});
