// `dala serve` with 2 workers starts them one after another: the second is forked once the first
// answers every route, and a worker forked while another serves listens only once it answers every
// route itself, so a request is answered by a ready worker and never waits for a worker's start-up
// (importing and building the app takes seconds from the sources).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { makeV1Release } from './support/v1-fixture.js';
import { startServe } from './support/serve-child.js';

type Line = Record<string, unknown> & { pid: number; time: number; msg: string };
type Phases = Record<string, number>;

/** One store-backed GET on a connection of its own: its status and how long it took. */
function fresh(url: string, client: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const headers = { connection: 'close', 'x-forwarded-for': client }; // a budget of its own (no 429)
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: false, headers }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const ANSWERS = 'dala serve: store open, every route answers';
const lines = (log: Record<string, unknown>[], pid: number) =>
  (log as Line[]).filter((l) => l.pid === pid);
/** The line of `pid` starting with `msg`, waited for (a worker reports to the primary before it logs). */
async function lineOf(log: Record<string, unknown>[], pid: number, msg: string): Promise<Line> {
  for (const until = Date.now() + 10_000; Date.now() < until;) {
    const line = lines(log, pid).find((l) => l.msg.startsWith(msg));
    if (line) return line;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`worker ${pid} logged no "${msg}" line`);
}
const phasesOf = async (log: Record<string, unknown>[], pid: number) =>
  (await lineOf(log, pid, ANSWERS)).startup_ms as Phases;

test('with 2 workers, the second is forked once the first answers, and a worker started while another serves listens only once it answers: no request waits for a start-up', async () => {
  const s = await startServe((await makeV1Release()).releasesDir, {
    DALA_WORKERS: '2',
    DALA_TRUSTED_PROXIES: '127.0.0.1',
  });
  try {
    const primary = s.child.pid!;
    const firstLine = (pid: number) => lines(s.log, pid)[0]!;
    const workers = [...new Set((s.log as Line[]).map((l) => l.pid))].filter((p) => p !== primary);
    assert.equal(workers.length, 2, `two worker pids in the log: ${workers.join(', ')}`);
    const [one, two] = workers.sort((a, b) => firstLine(a).time - firstLine(b).time) as [
      number,
      number,
    ];
    const oneAnswers = await lineOf(s.log, one, ANSWERS);
    assert.ok(
      firstLine(two).time >= oneAnswers.time,
      `the second worker started (${firstLine(two).time}) once the first answered every route (${oneAnswers.time})`,
    );
    // its start-up phases, in ms since it started: it listened once its app was built and its store open
    const p = await phasesOf(s.log, two);
    assert.ok(
      p.listening! >= p['app-built']! && p.listening! >= p['store-open']!,
      JSON.stringify(p),
    );

    // The second worker killed: while it is restarted, requests on new connections (each may be
    // accepted by either worker) are answered by the first at once, none held by the starting one.
    const before = s.log.length;
    process.kill(two, 'SIGKILL');
    const answers: { status: number; ms: number }[] = [];
    let restarted: number | undefined;
    const until = Date.now() + 60_000;
    while (Date.now() < until) {
      answers.push(
        await fresh(`${s.url}/api/v1/places?limit=1`, `10.0.0.${answers.length % 250}`).catch(
          () => ({ status: 0, ms: 0 }),
        ),
      );
      const ready = (s.log.slice(before) as Line[]).find(
        (l) => l.pid !== one && l.pid !== primary && l.msg.startsWith(ANSWERS),
      );
      if (ready && (restarted = ready.pid) && answers.length >= 20) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    assert.ok(restarted, 'the killed worker was restarted and answers every route');
    const q = await phasesOf(s.log, restarted);
    assert.ok(
      q.listening! >= q['app-built']! && q.listening! >= q['store-open']!,
      JSON.stringify(q),
    );
    // A connection reset by the kill itself is the one exception: the kernel resets those the killed worker had accepted.
    const answered = answers.filter((a) => a.status !== 0);
    assert.ok(
      answered.length >= answers.length - 1,
      `${answers.length - answered.length} requests failed`,
    );
    assert.deepEqual(new Set(answered.map((a) => a.status)), new Set([200]));
    const slowest = Math.max(...answered.map((a) => a.ms));
    const start = q['app-built']! - q.modules!; // the restarted worker's own app build, in ms
    assert.ok(
      slowest < Math.max(1_000, start / 2),
      `slowest of ${answered.length} answers took ${Math.round(slowest)} ms, while the restarted worker built its app in ${start} ms`,
    );
  } finally {
    await s.stop();
  }
});
