// A release built with a public URL (DALA_PUBLIC_URL) names it as the base of every link of its own,
// and the two builds of the same inputs differ in no other byte: the files that print the URL, and
// the checksums of those files in the lists that hold them. It needs a second whole build of the real
// release (a minute and a half of CPU, kept beside the real release while the inputs are unchanged),
// so it runs in the extra group (`npm run test:extra`, run by CI) with release-rebuild.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { before, describe, test } from 'node:test';
import { readSeal } from '../src/release/verify.js';
import { noPdftotext, pdfToText } from './support/pdftotext.js';
import { CONFIGURED, foreignNamers, manifestOf } from './support/public-url.js';
import { parseTurtle } from './support/rdf.js';
import { releasedTexts } from './support/released-files.js';
import { keptRealRelease, realRelease } from './support/release.js';

/** Each sealed file's sha256 (data files, variants, store, evidence), by its path in the release. */
async function sealedHashes(dir: string): Promise<Map<string, string>> {
  const seal = await readSeal(dir);
  return new Map([...seal.files, ...(seal.variants ?? [])].map((f) => [f.path, f.sha256]));
}

/**
 * `a` and `b` with the checksums (`sha256`, `bytes`) of the listed files that differ between two
 * builds set aside: a checksum list (the PDF manifests, the provenance) differs exactly there.
 */
function withoutChecksumsOf(differing: Set<string>, a: unknown, b: unknown): [unknown, unknown] {
  const strip = (x: unknown, y: unknown): [unknown, unknown] => {
    if (Array.isArray(x) && Array.isArray(y)) {
      const pairs = x.map((v, i) => strip(v, y[i]));
      return [pairs.map(([u]) => u), [...pairs.map(([, v]) => v), ...y.slice(x.length)]];
    }
    if (!x || !y || typeof x !== 'object' || typeof y !== 'object') return [x, y];
    const [ox, oy] = [{ ...(x as Record<string, unknown>) }, { ...(y as Record<string, unknown>) }];
    const path = typeof ox.path === 'string' ? ox.path.replace(/^\//, '') : null;
    if (path && path === String(oy.path).replace(/^\//, '') && differing.has(path)) {
      for (const k of ['sha256', 'bytes']) {
        delete ox[k];
        delete oy[k];
      }
    }
    for (const k of Object.keys(ox)) [ox[k], oy[k]] = strip(ox[k], oy[k]);
    return [ox, oy];
  };
  return strip(a, b);
}

describe('a release built with a public URL names it as the base of every link of its own', () => {
  let dir: string;
  let plainDir: string;
  let differing: Set<string>;
  before(async () => {
    // kept like the real release while the build's inputs are unchanged (test/support/release.ts)
    const built = await keptRealRelease(undefined, { publicUrl: CONFIGURED });
    dir = join(built.releasesDir, built.revision);
    const plain = await realRelease();
    plainDir = join(plain.releasesDir, plain.revision);
    const [ours, theirs] = [await sealedHashes(dir), await sealedHashes(plainDir)];
    assert.deepEqual([...ours.keys()].sort(), [...theirs.keys()].sort(), 'the same files');
    differing = new Set(
      [...ours].filter(([path, sha]) => theirs.get(path) !== sha).map(([p]) => p),
    );
  });

  test('the manifest, the DCAT catalogue, the Data Package, the schemas and the PDF footers are absolute under it, and nothing names dala.kz', async () => {
    const manifest = manifestOf(dir);
    assert.equal(manifest.public_url, CONFIGURED);
    assert.equal(manifest.public_url_note, undefined);
    assert.equal(manifest.permalink, `${CONFIGURED}/r/${manifest.revision}/data/`);
    const ttl = readFileSync(join(dir, 'data/dcat-catalog.ttl'), 'utf8');
    const subjects = parseTurtle(ttl).map((q) => q.subject.value);
    assert.ok(subjects.includes(`${CONFIGURED}/api/v1/catalog`));
    assert.ok(subjects.includes(`${CONFIGURED}/sdmx/2.1/`));
    const pkg = JSON.parse(readFileSync(join(dir, 'data/datapackage.json'), 'utf8')) as {
      homepage: string;
    };
    assert.equal(pkg.homepage, `${CONFIGURED}/`);
    const schema = JSON.parse(
      readFileSync(join(dir, 'data/schemas/release-manifest.schema.json'), 'utf8'),
    ) as { $id: string };
    assert.equal(schema.$id, `${CONFIGURED}/data/schemas/release-manifest.schema.json`);
    if (!noPdftotext) {
      const text = await pdfToText(readFileSync(join(dir, 'data/indicator-passports/grp.pdf')));
      assert.match(
        text,
        new RegExp(`${CONFIGURED}/d/[0-9a-f]{16}/data/indicator-passports/grp\\.pdf`),
      );
      assert.doesNotMatch(text, /without a public URL/);
    }
    // the files that do not differ are the release's without a public URL, read above
    const { naming } = await foreignNamers(dir, (path) => differing.has(path));
    assert.deepEqual(naming, []);
  });

  test('built from the same inputs as the release without one, it differs only in the files that print the URL and in the checksums of those files', async () => {
    assert.ok(differing.size > 100, `${differing.size} files differ`);
    assert.ok(!differing.has('store.sqlite'), 'the store is the same');
    const lists: string[] = [];
    for await (const { path, text } of releasedTexts(dir, (p) => differing.has(p))) {
      if (text.includes(CONFIGURED)) continue;
      // a file that does not print the URL differs only in the checksums of files that do
      const file = relative(dir, path).replace(/\.(gz|br)$/, '');
      const [ours, theirs] = withoutChecksumsOf(
        differing,
        JSON.parse(text),
        JSON.parse(readFileSync(join(plainDir, file), 'utf8')),
      );
      assert.deepEqual(ours, theirs, file);
      lists.push(file);
    }
    // the provenance and the three PDF manifests list checksums of PDFs and of files that print the URL
    assert.ok(lists.includes('data/datasets/provenance.json'), lists.join(', '));
  });
});
