// The CPU budget per request, through a real listening server: the costliest request within the
// limits of each route family makes at most its page of rows (a bounded number of bytes), and the
// server's CPU for it stays far below what an unbounded answer costs. The CPU bound is a generous
// margin (5x the 50 ms cap; bench/cpu-cap.bench.ts measures the real figures) against
// order-of-magnitude regressions on a shared machine, such as a CSV page that writes the whole
// collection: with the 20,000 points of this fixture that costs seconds, a page a few milliseconds.
import assert from 'node:assert/strict';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { after, before, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { buildApp, type DalaApp } from '../src/serve/app.js';
import { sealFixture } from './support/fixture-release.js';
import { v1Store } from './support/v1-fixture.js';
import { measureRequestCpu, type RequestCpu } from './support/request-cpu.js';

const MARGIN_MS = 250;
/** The CPU an observation of a whole SDMX dataflow may cost (a generous margin). */
const OBSERVATION_MARGIN_MS = 0.25;
const POINTS = 20_000;

let app: DalaApp;
let port: number;
let cpu: RequestCpu;
/** The population flow's observations: the 20,000 added and the fixture's own. */
let flowPoints: number;

before(async () => {
  // the v1 fixture with 20,000 daily points of one series (labelled test fixture)
  const store = v1Store();
  for (let i = 0; i < POINTS; i++) {
    const day = new Date(Date.UTC(1960, 0, 1) + i * 864e5).toISOString().slice(0, 10);
    store.points.push({
      metric: 'population',
      place: 'KZ-19',
      period: day,
      period_start: day,
      period_end: day,
      value: (i * 7919) % 100_003,
      null_reason: null,
      status: 'final',
      unit: 'persons',
      source_id: 'bns-population',
      note: 'test fixture, a note long enough to weigh in every row of an answer',
    });
  }
  store.points.sort((a, b) =>
    a.metric < b.metric
      ? -1
      : a.metric > b.metric
        ? 1
        : a.place < b.place
          ? -1
          : a.place > b.place
            ? 1
            : 0,
  );
  flowPoints = store.points.filter((p) => p.metric === 'population').length;
  const { releasesDir } = await sealFixture(undefined, {}, store);
  // no answer is kept, so asking a URL again costs what asking it first did
  app = await buildApp({
    releasesDir,
    logger: false,
    answerCache: { maxBytes: 0 },
    v1: { rateLimit: { burst: 1e6, refillPerSecond: 1e6 } },
  });
  // the server's CPU from the request's arrival to its answer handed whole to the socket
  cpu = measureRequestCpu(app.server);
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as { port: number }).port;
});
after(async () => app?.close());

interface Answer {
  status: number;
  body: Buffer;
  cpuMs: number;
  headers: IncomingMessage['headers'];
}

/** One request at a time; its body as sent (not decoded) and the server's CPU for it. */
function ask(path: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', async () => {
        const cpuMs = await cpu.last();
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks),
          cpuMs,
          headers: res.headers,
        });
      });
    })
      .on('error', reject)
      .end();
  });
}

/** The answer, and the median of three askings' server CPU. */
async function costOf(path: string, headers: Record<string, string>): Promise<Answer> {
  const runs: Answer[] = [];
  for (let k = 0; k < 3; k++) runs.push(await ask(path, headers));
  return { ...runs[0]!, cpuMs: runs.map((r) => r.cpuMs).sort((a, b) => a - b)[1]! };
}

const identity = (accept: string) => ({ accept, 'accept-encoding': 'identity' });
const csvRows = (body: Buffer) =>
  (parse(body.toString('utf8'), { columns: true }) as unknown[]).length;

function withinBudget(label: string, a: Answer): void {
  assert.ok(
    a.cpuMs <= MARGIN_MS,
    `${label}: ${a.cpuMs.toFixed(1)} ms of server CPU (bound ${MARGIN_MS} ms)`,
  );
}

