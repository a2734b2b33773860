// Renders the build's one-page PDFs on worker threads, one per core, while the build's thread goes on
// with the other artifacts: rendering (layout, font subsetting, deflate) is most of the CPU time of
// publishing, and each page depends only on its input (./document.ts: no state shared between
// documents decides a byte), so which thread renders a page, and when, changes no byte.
//
// Hand-rolled rather than a pool library: the jobs are a few hundred coarse ones, and run from source
// each thread must register tsx before it imports the renderers (the libraries take an entry file,
// which would then be a second, JavaScript-only entry to keep beside this one).
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { IndicatorPassportInput, ObservationCardInput, RegionBriefInput } from './inputs.js';

export type RenderJob =
  | { kind: 'indicator-passport'; input: IndicatorPassportInput }
  | { kind: 'observation-card'; input: ObservationCardInput }
  | { kind: 'region-brief'; input: RegionBriefInput };

export type RenderOutcome =
  { id: number; bytes: Uint8Array; error?: never } | { id: number; error: string; bytes?: never };

// Running from source (tsx), a worker thread must register tsx itself: tsx's loader hooks apply to
// the main thread only on Node 20 (as in src/publish/store/part-thread.ts). Compiled, the entry is JavaScript.
function workerSource(): string {
  const fromSource = import.meta.url.endsWith('.ts');
  const entry = JSON.stringify(
    new URL(`./render-worker.${fromSource ? 'ts' : 'js'}`, import.meta.url).href,
  );
  const register = fromSource
    ? `(await import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})).register();`
    : '';
  return `(async () => { ${register} await import(${entry}); })().catch((error) => { setImmediate(() => { throw error; }); });`;
}

interface Pending {
  job: RenderJob;
  where: string;
  resolve: (bytes: Buffer) => void;
  reject: (error: Error) => void;
}

export class PdfRenderPool {
  private readonly idle: Worker[] = [];
  private readonly workers: Worker[] = [];
  private readonly queue: { id: number; pending: Pending }[] = [];
  private readonly running = new Map<number, { worker: Worker; pending: Pending }>();
  private next = 0;
  private failure: Error | null = null;

  constructor(private readonly size = Math.max(1, availableParallelism())) {}

  /** The page's bytes; `where` names it in an error (its data/ path). */
  render(job: RenderJob, where: string): Promise<Buffer> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<Buffer>((resolve, reject) => {
      this.queue.push({ id: this.next++, pending: { job, where, resolve, reject } });
      this.dispatch();
    });
  }

  /** Stops every thread (once every page asked for is rendered, or to abandon them on a failure). */
  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const worker =
        this.idle.pop() ?? (this.workers.length < this.size ? this.spawn() : undefined);
      if (!worker) return;
      const { id, pending } = this.queue.shift()!;
      this.running.set(id, { worker, pending });
      worker.postMessage({ id, job: pending.job });
    }
  }

  private spawn(): Worker {
    const worker = new Worker(workerSource(), { eval: true });
    this.workers.push(worker);
    worker.on('message', (outcome: RenderOutcome) => {
      const run = this.running.get(outcome.id)!;
      this.running.delete(outcome.id);
      if (outcome.error !== undefined)
        run.pending.reject(new Error(`data/${run.pending.where}: ${outcome.error}`));
      else
        run.pending.resolve(
          Buffer.from(outcome.bytes.buffer, outcome.bytes.byteOffset, outcome.bytes.byteLength),
        );
      this.idle.push(worker);
      this.dispatch();
    });
    // A thread that dies (it could not load its renderers) fails every page still asked for.
    worker.on('error', (error) => {
      this.failure = new Error(`PDF render thread: ${error.message}`);
      for (const [id, run] of this.running) {
        this.running.delete(id);
        run.pending.reject(new Error(`data/${run.pending.where}: ${this.failure.message}`));
      }
      for (const { pending } of this.queue.splice(0))
        pending.reject(new Error(`data/${pending.where}: ${this.failure.message}`));
    });
    return worker;
  }
}
