// Starting a worker thread of this folder, from dist/ as compiled JavaScript or from src/ under tsx
// (tests, DALA_FROM_SOURCE=1): a thread does not inherit the loader hooks tsx registered here, so a
// TypeScript worker registers them first.
import { Worker } from 'node:worker_threads';

const FROM_SOURCE = import.meta.url.endsWith('.ts');

/** Starts `./<name>.js` (or `.ts` from source) beside this module with `data` as its workerData. */
export function startWorker(name: string, data: unknown): Worker {
  const url = new URL(`./${name}${FROM_SOURCE ? '.ts' : '.js'}`, import.meta.url);
  if (!FROM_SOURCE) return new Worker(url, { workerData: data });
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  return new Worker(`import(${tsx}).then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); })`, { eval: true, workerData: data });
}
