// The thread that writes the store's entity part (./part.ts), started by ./part-thread.ts:
// rows arrive in batches on a port, in the order the build gives them; the end of the rows finishes the
// part. The outcome is said through a shared word the build waits on (it waits synchronously: the
// store writer is synchronous), with the error's message on the port.
import { workerData, type MessagePort } from 'node:worker_threads';
import { EntityPartWriter } from './part.js';
import { PART_DONE, PART_FAILED, type PartMessage, type PartStart } from './part-thread.js';

const { path, notes, state, port } = workerData as PartStart & { port: MessagePort };
const flag = new Int32Array(state);

let writer: EntityPartWriter | null = null;
const settle = (outcome: number) => {
  Atomics.store(flag, 0, outcome);
  Atomics.notify(flag, 0);
};
const fail = (error: unknown) => {
  writer?.abandon();
  port.postMessage({ message: error instanceof Error ? error.message : String(error) });
  settle(PART_FAILED);
};

try {
  writer = new EntityPartWriter(path, notes);
  port.on('message', (m: PartMessage) => {
    try {
      if (m.end) {
        writer!.finish();
        settle(PART_DONE);
      } else writer!.add(m.table, m.rows);
    } catch (error) {
      fail(error);
    }
  });
} catch (error) {
  fail(error);
}
