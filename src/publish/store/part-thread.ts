// Writes the store's entity part (./part.ts) on a worker thread, so the machine's second core
// builds the search index while the build's thread writes the points. The build's thread only passes
// rows on, in batches, in the order it reads them; the part's file is the same bytes wherever it is
// written (one connection, rows in the given order), so the thread's timing changes no byte.
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { NameNote } from './search.js';
import type { Row } from '../../store/tables.js';
import { EntityPartWriter, type PartTable } from './part.js';

export const PART_DONE = 1;
export const PART_FAILED = 2;

export type PartMessage = { end?: false; table: PartTable; rows: Row<PartTable>[] } | { end: true };
export interface PartStart {
  path: string;
  notes: readonly NameNote[];
  state: SharedArrayBuffer;
}

/** Rows per message: a message costs a round of the worker's event loop. */
const BATCH = 1000;

export interface EntityPartThread {
  add<T extends PartTable>(table: T, row: Row<T>): void;
  /** No more rows: the thread finishes the part (writes the search index). */
  end(): void;
  /** Blocks until the part is written; throws the part's error (a bad row: table, row and field). */
  wait(): void;
  /** Stops the thread (after wait(), or to abandon the part when the build fails). */
  close(): void;
}

// Running from source (tsx), the worker thread must register tsx itself: tsx's loader hooks
// apply to the main thread only on Node 20. Compiled (dist/), the worker's entry is plain JavaScript.
function workerSource(): string {
  const fromSource = import.meta.url.endsWith('.ts');
  const entry = JSON.stringify(
    new URL(`./part-worker.${fromSource ? 'ts' : 'js'}`, import.meta.url).href,
  );
  const register = fromSource
    ? `(await import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})).register();`
    : '';
  // A failure to load the entry is said the way the entry says its own, or the build would wait forever.
  return `const { workerData } = require('node:worker_threads');
(async () => { ${register} await import(${entry}); })().catch((error) => {
  workerData.port.postMessage({ message: 'store entity part: ' + (error && error.stack || error) });
  const flag = new Int32Array(workerData.state);
  Atomics.store(flag, 0, ${PART_FAILED});
  Atomics.notify(flag, 0);
});`;
}

/**
 * The entity part written on the caller's thread, row by row, as the thread would write it (the
 * same bytes). For a writer of many small stores (the readers' property tests write hundreds):
 * starting a thread costs more than a small part, most of a second from source.
 */
export function entityPartHere(path: string, notes: readonly NameNote[]): EntityPartThread {
  const writer = new EntityPartWriter(path, notes);
  const guarded =
    <A extends unknown[]>(f: (...args: A) => void) =>
    (...args: A) => {
      try {
        f(...args);
      } catch (error) {
        writer.abandon();
        throw error;
      }
    };
  return {
    add: guarded((table, row) => writer.add(table, [row])),
    end: guarded(() => writer.finish()),
    wait: () => {},
    close: () => writer.abandon(),
  };
}

export function startEntityPart(path: string, notes: readonly NameNote[]): EntityPartThread {
  const state = new SharedArrayBuffer(4);
  const flag = new Int32Array(state);
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(workerSource(), {
    eval: true,
    workerData: { path, notes, state, port: port2 },
    transferList: [port2],
  });
  worker.unref();
  let table: PartTable | null = null;
  let rows: Row<PartTable>[] = [];
  const send = () => {
    if (table !== null && rows.length > 0) port1.postMessage({ table, rows } satisfies PartMessage);
    rows = [];
  };
  return {
    add(t, row) {
      if (t !== table) {
        send();
        table = t;
      }
      rows.push(row);
      if (rows.length === BATCH) send();
    },
    end() {
      send();
      port1.postMessage({ end: true } satisfies PartMessage);
    },
    wait() {
      while (Atomics.load(flag, 0) === 0) Atomics.wait(flag, 0, 0);
      if (Atomics.load(flag, 0) === PART_FAILED) {
        const said = receiveMessageOnPort(port1)?.message as { message?: string } | undefined;
        throw new Error(said?.message ?? 'store entity part: the thread failed without a message');
      }
    },
    close() {
      port1.close();
      void worker.terminate();
    },
  };
}
