// How many serving processes `dala serve` runs: DALA_WORKERS, else one per core the process may use
// (os.availableParallelism). The same default under tests: a server a test starts runs as `npm start`
// runs it unless the test names another count.
import { availableParallelism } from 'node:os';

export function workerCount(env: NodeJS.ProcessEnv = process.env): number {
  const set = env.DALA_WORKERS?.trim();
  if (set === undefined || set === '') return availableParallelism();
  const n = Number(set);
  if (!Number.isInteger(n) || n < 1 || n > 256)
    throw new Error(
      `DALA_WORKERS=${JSON.stringify(set)} is not a whole number of serving processes from 1 to 256`,
    );
  return n;
}