test('a page of observations costs a page, in JSON and CSV, in every order and coding, never the whole collection', async () => {
  for (const sort of ['value', '-value', 'period', 'indicator']) {
    for (const limit of [1, 100]) {
      const json = await costOf(
        `/api/v1/observations?sort=${sort}&limit=${limit}`,
        identity('application/json'),
      );
      assert.equal(json.status, 200);
      assert.equal(
        JSON.parse(json.body.toString()).data.length,
        limit,
        `JSON sort=${sort} limit=${limit}`,
      );
      assert.ok(
        json.body.length <= limit * 2048 + 4096,
        `JSON sort=${sort} limit=${limit}: ${json.body.length} bytes`,
      );
      withinBudget(`JSON sort=${sort} limit=${limit}`, json);
      const csv = await costOf(
        `/api/v1/observations?sort=${sort}&limit=${limit}`,
        identity('text/csv'),
      );
      assert.equal(csv.status, 200);
      assert.equal(csvRows(csv.body), limit, `CSV sort=${sort} limit=${limit}`);
      assert.ok(
        csv.body.length <= limit * 1024 + 1024,
        `CSV sort=${sort} limit=${limit}: ${csv.body.length} bytes`,
      );
      withinBudget(`CSV sort=${sort} limit=${limit}`, csv);
    }
  }
  for (const coding of ['br', 'gzip']) {
    const csv = await costOf('/api/v1/observations?sort=value&limit=100', {
      accept: 'text/csv',
      'accept-encoding': coding,
    });
    assert.equal(csv.headers['content-encoding'], coding);
    withinBudget(`CSV ${coding}`, csv);
  }
});

test('time slices: a snapshot holds one point per series, an events page at most its limit, within the budget', async () => {
  const stats = JSON.parse(
    (await ask('/api/timemachine/stats', identity('application/json'))).body.toString(),
  ) as { counts: { metrics: number; places: number } };
  for (const accept of ['application/json', 'text/csv']) {
    const snap = await costOf('/api/timemachine/snapshot?include=names', identity(accept));
    assert.equal(snap.status, 200);
    const rows =
      accept === 'text/csv'
        ? csvRows(snap.body)
        : (JSON.parse(snap.body.toString()) as { points: unknown[] }).points.length;
    assert.ok(
      rows >= 1 && rows <= stats.counts.metrics * stats.counts.places,
      `snapshot ${accept}: ${rows} rows`,
    );
    withinBudget(`snapshot ${accept}`, snap);
    const events = await costOf('/api/timemachine/events?limit=100', identity(accept));
    assert.equal(events.status, 200);
    withinBudget(`events ${accept}`, events);
  }
});

test('SDMX data of a whole flow is answered whole, at a cost linear in its observations', async () => {
  const flows = (await ask('/sdmx/2.1/dataflow', identity('application/xml'))).body.toString();
  const flow = [...flows.matchAll(/<str:Dataflow [^>]*id="([^"]+)"/g)]
    .map((m) => m[1]!)
    .find((id) => /^population$/i.test(id));
  assert.ok(flow, 'the population dataflow');
  for (const [accept, observations] of [
    [
      'application/vnd.sdmx.structurespecificdata+xml;version=2.1',
      (body: string) => body.match(/<Obs /g)?.length ?? 0,
    ],
    [
      'application/vnd.sdmx.genericdata+xml;version=2.1',
      (body: string) => body.match(/<gen:Obs>/g)?.length ?? 0,
    ],
    ['application/vnd.sdmx.data+csv;version=1.0.0', (body: string) => csvRows(Buffer.from(body))],
  ] as const) {
    const a = await costOf(`/sdmx/2.1/data/${flow}`, identity(accept));
    assert.equal(a.status, 200, `${accept}: a flow of ${flowPoints} points is answered whole`);
    assert.equal(observations(a.body.toString('utf8')), flowPoints, `${accept}: every observation`);
    // linear in the observations: a fraction of a millisecond each (about 0.05 ms measured), so
    // an answer that re-reads or re-copies what it has made (quadratic) stands out
    assert.ok(
      a.cpuMs <= flowPoints * OBSERVATION_MARGIN_MS,
      `${accept}: ${a.cpuMs.toFixed(1)} ms of server CPU for ${flowPoints} observations (bound ${OBSERVATION_MARGIN_MS} ms each)`,
    );
  }
});

test('search and a page of every other collection stay within their page and the budget', async () => {
  for (const path of [
    '/api/v1/search?q=karaganda&limit=100',
    '/api/v1/places?limit=100',
    '/api/v1/entities?limit=100',
    '/api/v1/relations?limit=100',
  ]) {
    for (const accept of ['application/json', 'text/csv']) {
      const a = await costOf(path, identity(accept));
      assert.equal(a.status, 200, path);
      const rows =
        accept === 'text/csv'
          ? csvRows(a.body)
          : (JSON.parse(a.body.toString()) as { data: unknown[] }).data.length;
      assert.ok(rows <= 100, `${path} ${accept}: ${rows} rows`);
      withinBudget(`${path} ${accept}`, a);
    }
  }
});
