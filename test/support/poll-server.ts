// A stream of requests over the three route families and health, from `clients` concurrent loops,
// until stopped: every answer must be 200, name its release in the revision header, agree with its
// body on that revision, and health must stay ready (a pointer or release it could not use would make
// it degraded).
import { REVISION_HEADER } from '../../src/serve/problems/problem-handler.js';

const PATHS: [path: string, revisionOf: (body: any) => unknown][] = [
  ['/data/release-manifest.json', (b) => b.revision],
  ['/api/timemachine/snapshot?layers=demography&date=2024-12-31', (b) => b.revision],
  ['/api/v1/places/KZ-35', (b) => b.meta?.revision],
  [
    '/api/v1/health',
    (b) =>
      b.data?.status === 'ready'
        ? b.meta?.revision
        : `health ${b.data?.status}: ${b.data?.reasons}`,
  ],
];

export interface PollResult {
  requests: number;
  failures: string[];
  revisions: Set<string>;
}

export function pollServer(
  base: string,
  clients: number,
  pauseMs = 5,
): { stop(): Promise<PollResult> } {
  const result: PollResult = { requests: 0, failures: [], revisions: new Set() };
  let running = true;
  const loop = async (offset: number) => {
    for (let i = offset; running; i++) {
      const [path, revisionOf] = PATHS[i % PATHS.length]!;
      try {
        const r = await fetch(base + path);
        const header = r.headers.get(REVISION_HEADER) ?? '';
        const body = await r.json();
        result.requests++;
        if (r.status !== 200)
          result.failures.push(`${path}: ${r.status} ${JSON.stringify(body).slice(0, 200)}`);
        else if (revisionOf(body) !== header)
          result.failures.push(`${path}: body ${String(revisionOf(body))} under header ${header}`);
        else result.revisions.add(header);
      } catch (err) {
        result.failures.push(`${path}: ${(err as Error).message}`);
      }
      await new Promise((r) => setTimeout(r, pauseMs));
    }
  };
  const loops = Array.from({ length: clients }, (_, i) => loop(i));
  let stopped: Promise<PollResult> | null = null;
  return {
    stop: () =>
      (stopped ??= (async () => {
        running = false;
        await Promise.all(loops);
        return result;
      })()),
  };
}
