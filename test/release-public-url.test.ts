// A release never points readers at a site that is not this project's. Built without a public URL
// (DALA_PUBLIC_URL), no released byte names a host of its own choosing (release-bytes reads every
// one), the manifest says it was built without one, and every link of its own it prints (a
// citation, a DCAT IRI, a schema's $id, an MCP permalink, a problem's type) is a path that answers
// on the app serving it. The release built with one is tested in
// release-public-url-built (a second whole build: the extra group).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { buildApp, type DalaApp } from '../src/serve/app.js';
import { callTool, httpClient } from './support/mcp-client.js';
import { noPdftotext } from './support/pdftotext.js';
import { manifestOf } from './support/public-url.js';
import { parseTurtle } from './support/rdf.js';
import { realRelease } from './support/release.js';

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
