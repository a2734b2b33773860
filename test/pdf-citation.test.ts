// Every one-page PDF of the real release cites itself in its footer: publisher, title, the data
// revision its manifest states, the build date and the permalink /d/{data_revision}/data/{path}.
// A page cannot print the release revision (it hashes the page), so the production server resolves
// that permalink to the newest kept release built from the same data: 302 to /r/{revision}/data/{path},
// whose bytes are the page's own; an unknown data revision is a 404 problem.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { buildApp, type DalaApp } from '../src/serve/app.js';
import { noPdftotext, pdfsToText } from './support/pdftotext.js';
import { realRelease } from './support/release.js';

interface Manifest {
  data_revision: string;
  files: { path: string; subject: string }[];
}

describe(
  'PDF footer citations and their permalinks',
  { skip: noPdftotext && 'pdftotext is not installed (.ci/run installs poppler-utils)' },
  () => {
    let app: DalaApp;
    let base: string;
    let revision: string;
    const manifests: Record<string, Manifest> = {};
    before(async () => {
      const built = await realRelease();
      revision = built.revision;
      for (const kind of ['indicator-passports', 'media-kit', 'region-briefs']) {
        manifests[kind] = JSON.parse(
          readFileSync(join(built.releasesDir, revision, 'data', kind, 'manifest.json'), 'utf8'),
        ) as Manifest;
      }
      app = await buildApp({ releasesDir: built.releasesDir, logger: false });
      base = await app.listen({ port: 0, host: '127.0.0.1' });
    });
    after(() => app.close());
    const bytes = async (url: string) => {
      const res = await fetch(`${base}${url}`);
      assert.equal(res.status, 200, url);
      return Buffer.from(await res.arrayBuffer());
    };

    test('every PDF footer of a release built without a public URL cites its title, data revision, build date and its /d/ path on the server it came from', async () => {
      const seal = JSON.parse(
        readFileSync(join((await realRelease()).releasesDir, revision, 'release.json'), 'utf8'),
      ) as { built_at: string };
      const built = seal.built_at.slice(0, 10);
      const titles: Record<string, RegExp> = {
        'indicator-passports': /Indicator passport: /,
        'media-kit': /Publication card: /,
        'region-briefs': /Region brief: /,
      };
      let count = 0;
      for (const [kind, manifest] of Object.entries(manifests)) {
        assert.match(manifest.data_revision, /^[0-9a-f]{16}$/);
        const pages: Buffer[] = [];
        for (const file of manifest.files) pages.push(await bytes(file.path));
        const read = await pdfsToText(pages);
        for (const [i, file] of manifest.files.entries()) {
          const raw = read[i]!;
          // the citation text may wrap: read the page's words as one run of text
          const text = raw.replace(/\s+/g, ' ');
          // no host is borrowed: the path, and whose host it is on
          const permalink = `/d/${manifest.data_revision}${file.path}`;
          const cite = new RegExp(
            `Cite as: Dala \\(${built.slice(0, 4)}\\)\\. (.+?) \\[PDF\\]\\. Data revision ${manifest.data_revision}, built ${built}\\. Built without a public URL: the path on the server it came from: (\\S+)`,
          ).exec(text);
          assert.ok(cite, `${file.path}: no citation in ${JSON.stringify(text.slice(-600))}`);
          assert.match(cite[1]!, titles[kind]!, file.path);
          assert.equal(cite[2], permalink, file.path);
          // the permalink is one unbroken line a reader can copy
          assert.ok(
            raw
              .split('\n')
              .map((l) => l.trim())
              .includes(permalink),
            `${file.path}: ${permalink} is broken across lines`,
          );
          count++;
        }
      }
      assert.ok(count >= 100, `${count} PDFs`);
    });

    test('the /d/ permalink redirects to the page in the release built from that data revision, byte for byte', async () => {
      const { data_revision: dataRevision, files } = manifests['indicator-passports']!;
      for (const file of [files[0]!, manifests['region-briefs']!.files[0]!]) {
        const path = file.path.replace(/^\/data\//, '');
        const res = await fetch(`${base}/d/${dataRevision}/data/${path}`, { redirect: 'manual' });
        assert.equal(res.status, 302, path);
        assert.equal(res.headers.get('location'), `/r/${revision}/data/${path}`);
        assert.equal(res.headers.get('cache-control'), 'no-cache');
        assert.deepEqual(await bytes(res.headers.get('location')!), await bytes(file.path));
      }
    });

    test('an unknown data revision, a malformed one and a file the release lacks are 404 problems', async () => {
      const { data_revision: dataRevision } = manifests['indicator-passports']!;
      const other = dataRevision.replace(/^./, (c) => (c === '0' ? '1' : '0'));
      const cases: [string, string][] = [
        [`/d/${other}/data/indicator-passports/grp.pdf`, 'unknown_data_revision'],
        ['/d/not-a-revision/data/indicator-passports/grp.pdf', 'not_found'],
        [`/d/${dataRevision}/data/indicator-passports/no-such-indicator.pdf`, 'not_found'],
        [`/d/${dataRevision}/index.html`, 'not_found'],
      ];
      for (const [url, code] of cases) {
        const res = await fetch(`${base}${url}`, { redirect: 'manual' });
        assert.equal(res.status, 404, url);
        assert.match(res.headers.get('content-type') ?? '', /^application\/problem\+json/, url);
        assert.equal(((await res.json()) as { code: string }).code, code, url);
      }
    });
  },
);
