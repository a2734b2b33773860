// The real release for a test run: the kept one of the current inputs, verified, or built once
// (test/support/release.ts). Prints `<releasesDir>\n<revision>` JSON-encoded as its last line, which
// test/run.ts hands to every file that reads the release.
import { keptRealRelease } from '../support/release.js';

const { releasesDir, revision } = await keptRealRelease((line) =>
  process.stderr.write(`${line}\n`),
);
process.stdout.write(`${JSON.stringify(`${releasesDir}\n${revision}`)}\n`);
