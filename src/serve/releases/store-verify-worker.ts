// The worker thread that hashes a sealed store (src/serve/releases/store-verify.ts), and copies it to its
// private file in the same pass when it is served from a copy (./store-hash.ts): the serving thread
// never hashes gigabytes.
import { parentPort, workerData } from 'node:worker_threads';
import { copyAndHash, type StoreCopyJob, type StoreCopyResult } from './store-hash.js';

try {
  parentPort!.postMessage(copyAndHash(workerData as StoreCopyJob));
} catch (err) {
  parentPort!.postMessage({ ok: false, reason: (err as Error).message } satisfies StoreCopyResult);
}
