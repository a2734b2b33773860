// A release never points readers at a site that is not this project's. Built without a public URL
// (DALA_PUBLIC_URL), no released byte names a host of its own choosing (every file, the PDFs' text
// and the precompressed variants read), the manifest says it was built without one, and every link
// of its own it prints (a citation, a DCAT IRI, a schema's $id, an MCP permalink, a problem's type)
// is a path that answers on the app serving it. Built with one, those links are absolute under it,
// and the two builds of the same inputs differ in no other byte (a witness, in every run, that the
// build is deterministic; release-rebuild builds the same release twice).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { readSeal } from '../src/release/verify.js';
import { buildApp, type DalaApp } from '../src/serve/app.js';
import { callTool, httpClient } from './support/mcp-client.js';
import { noPdftotext, pdfToText } from './support/pdftotext.js';
import { parseTurtle } from './support/rdf.js';
import { releasedTexts } from './support/released-files.js';
import { keptRealRelease, realRelease } from './support/release.js';

/** The host the project once defaulted to, which it does not control. */
const FOREIGN = 'dala.kz';
const CONFIGURED = 'https://data.example.kz';

async function foreignNamers(
  releaseDir: string,
  only?: (path: string) => boolean,
): Promise<{ files: number; naming: string[] }> {
  let files = 0;
  const naming: string[] = [];
  for await (const { path, text } of releasedTexts(releaseDir, only)) {
    files++;
    if (text.includes(FOREIGN)) naming.push(path);
  }
  return { files, naming };
}

const manifestOf = (releaseDir: string) =>
  JSON.parse(readFileSync(join(releaseDir, 'data/release-manifest.json'), 'utf8')) as {
    public_url: string | null;
    public_url_note?: string;
    permalink: string;
    revision: string;
  };

describe(
  'a release built without a public URL names no host and links only to paths that answer',
  { skip: noPdftotext && 'pdftotext is not installed (.ci/run installs poppler-utils)' },
  () => {
    let app: DalaApp;
    let base: string;
    let dir: string;
    let revision: string;
    before(async () => {
      const built = await realRelease();
      revision = built.revision;
      dir = join(built.releasesDir, revision);
      app = await buildApp({
        releasesDir: built.releasesDir,
        logger: false,
        v1: { rateLimit: { burst: 10_000, refillPerSecond: 1000 } },
      });
      base = await app.listen({ port: 0, host: '127.0.0.1' });
    });
    after(() => app?.close());

    test('no released byte names dala.kz: every file, the PDFs read as text, the gzip and br variants decompressed', async () => {
      const { files, naming } = await foreignNamers(dir);
      assert.ok(files > 500, `${files} files read`);
      assert.deepEqual(naming, []);
    });

    test('the manifest says the release has no public URL and gives its permalink as a path that answers', async () => {
      const manifest = manifestOf(dir);
      assert.equal(manifest.public_url, null);
      assert.match(manifest.public_url_note ?? '', /without a public URL/);
      assert.equal(manifest.permalink, `/r/${revision}/data/`);
      const res = await fetch(new URL(`${manifest.permalink}release-manifest.json`, base));
      assert.equal(res.status, 200);
    });

    test("every dataset's citation is a path on this server that answers the sealed file, and says whose host it is on", async () => {
      const catalog = JSON.parse(readFileSync(join(dir, 'data/datasets/index.json'), 'utf8')) as {
        datasets: { id: string }[];
      };
      for (const { id } of catalog.datasets) {
        const res = await fetch(`${base}/api/v1/datasets/${id}`);
        assert.equal(res.status, 200, id);
        const { citation } = ((await res.json()) as { data: { citation: any } }).data;
        assert.match(citation.permalink, new RegExp(`^/r/${revision}/data/`), id);
        assert.match(citation.text, /built without a public URL/, id);
        assert.equal(citation.csl.URL, citation.permalink, id);
        const file = await fetch(new URL(citation.permalink, base), { method: 'HEAD' });
        assert.equal(file.status, 200, `${id}: ${citation.permalink}`);
      }
    });

    test("every IRI of the DCAT catalogue on this server's host, read against the catalogue's URL, answers (the SDMX endpoint among them)", async () => {
      const ttl = readFileSync(join(dir, 'data/dcat-catalog.ttl'), 'utf8');
      assert.doesNotMatch(ttl, /@base|https?:\/\/relative\.invalid/);
      const ours = new Set<string>();
      for (const q of parseTurtle(ttl, `${base}/data/dcat-catalog.ttl`))
        for (const t of [q.subject, q.object])
          if (t.termType === 'NamedNode' && t.value.startsWith(`${base}/`))
            ours.add(t.value.replace(/#.*$/, ''));
      assert.ok(ours.has(`${base}/sdmx/2.1/`), 'the SDMX endpoint is named');
      assert.ok(ours.size > 100, `${ours.size} resources`);
      for (const url of ours) {
        const res = await fetch(url, { method: 'HEAD' });
        assert.equal(res.status, 200, url);
      }
    });

    test("every sealed schema's $id is the root-relative path it is served at", async () => {
      const schemas = readdirSync(join(dir, 'data/schemas')).filter((f) => f.endsWith('.json'));
      assert.ok(schemas.length > 20);
      for (const f of schemas) {
        const { $id } = JSON.parse(readFileSync(join(dir, 'data/schemas', f), 'utf8')) as {
          $id: string;
        };
        assert.equal($id, `/data/schemas/${f}`);
        assert.equal((await fetch(new URL($id, base), { method: 'HEAD' })).status, 200, $id);
      }
    });

    test('an MCP answer cites each value by a permalink that answers on this server', async () => {
      const client = await httpClient(base);
      try {
        const answer = await callTool(client, 'get_observations', {
          indicator: 'population',
          limit: 5,
        });
        assert.equal(answer.isError, false, answer.text);
        assert.ok(answer.structured.values.length > 0);
        for (const v of answer.structured.values) {
          assert.match(v.permalink, new RegExp(`^/r/${revision}/data/`));
          const res = await fetch(new URL(v.permalink, base), { method: 'HEAD' });
          assert.equal(res.status, 200, v.permalink);
        }
      } finally {
        await client.close();
      }
    });

    test('a problem names its type by a path on this server that answers', async () => {
      const res = await fetch(`${base}/api/v1/indicators/indicator:no-such-indicator`);
      const problem = (await res.json()) as { type: string };
      assert.match(problem.type, /^\/problems\//);
      assert.equal((await fetch(new URL(problem.type, base))).status, 200);
    });
  },
);

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
