// Test-only fault injection into building and sealing. With DALA_FAULT_KILL_AT=<point>[@<n>] the
// process SIGKILLs itself the n-th time (default: the first) it reaches the named point, so a test can
// stop `dala build` at an exact step (after the staging directory is made, between two data files,
// between two fsyncs, just before or after a rename ...) and check that the releases directory never
// tears (test/publish-kill.test.ts). Unset, as in every real run, a point does nothing but compare a
// string. SIGKILL, not an exception: nothing of the build's own cleanup may run, as after `kill -9`, an
// OOM kill or a power cut.
//
// The points, in the order a build reaches them: staging.swept-one (one leftover removed),
// build.swept, build.staged, build.data-file (after each data/ file), build.store-written,
// build.evidence-written, seal.hashed, seal.manifest-written, seal.variant (after each precompressed
// variant), seal.seal-written, seal.fsync (after each file or directory synced), seal.synced,
// seal.renamed, seal.releases-dir-synced, pointer.written, pointer.synced, pointer.renamed,
// seal.published; and seal.exists / seal.collided when the same content is already sealed.

const VARIABLE = 'DALA_FAULT_KILL_AT';
const spec = process.env[VARIABLE];
const parsed = spec ? /^([a-z][a-z.-]*)(?:@([1-9]\d*))?$/.exec(spec) : null;
// A misspelt setting must not pass silently as a build that was never killed.
if (spec && !parsed)
  throw new Error(`${VARIABLE}=${JSON.stringify(spec)}: expected <point>[@<n>], e.g. seal.fsync@3`);
const target = parsed?.[1] ?? null;
let remaining = Number(parsed?.[2] ?? 1);

export function faultPoint(point: string): void {
  if (point !== target || --remaining > 0) return;
  process.kill(process.pid, 'SIGKILL');
}
