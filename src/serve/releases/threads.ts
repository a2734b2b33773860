// Starting a worker thread of this folder, from dist/ as compiled JavaScript or from src/ under tsx
// (tests, DALA_FROM_SOURCE=1): a thread does not inherit the loader hooks tsx registered here, so a
// TypeScript worker registers them first.
//
// A thread doing work behind the answers (hashing a store that already answers) runs at the lowest
// priority (nice 19) before it loads its module: it then takes a core only
// while the serving threads leave it idle, so it delays no answer. On Linux the nice value set with
// setpriority(PRIO_PROCESS, 0) is the calling thread's alone (setpriority(2), "BUGS": NPTL threads);
// where it is per process or refused, the thread runs at the process's priority.
import { Worker } from 'node:worker_threads';

const FROM_SOURCE = import.meta.url.endsWith('.ts');
const BACKGROUND_NICE = 19;

/** Starts `./<name>.js` (or `.ts` from source) beside this module with `data` as its workerData. */
export function startWorker(name: string, data: unknown, opts: { background?: boolean } = {}): Worker {
  const url = new URL(`./${name}${FROM_SOURCE ? '.ts' : '.js'}`, import.meta.url);
  if (!FROM_SOURCE && !opts.background) return new Worker(url, { workerData: data });
  const steps: string[] = [];
  if (opts.background && process.platform === 'linux')
    steps.push(`import('node:os').then((os) => { try { os.setPriority(${BACKGROUND_NICE}); } catch {} })`);
  if (FROM_SOURCE) steps.push(`import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => tsx.register())`);
  const load = `import(${JSON.stringify(url.href)})`;
  return new Worker(`Promise.all([${steps.join(', ')}]).then(() => ${load})`, { eval: true, workerData: data });
}
