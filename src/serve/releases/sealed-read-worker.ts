// A worker thread reading sealed files into memory and hashing each against its seal entry
// (./sealed-read.ts): the serving thread builds the app meanwhile. Each body is its own ArrayBuffer,
// moved (not copied) to the serving thread, which serves exactly these hashed bytes.
import { parentPort, workerData } from 'node:worker_threads';
import { readOneSealed, type SealedRead, type SealedReadResult } from './sealed-read-one.js';

const job = workerData as { dir: string; files: SealedRead[] };
const bodies: ArrayBuffer[] = [];
let result: SealedReadResult = { ok: true, bodies };
for (const file of job.files) {
  const read = readOneSealed(job.dir, file);
  if (typeof read === 'string') {
    result = { ok: false, path: file.path, reason: read };
    break;
  }
  bodies.push(read.buffer as ArrayBuffer);
}
parentPort!.postMessage(result, result.ok ? bodies : []);
