// How a test runs the `dala` command (bin/dala.js) as a child process: from the compiled JavaScript in
// dist/, as `npm start` runs it, when `npm test` has just compiled dist/ from the sources under test
// (test/runner/compile.ts, which sets DALA_TEST_COMPILED for the files it runs); otherwise from the
// TypeScript sources through tsx, so a file run alone never tests a stale dist/. A compiled serving
// process starts on about 60 % of the CPU (no compiler hooks in the primary or any worker).
export const COMPILED_HANDED = 'DALA_TEST_COMPILED';

/** The environment that picks what bin/dala.js runs. */
export function dalaCommandEnv(): { DALA_FROM_SOURCE: '0' | '1' } {
  return { DALA_FROM_SOURCE: process.env[COMPILED_HANDED] === '1' ? '0' : '1' };
}
