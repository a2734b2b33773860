// Every byte of the real release, read once (each data file, its gzip and br variants decompressed, a
// PDF also as its words, the store and the evidence), against what no released byte may carry: the
// host the project once defaulted to and does not control, a URL on a mirror, an aggregator or an AMP
// copy of a page (src/sources/mirror-hosts.ts), the personal data the snapshot notes point to (the
// names, phones, e-mails and logins read from the snapshots: test/support/personal-data.ts), and a
// reference to a document outside the repository. Reading the release (1.7 billion characters, the
// PDFs through pdftotext) costs far more than the checks, so one pass feeds them all.
import assert from 'node:assert/strict';
import { join, relative } from 'node:path';
import { before, describe, test } from 'node:test';
import { snapshotsDir } from '../src/lib/config.js';
import { mirrorHost } from '../src/sources/mirror-hosts.js';
import { noPdftotext } from './support/pdftotext.js';
import {
  metadataTokens,
  printedTokens,
  sdgPlatformTokens,
  tokenFinder,
} from './support/personal-data.js';
import { FOREIGN } from './support/public-url.js';
import { releasedTexts } from './support/released-files.js';
import { realRelease } from './support/release.js';

const URL_IN_TEXT = /https?:\/\/[^\s"'()<>\]\\,]+/g;
/** A reference to a document that is not in the repository (the interface, the design, a session's notes, an issue). */
const INTERNAL = /\bSPEC\s*\d|\(SPEC\b|DESIGN\.md|snapshots\/README\.md|HELPERS\.md|\bissue \d+/;

describe(
  'every released byte, read once',
  { skip: noPdftotext && 'pdftotext is not installed (.ci/run installs poppler-utils)' },
  () => {
    let files = 0;
    const paths = new Set<string>();
    const found = { foreign: [] as string[], mirrors: [] as string[], personal: [] as string[] };
    const internal: string[] = [];
    before(async () => {
      const { releasesDir, revision } = await realRelease();
      const dir = join(releasesDir, revision);
      const snapshots = snapshotsDir();
      const personal = tokenFinder([
        ...printedTokens(snapshots),
        ...metadataTokens(snapshots),
        ...sdgPlatformTokens(snapshots),
      ]);
      for await (const { path, text } of releasedTexts(dir)) {
        const file = relative(dir, path);
        paths.add(file);
        files++; // a piece of a file longer than a string may be counts as one read
        if (text.includes(FOREIGN)) found.foreign.push(file);
        // the store's text is read as bytes: its pages hold the same URLs as the files
        for (const url of text.match(URL_IN_TEXT) ?? []) {
          const mirror = mirrorHost(url);
          if (mirror) found.mirrors.push(`${file}: ${url} (${mirror})`);
        }
        for (const t of personal(text))
          found.personal.push(`${file} contains "${t.token}" (${t.from})`);
        const hit = INTERNAL.exec(text);
        if (hit)
          internal.push(`${file}: "${text.slice(Math.max(0, hit.index - 60), hit.index + 40)}"`);
      }
    });

    test('every released file is read: the data files and their variants, the PDFs, the store and the evidence', () => {
      assert.ok(paths.size > 500, `${paths.size} files read in ${files} texts`);
      assert.ok(paths.has('store.sqlite'));
      for (const kind of ['.pdf', '.json.gz', '.json.br'])
        assert.ok(
          [...paths].some((p) => p.endsWith(kind)),
          kind,
        );
      assert.ok([...paths].some((p) => p.startsWith('evidence/')));
    });

    test(`no released byte names ${FOREIGN}: every file, the PDFs read as text, the gzip and br variants decompressed`, () => {
      assert.deepEqual(found.foreign, []);
    });

    test('no URL in any released file is on a mirror or aggregator, or is an AMP copy', () => {
      assert.deepEqual([...new Set(found.mirrors)].slice(0, 20), []);
    });

    test('no released byte carries a name, phone, e-mail or login the notes point to', () => {
      assert.deepEqual(found.personal, []);
    });

    test('no released byte refers to internal documents', () => {
      assert.deepEqual(internal, []);
    });
  },
);
