// How far the serving process's old generation may grow between full garbage collections: a fixed
// factor of its live size, instead of V8's own choice.
//
// Why: V8 counts the external memory (Buffers) allocated since the last full collection against the
// old generation's limit (Heap::OldGenerationSpaceAvailable), and after an idle spell its memory
// reducer makes the limit grow by at most 1.3x. An answer made from the store allocates several
// hundred kilobytes of short-lived Buffers (a snapshot at 30M points: the block read, inflated and
// compressed, about 0.7 MB), so under that limit a full collection started every few answers.
// Measured over HTTP at 30M points after the scaled bench's series rows (bench/scaled.bench.ts, with
// --trace-gc): 4-7 full collections a second while snapshots were asked for, each a pause of 5-25 ms,
// the tail of the answers' latency; with the factor fixed at 2, about one a second; at 3, none in
// the 400 snapshots of the bench. The live heap of a serving process is tens of
// megabytes (real release and 30M points alike), so the extra room costs little memory.
// `--heap-growing-percent` is read each time V8 sets the limit (MemoryController::GrowingFactor),
// so setting it at run time takes effect from the next collection
// (https://nodejs.org/api/v8.html#v8setflagsfromstringflags).
import { setFlagsFromString } from 'node:v8';

/** The old generation's limit after a full collection: this many percent above its live size. */
export const HEAP_GROWING_PERCENT = 200;

export function fixServingHeapGrowth(percent = HEAP_GROWING_PERCENT): void {
  setFlagsFromString(`--heap-growing-percent=${percent}`);
}
