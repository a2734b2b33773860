// How many serving processes `dala serve` runs: DALA_WORKERS, else one per core the process may use
// (os.availableParallelism). Under the Node test runner (it sets NODE_TEST_CONTEXT for test files,
// and the servers they spawn inherit it) the default is 1, so a test runs several workers only when
// it says so.
import { availableParallelism } from 'node:os';

export function workerCount(env: NodeJS.ProcessEnv = process.env): number {
  const set = env.DALA_WORKERS?.trim();
  if (set === undefined || set === '') return env.NODE_TEST_CONTEXT ? 1 : availableParallelism();
  const n = Number(set);
  if (!Number.isInteger(n) || n < 1 || n > 256)
    throw new Error(
      `DALA_WORKERS=${JSON.stringify(set)} is not a whole number of serving processes from 1 to 256`,
    );
  return n;
}
