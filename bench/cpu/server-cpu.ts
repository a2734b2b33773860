// Server CPU per request on the real release, for every route family (./route-families.ts). The
// production app (buildApp; the rate limit lifted, since the bench asks more than a burst, and the
// answer cache kept empty, so that asking a URL again costs what its first asking did) listens on a
// port; test/support/request-cpu.ts takes the server's CPU from a request's arrival to its answer
// handed whole to the socket, so the figure holds the server's routing,
// validation, store reads, serialisation and compression, not the client's. The client (node:http,
// one keep-alive connection, one request at a time, bodies counted, never decoded) shares the
// process but idles while the server works, since requests go one at a time. process.cpuUsage counts
// every thread of the process (GC helpers, the thread pool), so each URL is asked REPEAT times and its
// median kept: one collection or a neighbour's burst on a shared machine does not pass for its cost.
import { request as httpRequest, Agent } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildApp } from '../../src/serve/app.js';
import { atMost, emit, percentile } from '../row.js';
import { measureRequestCpu } from '../../test/support/request-cpu.js';
import { probesOf, type Ask, type ReleaseFacts } from './route-families.js';

const REPEAT = Number(process.env.BENCH_CPU_REPEAT ?? 3);
const PER_ITEM = 5; // observations and entities asked for by id

interface Measured {
  ms: number;
  status: number;
  bytes: number;
  path: string;
}

export async function measureRouteFamilies(releasesDir: string, capMs: number): Promise<void> {
  const app = await buildApp({
    releasesDir,
    logger: false,
    answerCache: { maxBytes: 0 },
    v1: { rateLimit: { burst: 1e9, refillPerSecond: 1e9 } },
  });
  const cpu = measureRequestCpu(app.server);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const ask = (a: Ask): Promise<Measured> =>
    new Promise((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, method: a.method, path: a.path, headers: a.headers, agent },
        (res) => {
          let bytes = 0;
          res.on('data', (c: Buffer) => (bytes += c.length));
          res.on('end', async () => {
            const ms = await cpu.last();
            resolve({ ms, status: res.statusCode ?? 0, bytes, path: a.path });
          });
        },
      );
      req.on('error', reject);
      req.end(a.body);
    });
  // the facts are read with plain requests whose bodies are kept
  const body = async (path: string, accept = 'application/json') =>
    Buffer.from(
      await (await fetch(`http://127.0.0.1:${port}${path}`, { headers: { accept } })).arrayBuffer(),
    );
  try {
    // the store is verified (hashed) at start-up: measure nothing before it answers
    while ((await fetch(`http://127.0.0.1:${port}/api/v1/observations?limit=1`)).status !== 200)
      await new Promise((r) => setTimeout(r, 200));
    const stats = JSON.parse((await body('/api/timemachine/stats')).toString()) as {
      revision: string;
      by_metric: { metric: string; points: number }[];
    };
    const flowsXml = (await body('/sdmx/2.1/dataflow', 'application/xml')).toString();
    // the first pages of the diff against the predecessor, each URL with the cursor of the page before
    const diffPages = ['/api/timemachine/snapshot-diff'];
    while (diffPages.length < 12) {
      const next = (
        JSON.parse((await body(diffPages.at(-1)!)).toString()) as { next_after: string | null }
      ).next_after;
      if (next === null) break;
      diffPages.push(`/api/timemachine/snapshot-diff?after=${next}`);
    }
    const ids = async (path: string) =>
      (JSON.parse((await body(path)).toString()) as { data: { id: string }[] }).data.map(
        (x) => x.id,
      );
    const items = {
      places: await ids('/api/v1/places?type=region&limit=100'), // the country and its regions
      indicators: await ids('/api/v1/indicators?limit=100'),
      observations: await ids(`/api/v1/observations?limit=${PER_ITEM}`),
      entities: await ids(`/api/v1/entities?limit=${PER_ITEM}`),
    };
    const facts: ReleaseFacts = {
      revision: stats.revision,
      metrics: stats.by_metric.sort((a, b) => b.points - a.points).map((m) => m.metric),
      flows: [...flowsXml.matchAll(/<str:Dataflow [^>]*id="([^"]+)"/g)].map((m) => m[1]!),
      diffPages,
      items,
      dates: [
        '2024-01-01',
        '2022-07-01',
        '2020-01-01',
        '2016-01-01',
        '2010-01-01',
        '2026-09-01',
        '2005-01-01',
      ],
      dataDir: join(
        releasesDir,
        (await readFile(join(releasesDir, 'CURRENT'), 'utf8')).trim(),
        'data',
      ),
    };
    // warm-up: module code compiled, schemas compiled, store pages read, on URLs the probes never ask
    for (const u of [
      '/api/v1/observations?limit=3',
      '/api/v1/observations?limit=3&format=csv',
      '/api/v1/places?limit=3',
      '/api/timemachine/snapshot',
      '/api/v1/search?q=almaty',
    ])
      await ask({ method: 'GET', path: u, headers: {} });
    const load = async () =>
      (await readFile('/proc/loadavg', 'utf8').catch(() => '?')).split(' ').slice(0, 3).join(' ');
    console.log(
      `release ${facts.revision}; ${facts.metrics.length} metrics, ${facts.flows.length} dataflows; load average ${await load()}`,
    );
    console.log(
      '| route | representation | costliest URL shape | URLs | median ms | max ms | statuses | largest body (bytes sent) |',
    );
    console.log('|---|---|---|---|---|---|---|---|');
    const only = new RegExp(process.env.BENCH_CPU_ONLY ?? ''); // a family to measure alone
    for (const probe of (await probesOf(facts)).filter((p) => only.test(p.family))) {
      const runs: Measured[] = [];
      for (const a of probe.asks) {
        const again: Measured[] = [];
        for (let k = 0; k < REPEAT; k++) again.push(await ask(a));
        runs.push(again.sort((x, y) => x.ms - y.ms)[again.length >> 1]!);
      }
      const ms = runs.map((r) => r.ms);
      if (process.env.BENCH_CPU_EACH)
        for (const r of runs)
          console.log(`  ${r.ms.toFixed(1)} ms ${r.status} ${r.bytes} B ${r.path}`);
      const worst = runs.reduce((a, b) => (b.ms > a.ms ? b : a));
      const statuses = [...new Set(runs.map((r) => r.status))].join('/');
      console.log(
        `| ${probe.family} | ${probe.representation} | \`${probe.shape}\` | ${runs.length} | ${percentile(ms, 50).toFixed(1)} | ${worst.ms.toFixed(1)} | ${statuses} | ${Math.max(...runs.map((r) => r.bytes)).toLocaleString('en')} |`,
      );
      emit(
        atMost(
          'cpu-cap',
          `${probe.family}, ${probe.representation}: server CPU per request <= ${capMs} ms (max of ${runs.length} distinct URLs, median of ${REPEAT} each)`,
          +worst.ms.toFixed(1),
          capMs,
          'ms',
          `${worst.path} answered ${worst.status}; median ${percentile(ms, 50).toFixed(1)} ms`,
        ),
      );
    }
    console.log(`load average at the end ${await load()}`);
  } finally {
    agent.destroy();
    await app.close();
  }
}
