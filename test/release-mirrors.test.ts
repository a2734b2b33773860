// No released file sends a reader to a copy of another publisher's page: every file of the real
// release is read (the PDFs as text, the gzip and br variants decompressed) and no URL in it is on a
// listed mirror or aggregator (src/sources/mirror-hosts.ts) or is an AMP copy of a page. A row whose
// only support is a report of a decree that was not itself read is unreviewed, so nothing reviewed
// rests on one.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { mirrorHost } from '../src/sources/mirror-hosts.js';
import { noPdftotext } from './support/pdftotext.js';
import { releasedTexts } from './support/released-files.js';
import { realRelease } from './support/release.js';

describe(
  'the real release cites no mirror, aggregator or AMP copy',
  { skip: noPdftotext && 'pdftotext is not installed (.ci/run installs poppler-utils)' },
  () => {
    let dir: string;
    before(async () => {
      const { releasesDir, revision } = await realRelease();
      dir = join(releasesDir, revision);
    });

    test('no URL in any released file is on a mirror or aggregator, or is an AMP copy', async () => {
      let files = 0;
      const found: string[] = [];
      for await (const { path: f, text } of releasedTexts(dir)) {
        files++;
        // the store's text is read as bytes: its pages hold the same URLs as the files
        for (const url of text.match(/https?:\/\/[^\s"'()<>\]\\,]+/g) ?? []) {
          const mirror = mirrorHost(url);
          if (mirror) found.push(`${f.slice(dir.length + 1)}: ${url} (${mirror})`);
        }
      }
      assert.ok(files > 500, `${files} files read`);
      assert.deepEqual([...new Set(found)].slice(0, 20), []);
    });
  },
);
